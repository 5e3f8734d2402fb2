import { parse, positiveInt, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { recordOperator } from '../audit/cli.js';
import type { CliCommand, CliContext } from '../feature.js';
import type { Project } from './repository.js';
import { openProjectRepository } from './repository.js';
import { ProjectService } from './service.js';

const QUOTA_OPTIONS = { 'per-minute': { type: 'string' }, 'per-day': { type: 'string' }, json: { type: 'boolean' } } as const;

export const projectJson = (p: Project) => ({
  slug: p.slug,
  plan: p.plan,
  perMinute: p.quota.perMinute,
  perDay: p.quota.perDay,
  createdAt: p.createdAt.toISOString(),
});

const describe = (p: Project) => `${p.plan} (${String(p.quota.perMinute)}/min, ${String(p.quota.perDay)}/day)`;

async function service(ctx: CliContext) {
  return new ProjectService(openProjectRepository(await ctx.database()), ctx.clock);
}

export const projectsCommand: CliCommand = {
  name: 'projects',
  usage: [
    'projects create SLUG --plan free|pro|business|enterprise [--per-minute N] [--per-day N] [--json]',
    'projects set-plan SLUG PLAN [--per-minute N] [--per-day N] [--json]',
    'projects list [--json]',
  ],
  async run([sub, ...rest], ctx) {
    if (sub === 'create' || sub === 'set-plan') {
      const { values, positionals } = parse(
        rest,
        sub === 'create' ? { plan: { type: 'string' }, ...QUOTA_OPTIONS } : QUOTA_OPTIONS,
        sub === 'create' ? 1 : 2,
      );
      const plan = sub === 'create' ? (values as { plan?: string }).plan : positionals[1];
      if (!plan) throw new UsageError('--plan is required');
      const custom = { perMinute: positiveInt('per-minute', values['per-minute']), perDay: positiveInt('per-day', values['per-day']) };
      const projects = await service(ctx);
      const slug = positionals[0] ?? '';
      const p = orRefuse(sub === 'create' ? await projects.create(slug, plan, custom) : await projects.setPlan(slug, plan, custom));
      await recordOperator(
        ctx,
        p.slug,
        sub === 'create' ? 'project.create' : 'plan.change',
        sub === 'create' ? p.slug : `${p.slug} -> ${p.plan}`,
      );
      if (values.json) ctx.json(projectJson(p));
      else
        ctx.out(sub === 'create' ? `created project ${p.slug} on plan ${describe(p)}` : `project ${p.slug} is now on plan ${describe(p)}`);
    } else if (sub === 'list') {
      const { values } = parse(rest, { json: { type: 'boolean' } }, 0);
      const list = await (await service(ctx)).list();
      if (values.json) ctx.json(list.map(projectJson));
      else for (const p of list) ctx.out(`${p.slug}\t${p.plan}\t${String(p.quota.perMinute)}/min\t${String(p.quota.perDay)}/day`);
    } else {
      throw new UsageError(`unknown projects command "${sub ?? ''}"`);
    }
  },
};
