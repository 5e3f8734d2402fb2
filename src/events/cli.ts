import { OPERATOR } from '../audit/actor.js';
import { environmentArg, ENV_OPTION, parse, positiveInt, UsageError } from '../cli/args.js';
import type { CreatedWebhook, NewWebhook, ProjectEvent, Webhook } from '@petstore/client';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { orRefuse, Refused } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import type { RemoteSettings } from '../cli/remote.js';
import { DomainError } from '../errors/domain-error.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import type { Environment } from '../http/pipeline/environments.js';
import type { Project } from '../projects/repository.js';
import type { WebhookService } from './service.js';
import { EVENT_TYPES, isEventType, type EventType } from './types.js';

/** The service on the database, loaded on first use (a remote command does not load it). */
async function open(ctx: CliContext, slug: string, environment: Environment): Promise<{ service: WebhookService; project: Project }> {
  const [{ loadConfig }, { openProjectRepository }, { composeWebhooks }] = await Promise.all([
    import('../config.js'),
    import('../projects/repository.js'),
    import('./compose.js'),
  ]);
  const ground = await cliGround(ctx);
  const projects = ground.repository('projects', openProjectRepository);
  const production = await projects.findBySlug(slug);
  if (!production) throw new Refused(new DomainError('not_found', `No project "${slug}" exists.`));
  const project = environment === 'staging' ? await projects.staging(production, new Date(ctx.clock.now())) : production;
  // The delivery worker runs in the servers; here only the endpoints and events are read and written.
  const service = composeWebhooks(ground, { allowPrivate: loadConfig().webhookAllowPrivate });
  return { service, project };
}

function slugOf(positional: string | undefined): string {
  const slug = positional ?? '';
  if (slug === '' || slug.startsWith('-')) throw new UsageError('expected a project slug');
  return slug;
}

/**
 * Where `webhooks add|list|remove` and `events list` run: the service on the
 * database, or the management API on a server when a remote is configured. The
 * same JSON either way; the commands are one.
 */
interface HooksTransport {
  add(slug: string, input: { url: string; events: string[]; description?: string }, environment: Environment): Promise<CreatedWebhook>;
  list(slug: string, environment: Environment): Promise<Webhook[]>;
  /** Removes an endpoint of either environment (ids are unique across both). */
  remove(slug: string, id: string): Promise<Webhook>;
  /** The newest `limit` events, optionally of one type. */
  events(slug: string, type: EventType | null, limit: number, environment: Environment): Promise<ProjectEvent[]>;
}

function localTransport(ctx: CliContext): HooksTransport {
  return {
    add: async (slug, input, environment) => {
      const { service, project } = await open(ctx, slug, environment);
      return orRefuse(await service.add(OPERATOR, project, input));
    },
    list: async (slug, environment) => {
      const { service, project } = await open(ctx, slug, environment);
      return service.list(project);
    },
    remove: async (slug, id) => {
      const { service, project } = await open(ctx, slug, 'production');
      const removed = await service.remove(OPERATOR, project, id);
      if (!(removed instanceof DomainError)) return removed;
      const staging = await open(ctx, slug, 'staging');
      const fromStaging = await staging.service.remove(OPERATOR, staging.project, id);
      return orRefuse(fromStaging instanceof DomainError ? removed : fromStaging);
    },
    events: async (slug, type, limit, environment) => {
      const { service, project } = await open(ctx, slug, environment);
      const events = (await service.events(project, type, null, limit)).slice(0, limit);
      // Numbers stay as written (an int64 id beyond 2^53 exact), as the remote side's bigints do.
      return parseLossless(service.eventsJson(project, events)) as ProjectEvent[];
    },
  };
}

function remoteTransport(remote: RemoteSettings): HooksTransport {
  const api = managementClient(remote);
  return {
    // The server checks the URL and the event types as the service does (the same refusals).
    add: (slug, input, environment) => overApi(remote, () => api.createWebhook(slug, { ...input, environment } as NewWebhook)),
    list: (slug, environment) => overApi(remote, () => api.listWebhooks(slug, { environment })),
    remove: (slug, id) => overApi(remote, () => api.removeWebhook(slug, id)),
    events: (slug, type, limit, environment) =>
      overApi(remote, async () => {
        const out: ProjectEvent[] = [];
        if (limit === 0) return out;
        for await (const e of api.allEvents(slug, { ...(type ? { type } : {}), pageSize: Math.min(limit, 100), environment })) {
          out.push(e);
          if (out.length === limit) break;
        }
        return out;
      }),
  };
}

