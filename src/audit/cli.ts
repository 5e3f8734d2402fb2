import { parse, positiveInt } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import type { auditJson } from './service.js';

const audit = async (ctx: CliContext) => (await import('./compose.js')).composeAudit(await cliGround(ctx));

type AuditOut = ReturnType<typeof auditJson>;

/**
 * The newest `limit` entries of a project's audit log: from the database, or
 * from the server (following its cursors) when a remote is configured. The same
 * JSON either way.
 */
async function entries(ctx: CliContext, slug: string, limit: number): Promise<AuditOut[]> {
  const remote = ctx.remote();
  if (remote) {
    return overApi(remote, async () => {
      const out: AuditOut[] = [];
      for await (const e of managementClient(remote).allAuditEntries(slug, { pageSize: Math.min(limit, 100) })) {
        out.push(e);
        if (out.length === limit) break;
      }
      return out;
    });
  }
  const [{ openProjectRepository }, { projectNotFound }, { auditJson }] = await Promise.all([
    import('../projects/repository.js'),
    import('../projects/service.js'),
    import('./service.js'),
  ]);
  const project = orRefuse((await openProjectRepository(await ctx.database()).findBySlug(slug)) ?? projectNotFound(slug));
  const service = await audit(ctx);
  await service.purge();
  return (await service.list(project.id, { limit })).map(auditJson);
}

export const auditCommand: CliCommand = {
  name: 'audit',
  remote: true,
  usage: ["audit SLUG [--limit N] [--json]        the project's changes of the last 90 days, newest first (100 by default)"],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, limit: { type: 'string' } }, 1);
    const limit = positiveInt('limit', values.limit) ?? 100;
    const list = await entries(ctx, positionals[0] ?? '', limit);
    if (values.json) ctx.json(list);
    else {
      for (const e of list) {
        const who =
          e.actor.type === 'operator' ? 'operator' : `${e.actor.email ?? ''}${e.actor.tokenId ? ` (token ${e.actor.tokenId})` : ''}`;
        ctx.out(`${e.at}\t${who}\t${e.action}\t${e.target}${e.ip ? `\t${e.ip}` : ''}`);
      }
    }
  },
};
