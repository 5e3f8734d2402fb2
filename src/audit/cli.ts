import { parse, positiveInt } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import { OPERATOR } from './actor.js';
import type { AuditAction } from './repository.js';
import type { auditJson } from './service.js';

// What runs on the database loads when a command uses it (a remote command never does).
const storage = () => import('../storage/sql.js');
const audit = async (ctx: CliContext) => (await import('./compose.js')).composeAudit(await cliGround(ctx));

/** The project a CLI command changes, found by its slug, one of its domains or one of its API keys; null when none is. */
export async function operatorProject(
  ctx: CliContext,
  by: { slug: string } | { domain: string } | { keyId: string },
): Promise<number | null> {
  const { int, sqlFor } = await storage();
  const sql = sqlFor(await ctx.database());
  const row =
    'slug' in by
      ? await sql.one<{ id: bigint }>('SELECT id FROM projects WHERE slug = ?', [by.slug])
      : 'domain' in by
        ? await sql.one<{ id: bigint }>('SELECT project_id AS id FROM domains WHERE name = ?', [
            by.domain.trim().toLowerCase().replace(/\.$/, ''),
          ])
        : await sql.one<{ id: bigint }>('SELECT project_id AS id FROM api_keys WHERE id = ?', [by.keyId]);
  return row ? int(row.id) : null;
}

/**
 * Records a change made by the local CLI (actor `operator`) right after it, for
 * commands whose service does not record its changes itself (the others pass
 * `OPERATOR` to their service). Slugs are looked up; a project id comes from
 * `operatorProject` (taken before a removal).
 */
export async function recordOperator(ctx: CliContext, project: string | number | null, action: AuditAction, target: string): Promise<void> {
  const projectId = typeof project === 'string' ? await operatorProject(ctx, { slug: project }) : project;
  if (projectId === null) return;
  await (await audit(ctx)).record(OPERATOR, projectId, action, target);
}

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