function transport(ctx: CliContext): HooksTransport {
  const remote = ctx.remote();
  return remote ? remoteTransport(remote) : localTransport(ctx);
}

export const webhooksCommand: CliCommand = {
  name: 'webhooks',
  subcommands: ['add', 'list', 'remove'],
  remote: true,
  usage: [
    'webhooks add SLUG URL [--events a,b] [--description D] [--env staging] [--json]',
    '                                        add an endpoint (all events by default); prints its secret once',
    'webhooks list SLUG [--env staging] [--json]      the endpoints of a project (never their secrets)',
    'webhooks remove SLUG ID                          remove an endpoint (of either environment) and its deliveries',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'add') {
      const { values, positionals } = parse(
        rest,
        { events: { type: 'string' }, description: { type: 'string' }, json: { type: 'boolean' }, ...ENV_OPTION },
        2,
      );
      const slug = slugOf(positionals[0]);
      const url = positionals[1] ?? '';
      if (url === '') throw new UsageError('expected the URL that receives the events');
      const events = (values.events ?? '*').split(',').map((t) => t.trim());
      const input = { url, events, ...(values.description ? { description: values.description } : {}) };
      const created = await transport(ctx).add(slug, input, environmentArg(values.env));
      if (values.json) return ctx.json(created);
      const where = created.environment === 'staging' ? ' in staging' : '';
      ctx.out(`added ${created.id}${where} → ${created.url} (${created.events.join(', ')})`);
      ctx.out(`secret: ${created.secret}`);
      ctx.out(
        'Store the secret now: it is not shown again. Verify each delivery with it (Standard Webhooks, or verifyWebhook of @petstore/client).',
      );
      return;
    }
    if (sub === 'list') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' }, ...ENV_OPTION }, 1);
      const slug = slugOf(positionals[0]);
      const environment = environmentArg(values.env);
      const list = await transport(ctx).list(slug, environment);
      if (values.json) return ctx.json(list);
      if (list.length === 0) ctx.out(`project ${slug} has no webhook endpoints${environment === 'staging' ? ' in staging' : ''}`);
      for (const w of list) {
        const state = w.enabled ? 'enabled' : `disabled (${w.disabledReason ?? 'paused'})`;
        ctx.out(`${w.id}  ${w.url}  ${w.events.join(',')}  ${state}`);
      }
      return;
    }
    const { positionals } = parse(rest, {}, 2);
    const removed = await transport(ctx).remove(slugOf(positionals[0]), positionals[1] ?? '');
    ctx.out(`removed ${removed.id} (${removed.url})`);
  },
};

export const eventsCommand: CliCommand = {
  name: 'events',
  subcommands: ['list'],
  remote: true,
  usage: ['events list SLUG [--type T] [--limit N] [--env staging] [--json]   events of the last 30 days, newest first'],
  async run(args, ctx) {
    const rest = args.slice(1);
    const { values, positionals } = parse(
      rest,
      { type: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, ...ENV_OPTION },
      1,
    );
    if (values.type !== undefined && !isEventType(values.type)) {
      throw new UsageError(`unknown event type ${values.type}; one of ${EVENT_TYPES.join(', ')}`);
    }
    const limit = positiveInt('limit', values.limit) ?? 20;
    const slug = slugOf(positionals[0]);
    const events = await transport(ctx).events(slug, values.type ?? null, limit, environmentArg(values.env));
    // lossless-json writes int64 ids exactly (a bigint from the API, the stored text here), else as JSON.stringify does.
    if (values.json) return ctx.out(stringifyLossless(events, undefined, 2) ?? '[]');
    if (events.length === 0) ctx.out(`project ${slug} has no events${values.type ? ` of type ${values.type}` : ''} in the last 30 days`);
    for (const e of events) ctx.out(`${e.createdAt}  ${e.id}  ${e.type}  ${stringifyLossless(e.data) ?? 'null'}`);
  },
};
