import type { Actor, AuditTrail } from '../audit/actor.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Environment } from '../http/pipeline/environments.js';
import { WEBHOOK_ENDPOINT_LIMITS, webhookDeliveryBudget } from '../projects/plans.js';
import type { Project } from '../projects/repository.js';
import { eventJson } from './delivery/body.js';
import { dayName, dayStart, utcDay } from './delivery/budget.js';
import type { AttemptRecord, EndpointRecord, EventRecord, EventRepository } from './storage/repository.js';
import { refusedUrl } from './delivery/sender.js';
import { newWebhookSecret } from './delivery/signature.js';
import { EVENT_RETENTION_MS, isEventType, type AttemptStatus } from './types.js';
import { URL_MAX_LENGTH } from './schemas.js';

/** C0 and C1 controls, DEL, and format characters (bidi overrides, zero-width spaces, soft hyphens). */
const CONTROL_OR_INVISIBLE = /[\p{Cc}\p{Cf}]/u;

export interface WebhookView {
  id: string;
  environment: Environment;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
}

export interface AttemptView {
  id: string;
  eventId: string;
  eventType: string;
  deliveryState: 'pending' | 'succeeded' | 'failed';
  attempt: number;
  status: AttemptStatus;
  httpStatus?: number;
  durationMs: number;
  error?: string;
  at: string;
}

/** The project's webhook budget today (UTC): attempts allowed, made and left. */
export interface BudgetView {
  day: string;
  limit: number;
  used: number;
  remaining: number;
  resetsAt: string;
}

export interface DeliveryView {
  id: string;
  webhookId: string;
  state: 'pending' | 'succeeded' | 'failed';
  event: { id: string; type: string; createdAt: string; project: string; environment: Environment; data: Record<string, unknown> };
  attempts: {
    attempt: number;
    status: AttemptStatus;
    httpStatus?: number;
    durationMs: number;
    error?: string;
    responseBody?: string;
    at: string;
  }[];
}

/** Attempts shown with a delivery. */
const DELIVERY_ATTEMPTS = 20;

export const webhookView = (e: EndpointRecord, environment: Environment): WebhookView => ({
  id: `we_${String(e.id)}`,
  environment,
  url: e.url,
  events: e.events,
  description: e.description,
  enabled: e.enabled,
  disabledReason: e.disabledReason,
  createdAt: e.createdAt.toISOString(),
});

export const attemptView = (a: AttemptRecord): AttemptView => ({
  id: `dlv_${String(a.deliveryId)}`,
  eventId: a.eventId,
  eventType: a.eventType,
  deliveryState: a.deliveryState,
  attempt: a.attempt,
  status: a.status,
  ...(a.httpStatus === null ? {} : { httpStatus: a.httpStatus }),
  durationMs: a.durationMs,
  ...(a.error === null ? {} : { error: a.error }),
  at: a.at.toISOString(),
});

const idOf = (prefix: string, id: string): number | null => {
  const m = new RegExp(`^${prefix}_([0-9]{1,15})$`).exec(id);
  return m?.[1] === undefined ? null : Number(m[1]);
};

const noEndpoint = (id: string) => new DomainError('not_found', `The project has no webhook endpoint ${id}.`);

/**
 * Webhook endpoints and events of a project, HTTP-free: the routes, the CLI and the dashboard call these. Adding,
 * updating and removing an endpoint is recorded in the audit log with its actor.
 */
export class WebhookService {
  constructor(
    private readonly repo: EventRepository,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly allowPrivate: boolean,
    /** Called when a delivery becomes due now (a test ping, a retry), so the worker need not wait for its next round. */
    private readonly wake: () => void = () => undefined,
  ) {}

