import { OPERATOR } from '../audit/actor.js';
import { parse, UsageError } from '../cli/args.js';
import { orRefuse, Refused } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import type { StagingCopy, StagingReset } from './service.js';

type ResetOut = Omit<StagingReset, 'resetAt'> & { resetAt: string };

/**
 * The service on the database. A Redis the servers share (REDIS_URL) is told of the change, as the
 * server's own reset does, so no instance gives an answer it held from before.
 */
async function local<T>(ctx: CliContext, run: (service: import('./service.js').StagingService) => Promise<T>): Promise<T> {
  const [{ composeStaging }, config, declared] = await Promise.all([import('./compose.js'), ctx.config(), ctx.declared()]);
  const counters = config.redisUrl ? await (await import('../limits/open.js')).openCliCounters(config) : null;
  try {
    const service = composeStaging(await cliGround(ctx), async (projectId) => {
      for (const key of declared.staging.versionKeys) await counters?.changeVersion?.(key(projectId));
    });
    return await run(service);
  } finally {
    await counters?.close();
  }
}

function reset(ctx: CliContext, slug: string): Promise<ResetOut> {
  const remote = ctx.remote();
  if (remote) return overApi(remote, () => managementClient(remote).resetStaging(slug));
  return local(ctx, async (s) => {
    const r = orRefuse(await s.reset(OPERATOR, slug));
    return { ...r, resetAt: r.resetAt.toISOString() };
  });
}

function copyPets(ctx: CliContext, slug: string): Promise<StagingCopy> {
  const remote = ctx.remote();
  if (remote) return overApi(remote, () => managementClient(remote).copyPetsToStaging(slug));
  return local(ctx, async (s) => orRefuse(await s.copyPets(OPERATOR, slug)));
}

/** copy-pets, its refusal of a staging that is not empty naming the command that empties it. */
async function copyPetsSaid(ctx: CliContext, slug: string): Promise<StagingCopy> {
  try {
    return await copyPets(ctx, slug);
  } catch (err) {
    if (!(err instanceof Refused) || err.error.code !== 'staging_not_empty') throw err;
    throw new Refused({
      code: 'staging_not_empty',
      message: `The staging environment of project "${slug}" already has pets or orders: run petstore staging reset ${slug} first, then copy again.`,
    });
  }
}

/** `staging reset|copy-pets SLUG`: on the database, or on the server when a remote is configured; the same JSON either way. */
export const stagingCommand: CliCommand = {
  name: 'staging',
  subcommands: ['reset', 'copy-pets'],
  remote: true,
  usage: [
    "staging reset SLUG [--json]             empties the project's staging data (keys and webhook endpoints stay)",
    "staging copy-pets SLUG [--json]         copies production's pets into an empty staging, ids kept",
  ],
  async run([sub, ...rest], ctx) {
    const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 1);
    const slug = positionals[0] ?? '';
    if (slug === '' || slug.startsWith('-')) throw new UsageError('expected a project slug');
    if (sub === 'reset') {
      const r = await reset(ctx, slug);
      if (values.json) return ctx.json(r);
      ctx.out(`reset the staging environment of project ${r.project}: its pets, orders, events, usage and request log are empty`);
      return;
    }
    const c = await copyPetsSaid(ctx, slug);
    if (values.json) return ctx.json(c);
    ctx.out(`copied ${String(c.copied)} pets of project ${c.project} into its staging environment, ids kept`);
  },
};
