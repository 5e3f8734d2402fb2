import { tracing, type SpanScope } from '../../telemetry/tracing.js';
import { inTrace } from '../statement-spans.js';
import { StorageUnavailableError } from '../unavailable.js';

/**
 * The group commit of PostgreSQL's hottest writes. Writes of one kind that wait while earlier ones are in
 * flight go together, as one statement: one round trip and one commit for all of them, where each alone
 * costs PostgreSQL a transaction and a WAL flush and the service a query's messages. A write that finds
 * nothing in flight leaves at the end of the event loop's turn, so a lone request waits for nothing.
 * Each write is answered only when its batch has committed.
 *
 * A batch that fails for a reason other than the database being unavailable is written again one write
 * at a time, so one write's error (a project deleted meanwhile) fails that write only.
 */
export interface BatchedWrite<I, O> {
  /** Writes the inputs in one statement (one transaction); resolves with one result per input, in their order. */
  many(inputs: readonly I[]): Promise<readonly O[]>;
  /** Writes one input in a statement of its own. */
  one(input: I): Promise<O>;
}

/** Batches in flight at once: one being written while the next waits to go. */
const IN_FLIGHT = 2;
/** Writes per batch at most: a statement's arrays and its locks stay small. */
const MAX_BATCH = 64;

interface Waiting<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
  /** With telemetry on: the write's `group commit` span, from queueing to its batch's commit; else null. */
  span: SpanScope | null;
}

/**
 * As SQLite's group commit (sqlite/group-commit.ts): a span per write, its request's child, from queueing to
 * the commit, with the number of writes committed together. A batch's one statement runs with its first
 * write's span active, so its statement span is in that request's trace; the others show the batch's size.
 */
const GROUP_COMMIT_SPAN = { kind: 'internal', attributes: { 'db.system': 'postgresql', 'db.system.name': 'postgresql' } } as const;

function inWriteSpan<T>(span: SpanScope, fn: () => Promise<T>): Promise<T> {
  return tracing().withActive(span, fn);
}

function ended(w: { span: SpanScope | null }, size: number, err?: unknown): void {
  if (w.span === null) return;
  w.span.setAttributes({ 'db.operation.batch.size': size });
  if (err !== undefined) w.span.fail(err);
  w.span.end();
}

export function batchedWrite<I, O>(write: BatchedWrite<I, O>): (input: I) => Promise<O> {
  let waiting: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const alone = (w: Waiting<I, O>, size: number): Promise<void> =>
    w.span === null
      ? write.one(w.input).then(w.resolve, w.reject)
      : inWriteSpan(w.span, () => write.one(w.input)).then(
          (value) => {
            ended(w, size);
            w.resolve(value);
          },
          (err: unknown) => {
            ended(w, size, err);
            w.reject(err);
          },
        );

  const settle = async (batch: Waiting<I, O>[]): Promise<void> => {
    if (batch.length === 1) {
      const [w] = batch as [Waiting<I, O>];
      await alone(w, 1);
      return;
    }
    let results: readonly O[];
    try {
      const first = batch[0]?.span ?? null;
      results = await (first === null
        ? write.many(batch.map((w) => w.input))
        : inWriteSpan(first, () => write.many(batch.map((w) => w.input))));
    } catch (err) {
      // PgDatabase's calls report "cannot serve now" (down, overloaded, timed out) as StorageUnavailableError.
      if (err instanceof StorageUnavailableError) {
        for (const w of batch) {
          ended(w, batch.length, err);
          w.reject(err);
        }
        return;
      }
      await Promise.all(batch.map((w) => alone(w, 1)));
      return;
    }
    batch.forEach((w, i) => {
      if (i < results.length) {
        ended(w, batch.length);
        w.resolve(results[i] as O);
      } else {
        const err = new Error(`a batch of ${String(batch.length)} writes returned ${String(results.length)} results`);
        ended(w, batch.length, err);
        w.reject(err);
      }
    });
  };

  const send = (): void => {
    scheduled = false;
    while (inFlight < IN_FLIGHT && waiting.length > 0) {
      const batch = waiting.length <= MAX_BATCH ? waiting : waiting.slice(0, MAX_BATCH);
      waiting = batch === waiting ? [] : waiting.slice(MAX_BATCH);
      inFlight++;
      void settle(batch).finally(() => {
        inFlight--;
        schedule();
      });
    }
  };

  const schedule = (): void => {
    if (scheduled || waiting.length === 0 || inFlight >= IN_FLIGHT) return;
    scheduled = true;
    // Detached: a batch is no one request's (each traced write runs in its own span).
    const t = tracing();
    if (t.enabled) t.detached(() => setImmediate(send));
    else setImmediate(send);
  };

  return (input) => {
    const t = tracing();
    const span = inTrace(t) ? t.startSpan('group commit', GROUP_COMMIT_SPAN) : null;
    return new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject, span });
      schedule();
    });
  };
}

/**
 * The CTEs `next` and `numbered` of a batch statement that numbers new rows per project: each project's
 * counter (`counters`: project_id, last_id) moves once by its count of rows in `rows` (a CTE with project_id
 * and the write's position `n`), and `numbered` is `rows` with `id`, the ids below the new counter in the
 * order of `n`. The upsert locks the counter rows in project order until commit, so ids ascend in commit
 * order and two batches wait for each other rather than deadlock.
 */
export const numberedPerProject = (counters: string, rows: string): string => `
  next AS (
    INSERT INTO ${counters} AS s (project_id, last_id)
    SELECT project_id, count(*) FROM ${rows} GROUP BY project_id ORDER BY project_id
    ON CONFLICT (project_id) DO UPDATE SET last_id = s.last_id + EXCLUDED.last_id
    RETURNING project_id, last_id
  ), numbered AS (
    SELECT ${rows}.*, next.last_id - count(*) OVER project + row_number() OVER (project ORDER BY ${rows}.n) AS id
    FROM ${rows} JOIN next USING (project_id)
    WINDOW project AS (PARTITION BY ${rows}.project_id)
  )`;