  private checkUrl(url: string): DomainError | null {
    const bad = (message: string) =>
      new DomainError('validation_failed', `The webhook URL is refused: ${message}.`, [{ in: 'body', field: 'url', message }]);
    if (url.length > URL_MAX_LENGTH) return bad(`longer than ${String(URL_MAX_LENGTH)} characters`);
    // The URL is stored and shown as given (lists, the dashboard, the audit target of webhook.update), so it
    // may not carry escape sequences, bidi overrides or zero-width characters (URL parsing would only
    // percent-encode them in what is sent), as emails may not.
    if (CONTROL_OR_INVISIBLE.test(url)) return bad('it contains control or invisible characters');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return bad('not a URL');
    }
    const why = refusedUrl(parsed, this.allowPrivate);
    if (why === null) return null;
    // What only this server's setting refuses (http://, a local or private address): say which setting, for local testing.
    const setting =
      this.allowPrivate || refusedUrl(parsed, true) !== null
        ? ''
        : ' (for local testing, start the server with WEBHOOK_ALLOW_PRIVATE=true)';
    return bad(`${why.replace(/^refused: /, '')}${setting}`);
  }

  private checkEvents(events: readonly string[]): DomainError | null {
    const unknown = events.filter((t) => t !== '*' && !isEventType(t));
    if (events.length === 0 || unknown.length > 0) {
      const message = events.length === 0 ? 'name at least one event type, or *' : `unknown event type ${unknown.join(', ')}`;
      return new DomainError('validation_failed', `The event types are refused: ${message}.`, [{ in: 'body', field: 'events', message }]);
    }
    return null;
  }

  async add(
    actor: Actor,
    project: Project,
    input: { url: string; events: string[]; description?: string },
  ): Promise<(WebhookView & { secret: string }) | DomainError> {
    const refused = this.checkUrl(input.url) ?? this.checkEvents(input.events);
    if (refused) return refused;
    const limit = WEBHOOK_ENDPOINT_LIMITS[project.plan];
    const secret = newWebhookSecret();
    const events = input.events.includes('*') ? ['*'] : [...new Set(input.events)];
    const created = await this.repo.createEndpoint(
      {
        projectId: project.id,
        url: input.url,
        events,
        description: input.description ?? null,
        secret,
        createdAt: new Date(this.clock.now()),
      },
      limit,
    );
    if (!created) {
      return new DomainError(
        'webhook_limit',
        `Project "${project.slug}" already has ${String(limit)} webhook endpoints, the most its ${project.plan} plan allows: remove one first.`,
      );
    }
    const view = webhookView(created, project.environment);
    await this.audit.record(actor, project, 'webhook.add', view.id);
    return { ...view, secret };
  }

  async list(project: Project): Promise<WebhookView[]> {
    return (await this.repo.listEndpoints(project.id)).map((e) => webhookView(e, project.environment));
  }

  private async endpoint(project: Project, id: string): Promise<EndpointRecord | DomainError> {
    const n = idOf('we', id);
    const found = n === null ? null : await this.repo.getEndpoint(project.id, n);
    return found ?? noEndpoint(id);
  }

  async get(project: Project, id: string): Promise<WebhookView | DomainError> {
    const e = await this.endpoint(project, id);
    return e instanceof DomainError ? e : webhookView(e, project.environment);
  }

  async update(
    actor: Actor,
    project: Project,
    id: string,
    change: { url?: string; events?: string[]; enabled?: boolean },
  ): Promise<WebhookView | DomainError> {
    const refused =
      (change.url === undefined ? null : this.checkUrl(change.url)) ??
      (change.events === undefined ? null : this.checkEvents(change.events));
    if (refused) return refused;
    const e = await this.endpoint(project, id);
    if (e instanceof DomainError) return e;
    const events = change.events === undefined ? undefined : change.events.includes('*') ? ['*'] : [...new Set(change.events)];
    const updated = await this.repo.updateEndpoint(project.id, e.id, { ...change, events });
    if (!updated) return noEndpoint(id);
    const view = webhookView(updated, project.environment);
    // A new URL is recorded: the secret stays the same, so repointing an endpoint is otherwise invisible.
    const target = change.url !== undefined && change.url !== e.url ? `${view.id} url=${change.url}` : view.id;
    await this.audit.record(actor, project, 'webhook.update', target);
    return view;
  }

  async remove(actor: Actor, project: Project, id: string): Promise<WebhookView | DomainError> {
    const e = await this.endpoint(project, id);
    if (e instanceof DomainError) return e;
    if (!(await this.repo.deleteEndpoint(project.id, e.id))) return noEndpoint(id);
    const view = webhookView(e, project.environment);
    await this.audit.record(actor, project, 'webhook.remove', view.id);
    return view;
  }

  /** Queues a `ping` event for the endpoint alone. */
  async test(actor: Actor, project: Project, id: string): Promise<{ eventId: string } | DomainError> {
    const e = await this.endpoint(project, id);
    if (e instanceof DomainError) return e;
    const data = JSON.stringify({ webhookId: webhookView(e, project.environment).id, message: 'A test event sent from the petstore.' });
    const eventId = await this.repo.queuePing(project.id, e.id, data, new Date(this.clock.now()));
    await this.audit.record(actor, project, 'webhook.test', `${webhookView(e, project.environment).id} ${eventId}`);
    this.wake();
    return { eventId };
  }

  async attempts(project: Project, id: string, limit = 100): Promise<AttemptView[] | DomainError> {
    const e = await this.endpoint(project, id);
    if (e instanceof DomainError) return e;
    return (await this.repo.listAttempts(e.id, limit)).map(attemptView);
  }

  /** One delivery with the event as sent and its latest attempts with the receiver's answers. */
  async delivery(project: Project, deliveryId: string): Promise<DeliveryView | DomainError> {
    const n = idOf('dlv', deliveryId);
    const d = n === null ? null : await this.repo.getDelivery(project.id, n, DELIVERY_ATTEMPTS);
    if (!d) return new DomainError('not_found', `The project has no webhook delivery ${deliveryId}.`);
    return {
      id: `dlv_${String(d.id)}`,
      webhookId: `we_${String(d.endpointId)}`,
      state: d.state,
      event: {
        id: d.event.id,
        type: d.event.type,
        createdAt: d.event.createdAt.toISOString(),
        project: d.event.project,
        environment: d.event.environment,
        data: JSON.parse(d.event.data) as Record<string, unknown>,
      },
      attempts: d.attempts.map((a) => {
        const { id: _id, eventId: _e, eventType: _t, deliveryState: _s, ...attempt } = attemptView(a);
        return { ...attempt, ...(a.response === null ? {} : { responseBody: a.response }) };
      }),
    };
  }

  async retry(actor: Actor, project: Project, deliveryId: string): Promise<{ id: string } | DomainError> {
    const n = idOf('dlv', deliveryId);
    const ok = n !== null && (await this.repo.retryDelivery(project.id, n, new Date(this.clock.now())));
    if (!ok) return new DomainError('not_found', `The project has no webhook delivery ${deliveryId}.`);
    await this.audit.record(actor, project, 'webhook.retry', deliveryId);
    this.wake();
    return { id: deliveryId };
  }

  /** The project's webhook budget for today (UTC): every attempt counts, first tries, retries and test events alike. */
  async budget(project: Project): Promise<BudgetView> {
    const today = utcDay(this.clock.now());
    const limit = webhookDeliveryBudget(project.plan, project.quota);
    const used = await this.repo.budgetUsed(project.id, today);
    return {
      day: dayName(today),
      limit,
      used,
      remaining: Math.max(0, limit - used),
      resetsAt: new Date(dayStart(today + 1)).toISOString(),
    };
  }

  /** Events of the last 30 days, newest first: up to `limit + 1` (the extra one only shows more follow). */
  events(project: Project, type: string | null, before: bigint | null, limit: number): Promise<EventRecord[]> {
    return this.repo.listEvents(project.id, type, before, limit + 1, new Date(this.clock.now() - EVENT_RETENTION_MS));
  }

  /** The JSON text of events as the API sends them. */
  eventsJson(project: Project, events: EventRecord[]): string {
    return `[${events.map((e) => eventJson({ ...e, project: project.slug, environment: project.environment })).join(',')}]`;
  }

  purgeExpired(): Promise<number> {
    return this.repo.purgeEvents(new Date(this.clock.now() - EVENT_RETENTION_MS));
  }
}
