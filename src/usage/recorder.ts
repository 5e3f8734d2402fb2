import type { Clock } from '../clock.js';
import type { Principal } from '../keys/repository.js';
import type { DeprecatedCallCount, DeprecatedCallEvent, DeprecatedCallRepository } from './deprecated-calls.js';
import type { KeyUsageCount, UsageCount, UsageRepository } from './repository.js';
import { Flushes } from '../storage/flushes.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 3600_000;
export const MINUTES_KEPT_MS = 48 * 3600_000;
export const DAYS_KEPT_MS = 400 * DAY_MS;
/** A key's last use is written at most this often. */
const LAST_USE_RESOLUTION_MS = 60_000;
const PRUNE_EVERY_MS = 3600_000;

interface Tally {
  projectId: number;
  requests: number;
}

type DeprecatedTally = Omit<DeprecatedCallCount, 'day' | 'lastAt'> & { day: number; lastAt: number };

/** Where calls of deprecated operations go, and what their daily event says. */
export interface DeprecatedCalls {
  repository: DeprecatedCallRepository;
  event: DeprecatedCallEvent;
}

/**
 * Counts API requests per key per minute in memory; `flush` adds them to the
 * database (project minute and day buckets, key day buckets) and notes the keys' last use. Recording a
 * request is a clock read and one Map update, so the hot path stays cheap.
 */
export class UsageRecorder {
  private minute = -1;
  private current = new Map<string, Tally>();
  /** Tallies of minutes that ended since the last flush. */
  private ended: { minute: number; tallies: Map<string, Tally> }[] = [];
  private readonly lastUseWritten = new Map<string, number>();
  private lastPrune = 0;
  private readonly flushes = new Flushes(() => this.write());
  /** Calls of deprecated operations today (UTC) not yet written, by key and operation. */
  private deprecatedDay = -1;
  private deprecated = new Map<string, Map<string, DeprecatedTally>>();
  /** Those of days that ended, and of a flush that failed, for the next flush. */
  private deprecatedLeft: DeprecatedTally[] = [];
  /** Requests and calls of deprecated operations in the flush under way, not written yet. */
  private writing = { requests: 0, deprecatedCalls: 0 };

  constructor(
    private readonly usage: UsageRepository,
    private readonly touchKeys: (ids: string[], at: Date) => Promise<void>,
    private readonly clock: Clock,
    private readonly deprecatedCalls?: DeprecatedCalls,
  ) {}

  /**
   * Counts a call of a deprecated operation (besides `record`): only those routes pay for it. Keyed by the
   * principal's own strings, whose hashes are kept, not by a string made per call (0.5 µs a call against 0.1).
   */
  recordDeprecated(principal: Principal, operation: string): void {
    const now = this.clock.now();
    const day = Math.floor(now / DAY_MS) * DAY_MS;
    if (day !== this.deprecatedDay) {
      this.deprecatedLeft.push(...this.deprecatedTallies());
      this.deprecated = new Map();
      this.deprecatedDay = day;
    }
    let byOperation = this.deprecated.get(principal.keyId);
    if (byOperation === undefined) this.deprecated.set(principal.keyId, (byOperation = new Map()));
    const tally = byOperation.get(operation);
    if (tally) {
      tally.requests++;
      if (now > tally.lastAt) tally.lastAt = now;
    } else {
      byOperation.set(operation, { projectId: principal.projectId, keyId: principal.keyId, operation, day, requests: 1, lastAt: now });
    }
  }

  private deprecatedTallies(): DeprecatedTally[] {
    return [...this.deprecated.values()].flatMap((byOperation) => [...byOperation.values()]);
  }

  record(principal: Principal): void {
    const minute = Math.floor(this.clock.now() / MINUTE_MS);
    if (minute !== this.minute) {
      if (this.current.size > 0) this.ended.push({ minute: this.minute, tallies: this.current });
      this.current = new Map();
      this.minute = minute;
    }
    const tally = this.current.get(principal.keyId);
    if (tally) tally.requests++;
    else this.current.set(principal.keyId, { projectId: principal.projectId, requests: 1 });
  }

