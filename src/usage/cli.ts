import { environmentArg, ENV_OPTION, parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import { printableName } from '../keys/key-name.js';
import type { usageJson } from './service.js';

type UsageOut = ReturnType<typeof usageJson>;

const hhmm = (iso: string) => iso.slice(11, 16);
const day = (iso: string) => iso.slice(0, 10);

/** The report from the database, or from the server when a remote is configured: the same JSON either way. */
async function report(ctx: CliContext, slug: string, byKey: boolean, environment: 'production' | 'staging'): Promise<UsageOut> {
  const remote = ctx.remote();
  if (remote) return overApi(remote, () => managementClient(remote).getUsage(slug, { ...(byKey ? { by: 'key' } : {}), environment }));
  const [{ composeProjects }, { openUsageRepository }, { usageJson, UsageService }] = await Promise.all([
    import('../projects/compose.js'),
    import('./repository.js'),
    import('./service.js'),
  ]);
  const ground = await cliGround(ctx);
  return usageJson(
    orRefuse(
      await new UsageService(ground.repository('usage', openUsageRepository), composeProjects(ground), ctx.clock).report(slug, {
        byKey,
        environment,
      }),
    ),
  );
}

export const usageCommand: CliCommand = {
  name: 'usage',
  remote: true,
  usage: [
    'usage SLUG [--by-key] [--env staging] [--json]',
    '                                        requests per minute (last hour) and per day (last 30 days) with the quotas; --by-key: per key',
  ],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, 'by-key': { type: 'boolean' }, ...ENV_OPTION }, 1);
    const slug = positionals[0] ?? '';
    if (slug.startsWith('-')) throw new UsageError('expected a project slug');
    const r = await report(ctx, slug, values['by-key'] === true, environmentArg(values.env));
    if (values.json) return ctx.json(r);
    const { perMinute, perDay } = r.quota;
    ctx.out(
      `project ${r.project}${r.environment === 'staging' ? ' (staging)' : ''}: quota ${String(perMinute)}/min, ${String(perDay)}/day (UTC; counts are up to 10 s late)`,
    );
    ctx.out('');
    ctx.out(`per minute, last hour: ${String(r.perMinute.reduce((n, b) => n + b.requests, 0))} requests`);
    for (const b of r.perMinute) if (b.requests > 0) ctx.out(`  ${hhmm(b.start)}  ${String(b.requests)}/${String(perMinute)}`);
    ctx.out(`per day, last 30 days: ${String(r.perDay.reduce((n, b) => n + b.requests, 0))} requests`);
    for (const b of r.perDay) if (b.requests > 0) ctx.out(`  ${day(b.start)}  ${String(b.requests)}/${String(perDay)}`);
    if (r.byKey) {
      ctx.out('per key (today, last 30 days):');
      for (const k of r.byKey) ctx.out(`  ${k.keyId}\t${printableName(k.name)}\t${String(k.today)}\t${String(k.last30Days)}`);
    }
  },
};
