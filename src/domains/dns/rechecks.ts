import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { DomainRepository } from '../repository.js';
import type { DomainService } from '../service.js';

const TICK_MS = 15_000;
const BATCH = 20;

/**
 * Re-checks pending (and failed) domains in the background, each on its own
 * schedule: 1 minute after it was added or last checked, doubling to an hour,
 * for 48 hours (policy.ts). A domain that verifies starts its certificate.
 */
export class DnsRechecks {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: { repository: DomainRepository; service: DomainService; clock: Clock; log: FastifyBaseLogger }) {}

  start(): void {
    this.timer = setInterval(() => void this.run(), TICK_MS);
    this.timer.unref();
  }

  /** One pass over the due domains; resolves when it is done. */
  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        const due = await this.deps.repository.dueChecks(new Date(this.deps.clock.now()), BATCH);
        for (const record of due) await this.deps.service.check(record, { manual: false });
      } catch (err) {
        this.deps.log.warn({ err }, 'custom domains: background DNS checks failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
