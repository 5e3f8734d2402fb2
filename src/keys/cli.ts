import { operatorProject, recordOperator } from '../audit/cli.js';
import { parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import type { CliCommand, CliContext } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { openKeyRepository } from './repository.js';
import { KeyService } from './service.js';

async function service(ctx: CliContext) {
  const database = await ctx.database();
  return new KeyService(openKeyRepository(database), openProjectRepository(database), ctx.clock);
}

export const keysCommand: CliCommand = {
  name: 'keys',
  usage: [
    'keys create [--project SLUG] [--name NAME] [--json]   prints the secret once',
    'keys list [--project SLUG] [--json]                   never prints secrets',
    'keys revoke ID',
    'keys unban ID                                         lifts a rate-limit ban before it ends',
  ],
  async run([sub, ...rest], ctx) {
    if (sub === 'create') {
      const { values } = parse(rest, { project: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } }, 0);
      const k = orRefuse(await (await service(ctx)).create(values.project ?? 'default', values.name ?? null));
      await recordOperator(ctx, k.project, 'key.create', k.id);
      if (values.json) ctx.json({ id: k.id, key: k.key, project: k.project, name: k.name, createdAt: k.createdAt.toISOString() });
      else {
        ctx.out(k.key);
        ctx.err(`API key ${k.id} for project ${k.project}. Store it now: it is not shown again.`);
      }
    } else if (sub === 'list') {
      const { values } = parse(rest, { project: { type: 'string' }, json: { type: 'boolean' } }, 0);
      const list = orRefuse(await (await service(ctx)).list(values.project));
      const now = ctx.clock.now();
      const rows = list.map((k) => ({
        id: k.id,
        project: k.project,
        name: k.name,
        hint: k.hint,
        createdAt: k.createdAt.toISOString(),
        revokedAt: k.revokedAt?.toISOString() ?? null,
        bannedUntil: k.bannedUntil && k.bannedUntil.getTime() > now ? k.bannedUntil.toISOString() : null,
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      }));
      if (values.json) ctx.json(rows);
      else {
        for (const r of rows) {
          const state = r.revokedAt ? `revoked ${r.revokedAt}` : r.bannedUntil ? `banned until ${r.bannedUntil}` : 'active';
          ctx.out(`${r.id}\t${r.project}\t${r.hint}\t${r.name ?? ''}\t${state}`);
        }
      }
    } else if (sub === 'revoke') {
      const { positionals } = parse(rest, {}, 1);
      const id = positionals[0] ?? '';
      orRefuse(await (await service(ctx)).revoke(id));
      await recordOperator(ctx, await operatorProject(ctx, { keyId: id }), 'key.revoke', id);
      ctx.out(`revoked ${id}`);
    } else if (sub === 'unban') {
      const { positionals } = parse(rest, {}, 1);
      const id = positionals[0] ?? '';
      const lifted = orRefuse(await (await service(ctx)).unban(id));
      if (lifted) await recordOperator(ctx, await operatorProject(ctx, { keyId: id }), 'key.unban', id);
      ctx.out(
        lifted
          ? `unbanned ${id}; running servers see it within their key cache time (KEY_CACHE_TTL_MS, 2 s by default)`
          : `${id} is not banned`,
      );
    } else {
      throw new UsageError(`unknown keys command "${sub ?? ''}"`);
    }
  },
};
