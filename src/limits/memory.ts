import { COUNTER_TTL_SECONDS, type CounterKind, type Counters, type LimiterState } from './counters.js';

interface Entry {
  value: number;
  /** Epoch milliseconds after which the counter is gone. */
  expires: number;
}

/** Expired counters are swept at most this often, on the next increment (no timer per counter). */
const SWEEP_EVERY_MS = 30_000;

/**
 * Counters in this process's memory: exact, but not shared with other
 * instances. Synchronous underneath (`incrementNow`, `peekNow`), so a request
 * can be counted without a promise (the front door, http/pipeline/front-door.ts);
 * the promise methods of `Counters` are the same operations.
 */
export class MemoryCounters implements Counters {
  private readonly maps: Record<CounterKind, Map<string, Entry>> = { minute: new Map(), day: new Map(), strikes: new Map() };
  private nextSweep = Date.now() + SWEEP_EVERY_MS;

  incrementNow(kind: CounterKind, key: string): number {
    return this.addNow(kind, key, 1);
  }

  /** Adds `n` (negative to take back) and returns the new value. */
  addNow(kind: CounterKind, key: string, n: number): number {
    const now = Date.now();
    if (now >= this.nextSweep) this.sweep(now);
    const map = this.maps[kind];
    const entry = map.get(key);
    if (entry !== undefined && entry.expires > now) return (entry.value += n);
    map.set(key, { value: n, expires: now + COUNTER_TTL_SECONDS[kind] * 1000 });
    return n;
  }

  peekNow(kind: CounterKind, key: string): number {
    const entry = this.maps[kind].get(key);
    return entry !== undefined && entry.expires > Date.now() ? entry.value : 0;
  }

  async increment(kind: CounterKind, key: string): Promise<number> {
    return this.incrementNow(kind, key);
  }

  async peek(kind: CounterKind, key: string): Promise<number> {
    return this.peekNow(kind, key);
  }

  async remove(kind: CounterKind, key: string): Promise<void> {
    this.maps[kind].delete(key);
  }

  state(): LimiterState {
    return 'memory';
  }

  async close(): Promise<void> {}

  /** Drops expired counters, so memory holds only live windows whatever the number of subjects. */
  private sweep(now: number): void {
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const map of Object.values(this.maps)) for (const [key, entry] of map) if (entry.expires <= now) map.delete(key);
  }
}
