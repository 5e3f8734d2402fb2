import type { SqliteDb } from './database.js';
import { storageError } from './database.js';

interface Pending {
  op: () => unknown;
  /** One statement: SQLite undoes a failed statement by itself, so it needs no savepoint. */
  oneStatement: boolean;
  /** False for bookkeeping whose loss on power failure is harmless (see `run`). */
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: writes that arrive in the same turn of the event loop run in
 * one transaction, so one COMMIT — one fsync under synchronous=FULL — makes
 * the whole batch durable. Each write runs in its own savepoint (a single
 * statement needs none: SQLite undoes a failed statement alone), so one that
 * throws is undone alone; every promise settles only after the batch's COMMIT
 * has returned, so a caller that sees success has a durable write, and if the
 * COMMIT fails every write of the batch fails.
 *
 * A batch made only of writes marked `durable: false` commits without an
 * fsync (synchronous=NORMAL for that COMMIT): it is visible to every
 * connection at once and survives a killed process, and a power failure can
 * lose it only together with nothing a durable write depends on, since the
 * next durable COMMIT syncs the write-ahead log up to and including it.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  private readonly runBatch: (batch: Pending[]) => Outcome[];
  private readonly syncLevel: number;
  private readonly lazySync: () => void;
  private readonly restoreSync: () => void;

  constructor(db: SqliteDb) {
    this.syncLevel = Number(db.pragma('synchronous', { simple: true }));
    const lazy = db.prepare('PRAGMA synchronous = NORMAL');
    const restore = db.prepare(`PRAGMA synchronous = ${String(this.syncLevel)}`);
    this.lazySync = () => lazy.run();
    this.restoreSync = () => restore.run();
    // Called inside the batch transaction, a better-sqlite3 transaction function is a savepoint.
    const single = db.transaction((op: () => unknown) => op());
    const batch = db.transaction((ops: Pending[]): Outcome[] =>
      ops.map((p) => {
        try {
          return { ok: true, value: p.oneStatement ? p.op() : single(p.op) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
    this.runBatch = (ops) => batch.immediate(ops);
  }

  /**
   * Runs `op` (synchronous database work) in the next batch; resolves once the
   * batch is committed. `oneStatement`: `op` runs exactly one SQL statement.
   * `durable: false`: the write may be committed without an fsync when its
   * batch holds no durable write (the webhook worker's leases and outcomes:
   * losing one only means a delivery is sent again).
   */
  run<T>(op: () => T, { oneStatement = false, durable = true } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ op, oneStatement, durable, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after every request read in this turn has queued its write.
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits whatever is queued now (also called before the database closes). */
  flush(): void {
    this.scheduled = false;
    const ops = this.queue;
    if (ops.length === 0) return;
    this.queue = [];
    let outcomes: Outcome[];
    // NORMAL is weaker than FULL only; a database opened with less keeps its own level.
    const lazy = this.syncLevel > 1 && ops.every((p) => !p.durable);
    try {
      if (lazy) this.lazySync();
      try {
        outcomes = this.runBatch(ops);
      } finally {
        if (lazy) this.restoreSync();
      }
    } catch (err) {
      const error = storageError(err);
      for (const p of ops) p.reject(error);
      return;
    }
    outcomes.forEach((o, i) => {
      const p = ops[i];
      if (!p) return;
      if (o.ok) p.resolve(o.value);
      else p.reject(storageError(o.error));
    });
  }
}
