import { MemoryCounters } from '../limits/memory.js';
import type { CounterCall } from './messages.js';

/**
 * The primary's side of the workers' counters (limits/ipc.ts): one MemoryCounters for the whole server. Each call
 * is answered as the memory counters answer it in a single process, in the order the calls arrive, so the
 * windows are exact across workers as they are in one process.
 */
export class CountersHost {
  private readonly memory = new MemoryCounters();

  answer(call: CounterCall): unknown {
    const m = this.memory;
    switch (call.op) {
      case 'increment':
        return m.incrementNow(call.kind, call.key);
      case 'peek':
        return m.peekNow(call.kind, call.key);
      case 'remove':
        void m.remove(call.kind, call.key);
        return null;
      case 'incrementWindows': {
        // As RateLimiter.hit counts with two calls: a request the minute refuses is not counted in the day.
        const minute = m.incrementNow('minute', call.minuteKey);
        const day = !call.refused && minute <= call.perMinute ? m.incrementNow('day', call.dayKey) : m.peekNow('day', call.dayKey);
        return { minute, day };
      }
      case 'admitWindows': {
        // As RateLimiter.admitNow: counted only with room in both windows, else nothing.
        if (m.peekNow('minute', call.minuteKey) >= call.perMinute || m.peekNow('day', call.dayKey) >= call.perDay) return null;
        return { minute: m.incrementNow('minute', call.minuteKey), day: m.incrementNow('day', call.dayKey) };
      }
    }
  }
}
