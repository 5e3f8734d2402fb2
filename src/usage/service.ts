import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { Environment } from '../http/pipeline/environments.js';
import type { Project } from '../projects/repository.js';
import type { ProjectLookup } from '../projects/service.js';
import type { Quota } from '../projects/plans.js';
import { DAY_MS, MINUTE_MS } from './recorder.js';
import type { KeyUsage, UsageRepository } from './repository.js';

export interface UsageBucket {
  start: Date;
  requests: number;
}

export interface UsageReport {
  project: string;
  environment: Environment;
  quota: Quota;
  /** The last 60 minutes, oldest first, the current minute last. */
  perMinute: UsageBucket[];
  /** The last 30 days (UTC), oldest first, today last. */
  perDay: UsageBucket[];
  /** With `byKey`: each key's requests today and in the last 30 days (UTC), the busiest first. */
  byKey?: KeyUsage[];
}

function series(from: number, step: number, count: number, rows: { at: Date; requests: number }[]): UsageBucket[] {
  const byStart = new Map(rows.map((r) => [r.at.getTime(), r.requests]));
  return Array.from({ length: count }, (_, i) => {
    const start = from + i * step;
    return { start: new Date(start), requests: byStart.get(start) ?? 0 };
  });
}

/** A project's requests per minute (last hour) and per day (last 30 days), beside its quota. */
export class UsageService {
  constructor(
    private readonly usage: UsageRepository,
    private readonly projects: ProjectLookup,
    private readonly clock: Clock,
  ) {}

  async report(slug: string, options: { byKey?: boolean; environment?: Environment } = {}): Promise<UsageReport | DomainError> {
    const project = await this.projects.find(slug);
    if (project instanceof DomainError) return project;
    return this.reportOf(await this.projects.inEnvironment(project, options.environment ?? 'production'), options);
  }

  async reportOf(project: Project, options: { byKey?: boolean } = {}): Promise<UsageReport> {
    const now = this.clock.now();
    const firstMinute = (Math.floor(now / MINUTE_MS) - 59) * MINUTE_MS;
    const firstDay = (Math.floor(now / DAY_MS) - 29) * DAY_MS;
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const [minutes, days, byKey] = await Promise.all([
      this.usage.minutes(project.id, new Date(firstMinute)),
      this.usage.days(project.id, new Date(firstDay)),
      options.byKey ? this.usage.byKey(project.id, new Date(firstDay), new Date(today)) : undefined,
    ]);
    return {
      project: project.slug,
      environment: project.environment,
      quota: project.quota,
      perMinute: series(firstMinute, MINUTE_MS, 60, minutes),
      perDay: series(firstDay, DAY_MS, 30, days),
      ...(byKey ? { byKey } : {}),
    };
  }
}

export const usageJson = (r: UsageReport) => ({
  project: r.project,
  environment: r.environment,
  quota: r.quota,
  perMinute: r.perMinute.map((b) => ({ start: b.start.toISOString(), requests: b.requests })),
  perDay: r.perDay.map((b) => ({ start: b.start.toISOString(), requests: b.requests })),
  ...(r.byKey
    ? { byKey: r.byKey.map((k) => ({ keyId: k.keyId, name: k.name, hint: k.hint, today: k.today, last30Days: k.last30Days })) }
    : {}),
});
