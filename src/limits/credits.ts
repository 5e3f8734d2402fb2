/** Units of a subject's minute and day windows the primary counted for this worker ahead of its requests. */
export interface Credit {
  minuteKey: string;
  dayKey: string;
  perMinute: number;
  perDay: number;
  /** Units left: each admits one request without asking the primary. */
  units: number;
  /** This worker's best knowledge of the windows' counts: the primary's at the grant, plus what it admitted since. */
  minute: number;
  day: number;
}

/** What a worker gives back: units the primary counted that no request used. */
export interface Returned {
  subject: string;
  minuteKey: string;
  dayKey: string;
  units: number;
}

/** The subject of a window's counter key (`p42:29000000` → `p42`). */
export function subjectOf(windowKey: string): string {
  return windowKey.slice(0, windowKey.lastIndexOf(':'));
}

/** The window instance of a counter key (`p42:29000000` → 29000000). */
export function windowOf(windowKey: string): number {
  return Number(windowKey.slice(windowKey.lastIndexOf(':') + 1));
}

/**
 * A worker's credits (limits/ipc.ts, workers/counters-host.ts): one per subject, for one minute and day window,
 * under the quota it was granted for. A credit that no longer fits a request (another window, another quota)
 * is given back, not used.
 */
export class WorkerCredits {
  private readonly held = new Map<string, Credit>();

  constructor(private readonly giveBack: (returned: Returned) => void) {}

  /**
   * Counts one request from the subject's credit and returns the windows' counts as this worker knows them, or
   * null having counted nothing (no credit for these windows: the request goes to the primary). Without
   * `perDay` (the meter's call), the day's quota is not compared.
   */
  take(minuteKey: string, dayKey: string, perMinute: number, perDay?: number): { minute: number; day: number } | null {
    if (this.held.size === 0) return null;
    const subject = subjectOf(minuteKey);
    const credit = this.held.get(subject);
    if (credit === undefined) return null;
    if (
      credit.minuteKey !== minuteKey ||
      credit.dayKey !== dayKey ||
      credit.perMinute !== perMinute ||
      (perDay !== undefined && credit.perDay !== perDay)
    ) {
      this.drop(subject);
      return null;
    }
    if (credit.units === 0) {
      this.held.delete(subject);
      return null;
    }
    credit.units--;
    return { minute: ++credit.minute, day: ++credit.day };
  }

  /** A block of units the primary counted for this worker, after the request whose counts are `minute` and `day`. */
  grant(minuteKey: string, dayKey: string, perMinute: number, perDay: number, units: number, minute: number, day: number): void {
    const subject = subjectOf(minuteKey);
    const credit = this.held.get(subject);
    if (
      credit !== undefined &&
      credit.minuteKey === minuteKey &&
      credit.dayKey === dayKey &&
      credit.perMinute === perMinute &&
      credit.perDay === perDay
    ) {
      credit.units += units;
      credit.minute = Math.max(credit.minute, minute);
      credit.day = Math.max(credit.day, day);
      return;
    }
    if (credit !== undefined) this.drop(subject);
    this.held.set(subject, { minuteKey, dayKey, perMinute, perDay, units, minute, day });
  }

  /** The primary takes the subject's credit back: what is left of it, which this worker no longer uses. */
  recall(subject: string): Returned {
    const credit = this.held.get(subject);
    this.held.delete(subject);
    return credit === undefined
      ? { subject, minuteKey: '', dayKey: '', units: 0 }
      : { subject, minuteKey: credit.minuteKey, dayKey: credit.dayKey, units: credit.units };
  }

  /** Gives back every credit of a minute before `minute`, so the day is not left counting units no request used. */
  expire(minute: number): void {
    for (const [subject, credit] of this.held) if (windowOf(credit.minuteKey) < minute) this.drop(subject);
  }

  /** Gives back every credit (the worker stops). */
  dropAll(): void {
    for (const subject of [...this.held.keys()]) this.drop(subject);
  }

  get size(): number {
    return this.held.size;
  }

  private drop(subject: string): void {
    const credit = this.held.get(subject);
    if (credit === undefined) return;
    this.held.delete(subject);
    if (credit.units > 0) this.giveBack({ subject, minuteKey: credit.minuteKey, dayKey: credit.dayKey, units: credit.units });
  }
}
