import { RateLimiterMemory } from 'rate-limiter-flexible';
import { COUNTER_TTL_SECONDS, NO_LIBRARY_LIMIT, type CounterKind, type Counters, type LimiterState } from './counters.js';

/** Counters in this process's memory: exact, but not shared with other instances. */
export class MemoryCounters implements Counters {
  private readonly limiters: Record<CounterKind, RateLimiterMemory>;

  constructor() {
    const limiter = (kind: CounterKind) =>
      new RateLimiterMemory({ points: NO_LIBRARY_LIMIT, duration: COUNTER_TTL_SECONDS[kind], keyPrefix: kind });
    this.limiters = { minute: limiter('minute'), day: limiter('day'), strikes: limiter('strikes') };
  }

  async increment(kind: CounterKind, key: string): Promise<number> {
    return (await this.limiters[kind].consume(key)).consumedPoints;
  }

  async peek(kind: CounterKind, key: string): Promise<number> {
    return (await this.limiters[kind].get(key))?.consumedPoints ?? 0;
  }

  async remove(kind: CounterKind, key: string): Promise<void> {
    await this.limiters[kind].delete(key);
  }

  state(): LimiterState {
    return 'memory';
  }

  async close(): Promise<void> {}
}
