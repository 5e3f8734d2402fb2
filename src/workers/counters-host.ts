import { subjectOf, windowOf, type Returned } from '../limits/credits.js';
import { MINUTE_MS } from '../limits/limiter.js';
import { MemoryCounters } from '../limits/memory.js';
import type { AdmitAnswer, CounterCall } from './messages.js';

/** The largest block of units one grant counts ahead for a worker. */
export const MAX_CREDIT = 1024;
/** The largest block under any quota; a larger one (up to MAX_CREDIT) is at most 1/PER_MINUTE_SHARE of the minute's quota. */
export const BASE_CREDIT = 64;
const PER_MINUTE_SHARE = 128;
/** No smaller block is granted: below it, asking again costs more than counting each request. */
export const MIN_CREDIT = 16;
/** How often holders of credits of minutes long past are forgotten. */
const SWEEP_EVERY_MS = 30_000;

/**
 * The block granted when `remaining` units are left in the tighter window after the request that asks: at most
 * a quarter of what is left shared by the workers, so every worker can hold a block with plenty to spare, and
 * none near the quota (Free's 60 a minute never gets credit with 2 workers). Up to BASE_CREDIT under any quota;
 * under a large one (`perMinute` above 8,192) up to 1/128 of its minute and MAX_CREDIT: each block is a round trip
 * to the primary (a message each way, and a wake-up of its process), and an Enterprise key served at 10,000
 * requests a second asked about 160 times a second with blocks of 64. A block counted ahead shows in the
 * windows' counts (the RateLimit headers) until it is used, so its share of the quota stays under 1%.
 */
export function creditSize(remaining: number, workers: number, perMinute = 0): number {
  const most = Math.min(MAX_CREDIT, Math.max(BASE_CREDIT, Math.floor(perMinute / PER_MINUTE_SHARE)));
  const size = Math.min(most, Math.floor(remaining / (4 * Math.max(1, workers))));
  return size < MIN_CREDIT ? 0 : size;
}

interface Subject {
  /** The workers holding credit, with the minute window of their last grant. */
  holders: Map<unknown, string>;
  /** The quota of the last grant, for the meter's calls that do not carry the day's. */
  perMinute: number;
  perDay: number;
  /** While credit is recalled: the workers not yet answered, and the calls that wait for them, in arrival order. */
  recall: { waiting: Set<unknown>; queue: (() => void)[] } | null;
}

/**
 * The primary's side of the workers' counters (limits/ipc.ts): one MemoryCounters for the whole server. Each call
 * is answered as the memory counters answer it in a single process, in the order the calls arrive, so the
 * windows are exact across workers as they are in one process.
 *
 * Credit: far from a subject's quota, a worker's `admitWindows` also gets a block of units, counted in both
 * windows at once, which the worker then admits requests from without asking (limits/credits.ts). A count may
 * then include units not used yet, which only matters near the quota; so a call on a subject that is near it
 * (no block could be granted) while workers hold its credit first recalls every credit of the subject, takes
 * back the units returned, and only then is answered, after the calls that came before it, with exact counts.
 */
export class CountersHost {
  private readonly memory = new MemoryCounters();
  private readonly subjects = new Map<string, Subject>();
  private nextRecall = 1;
  private nextSweep = 0;

