import { parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import type { CliCommand } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { openUsageRepository } from './repository.js';
import { usageJson, UsageService } from './service.js';

const hhmm = (d: Date) => d.toISOString().slice(11, 16);
const day = (d: Date) => d.toISOString().slice(0, 10);

export const usageCommand: CliCommand = {
  name: 'usage',
  usage: ['usage SLUG [--json]                     requests per minute (last hour) and per day (last 30 days) with the quotas'],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, 1);
    const slug = positionals[0] ?? '';
    if (slug.startsWith('-')) throw new UsageError('expected a project slug');
    const database = await ctx.database();
    const report = orRefuse(await new UsageService(openUsageRepository(database), openProjectRepository(database), ctx.clock).report(slug));
    if (values.json) return ctx.json(usageJson(report));
    const { perMinute, perDay } = report.quota;
    ctx.out(`project ${report.project}: quota ${String(perMinute)}/min, ${String(perDay)}/day (UTC; counts are up to 10 s late)`);
    ctx.out('');
    ctx.out(`per minute, last hour: ${String(report.perMinute.reduce((n, b) => n + b.requests, 0))} requests`);
    for (const b of report.perMinute) if (b.requests > 0) ctx.out(`  ${hhmm(b.start)}  ${String(b.requests)}/${String(perMinute)}`);
    ctx.out(`per day, last 30 days: ${String(report.perDay.reduce((n, b) => n + b.requests, 0))} requests`);
    for (const b of report.perDay) if (b.requests > 0) ctx.out(`  ${day(b.start)}  ${String(b.requests)}/${String(perDay)}`);
  },
};
