import type { AdmitAnswer } from '../workers/messages.js';
import type { PrimaryChannel } from '../workers/channel.js';
import type { CounterKind, Counters, LimiterState } from './counters.js';
import { WorkerCredits } from './credits.js';
import { MINUTE_MS } from './limiter.js';

/**
 * The counters of a worker (WORKERS > 1 without Redis): kept in the primary's memory (workers/counters-host.ts),
 * so every worker counts against the same windows and quotas stay exact across workers. The calls of one
 * event-loop turn travel in one message. Far from a quota the primary grants credit, a block of units it
 * counted ahead (limits/credits.ts): requests are then admitted here without a round trip, `admitWindowsNow`
 * without a promise; near it, every request is counted by the primary.
 */
export class IpcCounters implements Counters {
  private readonly credits: WorkerCredits;
  private expiry: NodeJS.Timeout | null = null;

  constructor(private readonly channel: PrimaryChannel) {
    this.credits = new WorkerCredits((returned) => channel.returned(returned));
    channel.recalling((subject) => this.credits.recall(subject));
  }

  increment(kind: CounterKind, key: string): Promise<number> {
    return this.channel.counter({ op: 'increment', kind, key });
  }

  peek(kind: CounterKind, key: string): Promise<number> {
    return this.channel.counter({ op: 'peek', kind, key });
  }

  async remove(kind: CounterKind, key: string): Promise<void> {
    await this.channel.counter({ op: 'remove', kind, key });
  }

  incrementWindows(minuteKey: string, dayKey: string, perMinute: number, refused: boolean): Promise<{ minute: number; day: number }> {
    const counted = refused ? null : this.credits.take(minuteKey, dayKey, perMinute);
    if (counted !== null) return Promise.resolve(counted);
    return this.channel.counter({ op: 'incrementWindows', minuteKey, dayKey, perMinute, refused });
  }

  admitWindowsNow(minuteKey: string, dayKey: string, perMinute: number, perDay: number): { minute: number; day: number } | null {
    return this.credits.take(minuteKey, dayKey, perMinute, perDay);
  }

  admitWindows(minuteKey: string, dayKey: string, perMinute: number, perDay: number): Promise<{ minute: number; day: number } | null> {
    const counted = this.credits.take(minuteKey, dayKey, perMinute, perDay);
    if (counted !== null) return Promise.resolve(counted);
    const granted = (answer: AdmitAnswer) => {
      if (answer?.credit === undefined) return;
      this.credits.grant(minuteKey, dayKey, perMinute, perDay, answer.credit, answer.minute, answer.day);
      this.expireLater();
    };
    return this.channel.counter<AdmitAnswer>({ op: 'admitWindows', minuteKey, dayKey, perMinute, perDay, credit: true }, granted);
  }

  /** Every worker's requests are counted in one place, this server's memory. */
  state(): LimiterState {
    return 'memory';
  }

  async close(): Promise<void> {
    if (this.expiry !== null) clearTimeout(this.expiry);
    this.credits.dropAll();
  }

  /** At the next minute, gives back the credits of the minute before, and so on while some are held. */
  private expireLater(): void {
    if (this.expiry !== null) return;
    this.expiry = setTimeout(
      () => {
        this.expiry = null;
        this.credits.expire(Math.floor(Date.now() / MINUTE_MS));
        if (this.credits.size > 0) this.expireLater();
      },
      MINUTE_MS - (Date.now() % MINUTE_MS) + 50,
    );
    this.expiry.unref();
  }
}
