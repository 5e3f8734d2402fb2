import type { PrimaryChannel } from '../workers/channel.js';
import type { CounterKind, Counters, LimiterState } from './counters.js';

/**
 * The counters of a worker (WORKERS > 1 without Redis): kept in the primary's memory (workers/counters-host.ts),
 * one round trip over IPC per request as Redis is, so every worker counts against the same windows and quotas
 * stay exact across workers. The calls of one event-loop turn travel in one message.
 */
export class IpcCounters implements Counters {
  constructor(private readonly channel: PrimaryChannel) {}

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
    return this.channel.counter({ op: 'incrementWindows', minuteKey, dayKey, perMinute, refused });
  }

  admitWindows(minuteKey: string, dayKey: string, perMinute: number, perDay: number): Promise<{ minute: number; day: number } | null> {
    return this.channel.counter({ op: 'admitWindows', minuteKey, dayKey, perMinute, perDay });
  }

  /** Every worker's requests are counted in one place, this server's memory. */
  state(): LimiterState {
    return 'memory';
  }

  async close(): Promise<void> {}
}