  constructor(
    private readonly workers: () => number,
    private readonly sendRecall: (worker: unknown, id: number, subject: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Answers a call of `worker` through `reply`: at once, or once a recall it waits for is answered. */
  take(worker: unknown, call: CounterCall, reply: (value: unknown) => void): void {
    if (call.op !== 'incrementWindows' && call.op !== 'admitWindows') {
      reply(this.answer(call));
      return;
    }
    this.sweep();
    const subjectKey = subjectOf(call.minuteKey);
    const subject = this.subjects.get(subjectKey);
    if (subject?.recall) {
      subject.recall.queue.push(() => this.take(worker, call, reply));
      return;
    }
    const perDay = call.op === 'admitWindows' ? call.perDay : (subject?.perDay ?? Number.MAX_SAFE_INTEGER);
    const m = this.memory;
    const remaining = Math.min(call.perMinute - m.peekNow('minute', call.minuteKey), perDay - m.peekNow('day', call.dayKey)) - 1;
    const size = creditSize(remaining, this.workers(), call.perMinute);
    if (size === 0 && subject !== undefined && subject.holders.size > 0) {
      this.recall(subjectKey, subject, () => this.take(worker, call, reply));
      return;
    }
    if (call.op === 'incrementWindows') {
      // As RateLimiter.hit counts with two calls: a request the minute refuses is not counted in the day.
      const minute = m.incrementNow('minute', call.minuteKey);
      const day = !call.refused && minute <= call.perMinute ? m.incrementNow('day', call.dayKey) : m.peekNow('day', call.dayKey);
      reply({ minute, day });
      return;
    }
    // As RateLimiter.admitNow: counted only with room in both windows, else nothing.
    if (m.peekNow('minute', call.minuteKey) >= call.perMinute || m.peekNow('day', call.dayKey) >= call.perDay) {
      reply(null);
      return;
    }
    const answer: NonNullable<AdmitAnswer> = { minute: m.incrementNow('minute', call.minuteKey), day: m.incrementNow('day', call.dayKey) };
    if (call.credit === true && size > 0) {
      m.addNow('minute', call.minuteKey, size);
      m.addNow('day', call.dayKey, size);
      answer.credit = size;
      const held = subject ?? { holders: new Map(), perMinute: call.perMinute, perDay: call.perDay, recall: null };
      held.holders.set(worker, call.minuteKey);
      held.perMinute = call.perMinute;
      held.perDay = call.perDay;
      this.subjects.set(subjectKey, held);
    }
    reply(answer);
  }

  /** Units a worker gives back: on a recall, or when their minute ended. */
  returned(worker: unknown, returned: Returned & { id?: number }): void {
    const m = this.memory;
    if (returned.units > 0) {
      // Never below zero: a window that expired meanwhile is not given a negative count.
      m.addNow('minute', returned.minuteKey, -Math.min(returned.units, m.peekNow('minute', returned.minuteKey)));
      m.addNow('day', returned.dayKey, -Math.min(returned.units, m.peekNow('day', returned.dayKey)));
    }
    const subject = this.subjects.get(returned.subject);
    if (subject === undefined) return;
    if (returned.id === undefined) {
      if (subject.holders.get(worker) === returned.minuteKey) subject.holders.delete(worker);
    } else {
      subject.holders.delete(worker);
      subject.recall?.waiting.delete(worker);
    }
    this.settle(returned.subject, subject);
  }

  /** A worker that ended: its credit is gone with it (its units stay counted), and no recall waits for it. */
  gone(worker: unknown): void {
    for (const [key, subject] of this.subjects) {
      subject.holders.delete(worker);
      subject.recall?.waiting.delete(worker);
      this.settle(key, subject);
    }
  }

  /**
   * Forgets holders of credits two minutes old or more: a worker gives back the rest of a credit as its minute
   * ends, so such a holder used its credit up (and said nothing) and has nothing to give back.
   */
  private sweep(): void {
    const now = this.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    const minute = Math.floor(now / MINUTE_MS);
    for (const [key, subject] of this.subjects) {
      if (subject.recall !== null) continue;
      for (const [worker, minuteKey] of subject.holders) if (windowOf(minuteKey) < minute - 1) subject.holders.delete(worker);
      if (subject.holders.size === 0) this.subjects.delete(key);
    }
  }

  private recall(key: string, subject: Subject, then: () => void): void {
    const id = this.nextRecall++;
    subject.recall = { waiting: new Set(subject.holders.keys()), queue: [then] };
    for (const worker of subject.holders.keys()) this.sendRecall(worker, id, key);
  }

  /** Ends a recall every holder answered: the calls that waited are answered in their order. */
  private settle(key: string, subject: Subject): void {
    const recall = subject.recall;
    if (recall !== null && recall.waiting.size > 0) return;
    subject.recall = null;
    if (subject.holders.size === 0) this.subjects.delete(key);
    for (const then of recall?.queue ?? []) then();
  }

  private answer(call: Exclude<CounterCall, { op: 'incrementWindows' | 'admitWindows' }>): unknown {
    const m = this.memory;
    switch (call.op) {
      case 'increment':
        return m.incrementNow(call.kind, call.key);
      case 'peek':
        return m.peekNow(call.kind, call.key);
      case 'remove':
        void m.remove(call.kind, call.key);
        return null;
    }
  }
}
