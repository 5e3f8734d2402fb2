import { tracing, type SpanScope } from '../../telemetry/tracing.js';
import { inTrace } from '../statement-spans.js';
import type { SqliteDb } from './database.js';
import { SQLITE_BUSY_TIMEOUT_MS, storageError } from './database.js';

interface Pending {
  op: () => unknown;
  /** One statement: SQLite undoes a failed statement by itself, so it needs no savepoint. */
  oneStatement: boolean;
  /** False for bookkeeping whose loss on power failure is harmless (see `run`). */
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  /** With telemetry on: the write's `group commit` span, from queueing to the batch's COMMIT; else null. */
  span: SpanScope | null;
  /** With telemetry on: the span active when the write was queued (its request's), for the events it records. */
  cause: string | null;
}

/** The queued write whose statements run now, while telemetry is on (see `causeOfWrite`). */
let running: Pending | null = null;

/**
 * The `traceparent` of the span that caused the write running now: the span active when a group commit's
 * write was queued (its request's), or else the active span. An event keeps it, so its deliveries link to
 * the request that caused them; null when telemetry is off or there is none.
 */
export function causeOfWrite(): string | null {
  return running === null ? tracing().activeTraceparent() : running.cause;
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
  /** With `yieldOnBusy`: the batch without SQLite's busy wait, which sleeps the whole process. */
  private readonly runBatchNoWait: ((batch: Pending[]) => Outcome[]) | null = null;
  /** When the batch waiting for another process's write lock first found it taken; null when none waits. */
  private busySince: number | null = null;

  /**
   * `yieldOnBusy` (workers, WORKERS > 1: several processes write the database): a batch that finds the write lock
   * taken by another process is tried again 1 ms later, the event loop free meanwhile, until SQLITE_BUSY_TIMEOUT_MS;
   * without it SQLite's busy handler waits for the lock in sleeps of up to 100 ms that freeze the process.
   */
  constructor(db: SqliteDb, { yieldOnBusy = false }: { yieldOnBusy?: boolean } = {}) {
    this.syncLevel = Number(db.pragma('synchronous', { simple: true }));
    const lazy = db.prepare('PRAGMA synchronous = NORMAL');
    const restore = db.prepare(`PRAGMA synchronous = ${String(this.syncLevel)}`);
    this.lazySync = () => lazy.run();
    this.restoreSync = () => restore.run();
    // Called inside the batch transaction, a better-sqlite3 transaction function is a savepoint.
    const single = db.transaction((op: () => unknown) => op());
    const execute = (p: Pending): unknown => (p.oneStatement ? p.op() : single(p.op));
    // With telemetry on, a write's statements are children of its own span (and so of its request's).
    const traced = (p: Pending, span: SpanScope): unknown => {
      running = p;
      try {
        return tracing().withActive(span, () => execute(p));
      } finally {
        running = null;
      }
    };
    const batch = db.transaction((ops: Pending[]): Outcome[] =>
      ops.map((p) => {
        try {
          return { ok: true, value: p.span === null ? execute(p) : traced(p, p.span) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
    this.runBatch = (ops) => batch.immediate(ops);
    if (yieldOnBusy) {
      const current = db.prepare('PRAGMA busy_timeout').pluck();
      const noWait = db.prepare('PRAGMA busy_timeout = 0');
      this.runBatchNoWait = (ops) => {
        // The wait in force (a shutdown bounds it) is put back after.
        const wait = Number(current.get());
        noWait.run();
        try {
          return batch.immediate(ops);
        } finally {
          db.pragma(`busy_timeout = ${String(wait)}`);
        }
      };
    }
  }

  /**
   * Runs `op` (synchronous database work) in the next batch; resolves once the
   * batch is committed. `oneStatement`: `op` runs exactly one SQL statement.
   * `durable: false`: the write may be committed without an fsync when its
   * batch holds no durable write (the webhook worker's leases and outcomes:
   * losing one only means a delivery is sent again).
   */
  run<T>(op: () => T, { oneStatement = false, durable = true } = {}): Promise<T> {
    const t = tracing();
    const span = inTrace(t) ? t.startSpan('group commit', GROUP_COMMIT_SPAN) : null;
    const cause = span === null ? null : t.activeTraceparent();
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ op, oneStatement, durable, resolve: resolve as (value: unknown) => void, reject, span, cause });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after every request read in this turn has queued its write. Detached: the batch is
        // no one request's (each traced write runs in its own span), so its other writes join no trace.
        if (t.enabled) t.detached(() => setImmediate(this.flushSoon));
        else setImmediate(this.flushSoon);
      }
    });
  }

  private readonly flushSoon = (): void => this.flush(this.runBatchNoWait !== null);

  /**
   * Commits whatever is queued now (also called before the database closes, waiting for the lock then).
   * `yielding`: when another process holds the write lock, the batch is tried again shortly instead.
   */
  flush(yielding = false): void {
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
        outcomes = yielding && this.runBatchNoWait ? this.runBatchNoWait(ops) : this.runBatch(ops);
      } finally {
        if (lazy) this.restoreSync();
      }
    } catch (err) {
      // Only BEGIN IMMEDIATE finds the lock taken (the batch holds it from then on): nothing of the batch ran.
      const code = (err as { code?: unknown }).code;
      if (yielding && typeof code === 'string' && code.startsWith('SQLITE_BUSY')) {
        this.busySince ??= Date.now();
        if (Date.now() - this.busySince < SQLITE_BUSY_TIMEOUT_MS) {
          this.queue = ops.concat(this.queue);
          if (!this.scheduled) {
            this.scheduled = true;
            setTimeout(this.flushSoon, 1);
          }
          return;
        }
      }
      this.busySince = null;
      const error = storageError(err);
      for (const p of ops) {
        if (p.span !== null) endWriteSpan(p.span, ops.length, error);
        p.reject(error);
      }
      return;
    }
    this.busySince = null;
    outcomes.forEach((o, i) => {
      const p = ops[i];
      if (!p) return;
      if (p.span !== null) endWriteSpan(p.span, ops.length, o.ok ? null : o.error);
      if (o.ok) p.resolve(o.value);
      else p.reject(storageError(o.error));
    });
  }
}

/**
 * A write's span in a group commit: from the moment it is queued to its batch's COMMIT (what its request
 * waited for), its statements as children, with the number of writes committed together. One span per
 * write rather than one per batch: a batch holds writes of many requests, and each request's trace shows
 * its own.
 */
const GROUP_COMMIT_SPAN = { kind: 'internal', attributes: { 'db.system': 'sqlite', 'db.system.name': 'sqlite' } } as const;

function endWriteSpan(span: SpanScope, batchSize: number, error: unknown): void {
  span.setAttributes({ 'db.operation.batch.size': batchSize });
  if (error !== null) span.fail(error);
  span.end();
}
