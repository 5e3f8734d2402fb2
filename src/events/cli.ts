import { parse, positiveInt, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { loadConfig } from '../config.js';
import { DomainError } from '../errors/domain-error.js';
import type { CliCommand, CliContext } from '../feature.js';
import { openProjectRepository, type Project } from '../projects/repository.js';
import { openEventRepository } from './repository.js';
import { WebhookService } from './service.js';
import { EVENT_TYPES, isEventType } from './types.js';

async function open(ctx: CliContext, slug: string): Promise<{ service: WebhookService; project: Project }> {
  if (slug === '' || slug.startsWith('-')) throw new UsageError('expected a project slug');
  const database = await ctx.database();
  const project = await openProjectRepository(database).findBySlug(slug);
  if (!project) orRefuse(new DomainError('not_found', `No project "${slug}" exists.`));
  // The delivery worker runs in the servers; here only the endpoints and events are read and written.
  const service = new WebhookService(openEventRepository(database), ctx.clock, loadConfig().webhookAllowPrivate);
  return { service, project: project as Project };
}

export const webhooksCommand: CliCommand = {
  name: 'webhooks',
  usage: [
    'webhooks add SLUG URL [--events a,b] [--description D] [--json]   add an endpoint (all events by default); prints its secret once',
    'webhooks list SLUG [--json]                      the endpoints of a project (never their secrets)',
    'webhooks remove SLUG ID                          remove an endpoint and its deliveries',
  ],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'add') {
      const { values, positionals } = parse(
        rest,
        { events: { type: 'string' }, description: { type: 'string' }, json: { type: 'boolean' } },
        2,
      );
      const { service, project } = await open(ctx, positionals[0] ?? '');
      const url = positionals[1] ?? '';
      if (url === '') throw new UsageError('expected the URL that receives the events');
      const events = (values.events ?? '*').split(',').map((t) => t.trim());
      const created = orRefuse(
        await service.add(project, { url, events, ...(values.description ? { description: values.description } : {}) }),
      );
      if (values.json) return ctx.json(created);
      ctx.out(`added ${created.id} → ${created.url} (${created.events.join(', ')})`);
      ctx.out(`secret: ${created.secret}`);
      ctx.out(
        'Store the secret now: it is not shown again. Verify each delivery with it (Standard Webhooks, or verifyWebhook of @petstore/client).',
      );
      return;
    }
    if (sub === 'list') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 1);
      const { service, project } = await open(ctx, positionals[0] ?? '');
      const list = await service.list(project);
      if (values.json) return ctx.json(list);
      if (list.length === 0) ctx.out(`project ${project.slug} has no webhook endpoints`);
      for (const w of list) {
        const state = w.enabled ? 'enabled' : `disabled (${w.disabledReason ?? 'paused'})`;
        ctx.out(`${w.id}  ${w.url}  ${w.events.join(',')}  ${state}`);
      }
      return;
    }
    if (sub === 'remove') {
      const { positionals } = parse(rest, {}, 2);
      const { service, project } = await open(ctx, positionals[0] ?? '');
      const removed = orRefuse(await service.remove(project, positionals[1] ?? ''));
      ctx.out(`removed ${removed.id} (${removed.url})`);
      return;
    }
    throw new UsageError('expected webhooks add, list or remove');
  },
};

export const eventsCommand: CliCommand = {
  name: 'events',
  usage: ['events list SLUG [--type T] [--limit N] [--json]   events of the last 30 days, newest first'],
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub !== 'list') throw new UsageError('expected events list');
    const { values, positionals } = parse(rest, { type: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } }, 1);
    if (values.type !== undefined && !isEventType(values.type)) {
      throw new UsageError(`unknown event type ${values.type}; one of ${EVENT_TYPES.join(', ')}`);
    }
    const limit = positiveInt('limit', values.limit) ?? 20;
    const { service, project } = await open(ctx, positionals[0] ?? '');
    const events = (await service.events(project, values.type ?? null, null, limit)).slice(0, limit);
    if (values.json) return ctx.json(JSON.parse(service.eventsJson(project, events)));
    if (events.length === 0)
      ctx.out(`project ${project.slug} has no events${values.type ? ` of type ${values.type}` : ''} in the last 30 days`);
    for (const e of events) ctx.out(`${e.createdAt.toISOString()}  ${e.id}  ${e.type}  ${e.data}`);
  },
};
