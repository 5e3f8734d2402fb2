import { Type, type Static } from '@sinclair/typebox';
import { Cursor, PageLimit } from '../contract/primitives.js';
import { EnvironmentSchema, SlugParams } from '../management/schemas.js';
import { EVENT_TYPES } from './types.js';

/** The longest webhook URL accepted. */
export const URL_MAX_LENGTH = 2048;

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const EventTypeSchema = Type.Union(
  EVENT_TYPES.map((t) => Type.Literal(t)),
  { description: 'An event type.' },
);

const Subscription = Type.Array(Type.Union([...EVENT_TYPES.map((t) => Type.Literal(t)), Type.Literal('*')]), {
  minItems: 1,
  maxItems: EVENT_TYPES.length + 1,
  uniqueItems: true,
  description: 'The event types sent to the endpoint, or `["*"]` for every type.',
});

const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: URL_MAX_LENGTH,
  description:
    'Where events are POSTed: an `https://` URL whose host does not resolve to a loopback, private or link-local address (unless the server runs with WEBHOOK_ALLOW_PRIVATE=true, which also allows `http://`).',
});

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ description: 'The endpoint id (`we_…`).' }),
    environment: EnvironmentSchema,
    url: Type.String({ description: 'Where events are POSTed.' }),
    events: Type.Array(Type.String(), { maxItems: 32, description: 'The subscribed event types, or `["*"]`.' }),
    description: Type.Union([Type.String(), Type.Null()], { description: 'A label given at creation.' }),
    enabled: Type.Boolean({ description: 'False once disabled by a person or by the receiver answering 410.' }),
    disabledReason: Type.Union([Type.String(), Type.Null()], { description: 'Why the endpoint is disabled.' }),
    createdAt: Timestamp('When the endpoint was added.'),
  },
  { additionalProperties: false, description: 'A webhook endpoint of the project, without its secret.' },
);

export const CreatedWebhookSchema = Type.Object(
  {
    ...WebhookSchema.properties,
    secret: Type.String({
      description:
        'The signing secret (`whsec_` and base64), shown this once: verify each delivery with it (Standard Webhooks, or `verifyWebhook` of @petstore/client).',
    }),
  },
  { additionalProperties: false, description: 'A new webhook endpoint, with its signing secret.' },
);

export const WebhookListSchema = Type.Array(WebhookSchema, { maxItems: 1000, description: "The project's endpoints, oldest first." });

export const NewWebhookSchema = Type.Object(
  {
    url: WebhookUrl,
    events: Subscription,
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A label, e.g. what receives the events.' })),
    environment: Type.Optional({
      ...EnvironmentSchema,
      description:
        "The environment whose events the endpoint receives (default `production`): a staging endpoint gets staging's events only.",
    }),
  },
  { additionalProperties: false, description: 'An endpoint to add.' },
);
export type NewWebhook = Static<typeof NewWebhookSchema>;

export const WebhookChangeSchema = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(Subscription),
    enabled: Type.Optional(Type.Boolean({ description: 'Enable again (after a 410, say) or pause the endpoint.' })),
  },
  { additionalProperties: false, description: 'What to change; absent fields stay as they are.' },
);
export type WebhookChange = Static<typeof WebhookChangeSchema>;

export const WebhookParams = Type.Object(
  {
    slug: SlugParams.properties.slug,
    webhookId: Type.String({
      minLength: 1,
      maxLength: 40,
      pattern: '^we_[1-9][0-9]*$',
      description: 'The endpoint id, as the service writes it (`we_12`: no leading zeros).',
    }),
  },
  { additionalProperties: false },
);

export const DeliveryParams = Type.Object(
  {
    slug: SlugParams.properties.slug,
    deliveryId: Type.String({
      minLength: 1,
      maxLength: 40,
      pattern: '^dlv_[1-9][0-9]*$',
      description: 'The delivery id, as the service writes it (`dlv_3`: no leading zeros).',
    }),
  },
  { additionalProperties: false },
);

const DeliveryState = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], {
  description: 'The delivery now: `pending` (due, or waiting for its next attempt), `succeeded`, or `failed` for good.',
});

