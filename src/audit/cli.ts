import { parse, positiveInt } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import type { CliCommand, CliContext } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { projectNotFound } from '../projects/service.js';
import type { AuditAction } from './repository.js';
import { openAuditRepository } from './repository.js';
import { auditJson, AuditService } from './service.js';

/** Records a change made by the local CLI (actor `operator`); commands of any capability call it after their change. */
export async function recordOperator(ctx: CliContext, projectSlug: string, action: AuditAction, target: string): Promise<void> {
  const database = await ctx.database();
  const project = await openProjectRepository(database).findBySlug(projectSlug);
  if (!project) return;
  await new AuditService(openAuditRepository(database), ctx.clock).record({ projectId: project.id, actor: { type: 'operator' }, action, target });
}

export const auditCommand: CliCommand = {
  name: 'audit',
  usage: ['audit SLUG [--limit N] [--json]        the project\'s changes of the last 90 days, newest first'],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, limit: { type: 'string' } }, 1);
    const slug = positionals[0] ?? '';
    const database = await ctx.database();
    const project = orRefuse((await openProjectRepository(database).findBySlug(slug)) ?? projectNotFound(slug));
    const audit = new AuditService(openAuditRepository(database), ctx.clock);
    await audit.purge();
    const limit = positiveInt('limit', values.limit) ?? 100;
    const entries = (await audit.list(project.id, { limit })).map(auditJson);
    if (values.json) ctx.json(entries);
    else {
      for (const e of entries) {
        const who = e.actor.type === 'operator' ? 'operator' : `${e.actor.email ?? ''}${e.actor.tokenId ? ` (token ${e.actor.tokenId})` : ''}`;
        ctx.out(`${e.at}\t${who}\t${e.action}\t${e.target}${e.ip ? `\t${e.ip}` : ''}`);
      }
    }
  },
};
