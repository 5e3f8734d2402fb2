import { environmentArg, ENV_OPTION, parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import { printableName } from '../keys/key-name.js';
import type { DeprecationsReport } from './deprecations.js';

const day = (iso: string) => iso.slice(0, 10);

/** The report from the database, or from the server when a remote is configured: the same JSON either way. */
async function report(ctx: CliContext, slug: string, environment: 'production' | 'staging'): Promise<DeprecationsReport> {
  const remote = ctx.remote();
  if (remote) return overApi(remote, () => managementClient(remote).getDeprecations(slug, { environment }));
  const [{ composeProjects }, { openDeprecatedCallRepository }, { DeprecationsService }, { EnvironmentRoutes }] = await Promise.all([
    import('../projects/compose.js'),
    import('./deprecated-calls.js'),
    import('./deprecations.js'),
    import('../http/pipeline/environments.js'),
  ]);
  const ground = await cliGround(ctx);
  const projects = composeProjects(ground);
  const project = await projects.inEnvironment(orRefuse(await projects.find(slug)), environment);
  const { deprecatedOperations: operations } = await ctx.declared();
  const routes = new EnvironmentRoutes(await ctx.config());
  return new DeprecationsService(
    ground.repository('deprecated-calls', openDeprecatedCallRepository),
    () => operations,
    ctx.clock,
    (e) => routes.apiPath(e),
  ).report(project);
}

export const deprecationsCommand: CliCommand = {
  name: 'deprecations',
  remote: true,
  usage: [
    'deprecations SLUG [--env staging] [--json]',
    '                                        deprecated operations, their sunset, and the keys that called them in the last 30 days',
  ],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, ...ENV_OPTION }, 1);
    const slug = positionals[0] ?? '';
    if (slug.startsWith('-')) throw new UsageError('expected a project slug');
    const environment = environmentArg(values.env);
    const r = await report(ctx, slug, environment);
    if (values.json) return ctx.json(r);
    const where = environment === 'staging' ? ' (staging)' : '';
    for (const o of r.operations) {
      ctx.out(`${o.operation} (${o.method} ${o.path}): removed on ${day(o.sunset)}; use ${o.successor} instead`);
      if (o.callers.length === 0) ctx.out(`  no key of ${slug}${where} called it in the last 30 days`);
      else {
        ctx.out(`  keys of ${slug}${where} that called it in the last 30 days (calls, last call, UTC):`);
        for (const c of o.callers) ctx.out(`  ${c.keyId}\t${printableName(c.name)}\t${String(c.calls30d)}\t${c.lastCalledAt}`);
      }
    }
    if (r.operations.length === 0) ctx.out('the contract has no deprecated operation');
  },
};
