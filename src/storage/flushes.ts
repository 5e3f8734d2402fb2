/**
 * One flush of a buffer at a time, where every caller's flush covers what was recorded before its call. A flush
 * under way took its batch when it started, so a call made meanwhile gets the next flush, started once that one
 * ends; calls made while the next one waits share it (at most one waits, however often a timer asks).
 */
export class Flushes {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly write: () => Promise<void>) {}

  flush(): Promise<void> {
    if (this.running === undefined) {
      const running = this.write().finally(() => {
        this.running = undefined;
      });
      this.running = running;
      return running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.flush();
      });
    return this.queued;
  }
}

/** What a capability holds in memory for the database and still owes it when the app closes. */
export interface OwedWrites {
  /** What it is, in the log: `request log`, `usage`. */
  name: string;
  /** Writes what is held (a Flushes' flush): may fail while the database refuses it. */
  flush(): Promise<void>;
  /** What is not written yet, a write under way included, counted by kind (`{requests: 50}`); zeros when nothing. */
  unwritten(): Record<string, number>;
}

/** What could not be written by the deadline: by capability, its counts by kind. */
export type Unwritten = Record<string, Record<string, number>>;

export interface FinalFlushOptions {
  /** Told of each attempt that failed (the first of each capability, then at most one a second). */
  onRetry?(name: string, err: unknown, attempt: number): void;
  /**
   * Called before each attempt with the time left: bounds how long the database may make it wait (SQLite's
   * busy timeout blocks the process while it waits, so it must not outlast the deadline).
   */
  boundWait?(ms: number): void;
}

/** Pauses between attempts: short at first (a lock about to be released), then every half second. */
const retryDelay = (attempt: number) => Math.min(500, 50 * 2 ** (attempt - 1));
/** The longest one attempt is left to wait on the database. */
const ATTEMPT_MS = 1000;

const nothingLeft = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);

/**
 * The last flush of what capabilities hold in memory for the database (the request log, usage and
 * deprecated-call counts), run once as the app closes. There is no next flush: while the database refuses
 * a write (its tables locked by another session, a busy SQLite, a restart), it is tried again a moment
 * later, each capability on its own, until it is written or the deadline passes. What is still not written
 * then is returned, counted, for the caller to report (the process's exit status says so).
 */
export class FinalFlushes {
  private readonly owed: OwedWrites[] = [];
  /** What the last run could not write (null: everything was written, or no run yet). */
  unwritten: Unwritten | null = null;

  add(owed: OwedWrites): void {
    this.owed.push(owed);
  }

  /** Flushes everything, retrying until `deadline` (epoch ms); null when all is written, else what is not. */
  async run(deadline: number, options: FinalFlushOptions = {}): Promise<Unwritten | null> {
    const left = await Promise.all(this.owed.map((o) => settle(o, deadline, options)));
    const unwritten: Unwritten = {};
    for (const [i, counts] of left.entries()) if (counts && !nothingLeft(counts)) unwritten[this.owed[i]?.name ?? String(i)] = counts;
    this.unwritten = Object.keys(unwritten).length > 0 ? unwritten : null;
    return this.unwritten;
  }
}

async function settle(owed: OwedWrites, deadline: number, options: FinalFlushOptions): Promise<Record<string, number> | null> {
  let told = -Infinity;
  for (let attempt = 1; ; attempt++) {
    const remaining = deadline - Date.now();
    options.boundWait?.(Math.max(0, Math.min(ATTEMPT_MS, remaining)));
    let timer: NodeJS.Timeout | undefined;
    // A write still under way at the deadline is counted as not written: the process ends without it.
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, remaining))));
    const written = owed.flush().then(
      () => 'written' as const,
      (err: unknown) => ({ err }),
    );
    const outcome = await Promise.race([written, late]);
    clearTimeout(timer);
    if (outcome === 'late') return owed.unwritten();
    if (outcome !== 'written' && Date.now() - told >= 1000) {
      told = Date.now();
      options.onRetry?.(owed.name, outcome.err, attempt);
    }
    const counts = owed.unwritten();
    if (nothingLeft(counts)) return null;
    const wait = deadline - Date.now();
    if (wait <= 0) return counts;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, retryDelay(attempt))));
  }
}