  /** Writes what was counted since the last flush; one flush at a time, and a call during one gets the next (storage/flushes.ts). Counts are kept for the next one if it fails. */
  flush(): Promise<void> {
    return this.flushes.flush();
  }

  /** Requests and calls of deprecated operations counted and not written yet, the flush under way included. */
  unwritten(): { requests: number; deprecatedCalls: number } {
    const requests = (tallies: Iterable<Tally>) => [...tallies].reduce((n, t) => n + t.requests, 0);
    return {
      requests: this.writing.requests + requests(this.current.values()) + this.ended.reduce((n, b) => n + requests(b.tallies.values()), 0),
      deprecatedCalls:
        this.writing.deprecatedCalls + [...this.deprecatedLeft, ...this.deprecatedTallies()].reduce((n, t) => n + t.requests, 0),
    };
  }

  private async write(): Promise<void> {
    const batches = this.ended;
    if (this.current.size > 0) batches.push({ minute: this.minute, tallies: this.current });
    this.ended = [];
    this.current = new Map();
    this.writing.requests = batches.reduce((n, b) => n + [...b.tallies.values()].reduce((m, t) => m + t.requests, 0), 0);
    const now = this.clock.now();
    const minutes = new Map<string, UsageCount>();
    const days = new Map<string, UsageCount>();
    const keys = new Set<string>();
    const keyDays = new Map<string, KeyUsageCount>();
    const add = (into: Map<string, UsageCount>, projectId: number, at: number, requests: number) => {
      const id = `${String(projectId)}@${String(at)}`;
      const entry = into.get(id);
      if (entry) entry.requests += requests;
      else into.set(id, { projectId, at: new Date(at), requests });
    };
    for (const { minute, tallies } of batches) {
      for (const [keyId, t] of tallies) {
        add(minutes, t.projectId, minute * MINUTE_MS, t.requests);
        const day = Math.floor((minute * MINUTE_MS) / DAY_MS) * DAY_MS;
        add(days, t.projectId, day, t.requests);
        keys.add(keyId);
        const id = `${keyId}@${String(day)}`;
        const entry = keyDays.get(id);
        if (entry) entry.requests += t.requests;
        else keyDays.set(id, { projectId: t.projectId, keyId, at: new Date(day), requests: t.requests });
      }
    }
    try {
      if (minutes.size > 0) await this.usage.add([...minutes.values()], [...days.values()], [...keyDays.values()]);
    } catch (err) {
      // Keep the counts for the next flush: the database may be restarting.
      this.ended = [...batches, ...this.ended];
      throw err;
    } finally {
      this.writing.requests = 0;
    }
    await this.writeDeprecated();
    const due = [...keys].filter((id) => now - (this.lastUseWritten.get(id) ?? -Infinity) >= LAST_USE_RESOLUTION_MS);
    if (due.length > 0) {
      await this.touchKeys(due, new Date(now));
      for (const id of due) this.lastUseWritten.set(id, now);
    }
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.usage.prune(new Date(now - MINUTES_KEPT_MS), new Date(now - DAYS_KEPT_MS));
    }
  }

  private async writeDeprecated(): Promise<void> {
    if (!this.deprecatedCalls) return;
    const tallies = [...this.deprecatedLeft, ...this.deprecatedTallies()];
    if (tallies.length === 0) return;
    this.deprecatedLeft = [];
    this.deprecated = new Map();
    this.writing.deprecatedCalls = tallies.reduce((n, t) => n + t.requests, 0);
    // A key's calls of one day may come in two rows (a failed flush's and today's): both are added, one event.
    const rows = tallies.map((t): DeprecatedCallCount => ({ ...t, day: new Date(t.day), lastAt: new Date(t.lastAt) }));
    try {
      await this.deprecatedCalls.repository.add(rows, this.deprecatedCalls.event);
    } catch (err) {
      // Kept for the next flush: the database may be restarting.
      this.deprecatedLeft.push(...tallies);
      throw err;
    } finally {
      this.writing.deprecatedCalls = 0;
    }
  }
}