export const AttemptSchema = Type.Object(
  {
    id: Type.String({
      description: 'The delivery (one event to this endpoint) this attempt belongs to; get it (with its payload) or retry it with this id.',
    }),
    eventId: Type.String({ description: 'The event sent.' }),
    eventType: Type.String({ description: 'The type of the event sent (`ping` for a test event).' }),
    deliveryState: DeliveryState,
    attempt: Type.Integer({ format: 'int32', minimum: 1, description: 'The attempt number of this delivery (1 for the first).' }),
    status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('budget_exhausted')], {
      description:
        "`succeeded`: the receiver answered 2xx in time; `failed`: it did not; `budget_exhausted`: not sent, because the project's webhook budget for the UTC day was spent (see `GET …/webhook-budget`); the delivery is then `failed` until it is retried.",
    }),
    httpStatus: Type.Optional(Type.Integer({ format: 'int32', description: 'The receiver’s HTTP status, when it answered.' })),
    durationMs: Type.Integer({ format: 'int32', minimum: 0, description: 'From the start of the attempt to the answer (or the failure).' }),
    error: Type.Optional(
      Type.String({
        description: 'Why the attempt failed, in words (the receiver’s status and the start of its answer, a refused address, a timeout…).',
      }),
    ),
    at: Timestamp('When the attempt started.'),
  },
  { additionalProperties: false, description: 'One attempt to deliver an event to the endpoint.' },
);

export const DeliveryAttemptSchema = Type.Object(
  {
    attempt: AttemptSchema.properties.attempt,
    status: AttemptSchema.properties.status,
    httpStatus: AttemptSchema.properties.httpStatus,
    durationMs: AttemptSchema.properties.durationMs,
    error: AttemptSchema.properties.error,
    responseBody: Type.Optional(
      Type.String({
        maxLength: 4096,
        description: "The start of the receiver's answer (its first 4096 bytes as UTF-8), when it answered.",
      }),
    ),
    at: AttemptSchema.properties.at,
  },
  { additionalProperties: false, description: 'One attempt of the delivery, with what the receiver answered.' },
);

export const AttemptListSchema = Type.Array(AttemptSchema, { maxItems: 100, description: 'The latest attempts, newest first.' });

export const TestSentSchema = Type.Object(
  { eventId: Type.String({ description: 'The `ping` event queued for the endpoint; its attempt appears in the deliveries.' }) },
  { additionalProperties: false, description: 'A test event queued.' },
);

export const RetriedSchema = Type.Object(
  { id: Type.String({ description: 'The delivery, due again now.' }) },
  { additionalProperties: false, description: 'A delivery queued again.' },
);

export const WebhookBudgetSchema = Type.Object(
  {
    day: Type.String({ format: 'date', description: 'Today (UTC), the day counted.' }),
    limit: Type.Integer({
      format: 'int64',
      minimum: 0,
      description: "Delivery attempts the project may make per UTC day: its plan's requests per day times its webhook endpoint limit.",
    }),
    used: Type.Integer({
      format: 'int64',
      minimum: 0,
      description: 'Attempts made or under way today: first tries, retries, test events and manual retries alike.',
    }),
    remaining: Type.Integer({
      format: 'int64',
      minimum: 0,
      description: 'Attempts left today; at 0, deliveries that come due are not sent but recorded as `budget_exhausted`.',
    }),
    resetsAt: Timestamp('When the next day (UTC) starts, with its budget whole.'),
  },
  { additionalProperties: false, description: "The project's webhook delivery budget today." },
);

export const EventSchema = Type.Object(
  {
    id: Type.String({ description: 'The event id (`evt_…`), also the `webhook-id` header of its deliveries.' }),
    type: Type.String({ description: 'The event type.' }),
    createdAt: Timestamp('When the change happened (the event is written in its transaction).'),
    project: Type.String({ description: "The project's slug (the same in both environments)." }),
    environment: EnvironmentSchema,
    data: Type.Object({}, { additionalProperties: true, description: 'What changed: the pet, deploy, domain, key… as the API shows it.' }),
  },
  { additionalProperties: false, description: 'An event, as delivered to webhooks.' },
);

export const DeliverySchema = Type.Object(
  {
    id: Type.String({ description: 'The delivery id (`dlv_…`).' }),
    webhookId: Type.String({ description: 'The endpoint it is sent to (`we_…`).' }),
    state: DeliveryState,
    event: EventSchema,
    attempts: Type.Array(DeliveryAttemptSchema, { maxItems: 20, description: 'The latest 20 attempts, newest first.' }),
  },
  {
    additionalProperties: false,
    description: "One event sent to one endpoint: the event as delivered (the request body) and each attempt with the receiver's answer.",
  },
);

export const EventListSchema = Type.Array(EventSchema, { maxItems: 100, description: 'Events of the last 30 days, newest first.' });

export const EventListQuery = Type.Object(
  {
    type: Type.Optional(EventTypeSchema),
    limit: Type.Optional(PageLimit),
    cursor: Type.Optional(Cursor),
    environment: Type.Optional({ ...EnvironmentSchema, description: 'The environment (default `production`).' }),
  },
  { additionalProperties: false },
);
