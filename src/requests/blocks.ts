import type { LoggedRequest } from './logged-request.js';

/**
 * The request log is kept in blocks: one row holds up to BLOCK_SIZE requests of one project, recorded by one
 * instance in one flush. A row per request cost about 4 µs of CPU per request to insert with its indexes; a
 * block costs a fraction of one, and a search reads a few blocks (most searches ask for the newest requests).
 *
 * A block row carries, beside its requests, what a search needs to skip it without decoding it: its
 * distinct statuses, keys and operations as space-separated text (` 200 404 `), and its request ids
 * between newlines.
 */

/** Requests per block at most: a flush of a busy project writes several. */
export const BLOCK_SIZE = 1_000;
/** A request's position in the log: its block's id times this, plus its index in the block. */
export const POSITIONS = 65_536n;

/**
 * Where each value of a request is in a flat batch (`at` in epoch ms, `durationUs` in whole microseconds): the one
 * definition of the layout, read by whoever writes or reads a batch.
 */
export const FIELD = {
  projectId: 0,
  requestId: 1,
  at: 2,
  method: 3,
  path: 4,
  operation: 5,
  status: 6,
  durationUs: 7,
  keyId: 8,
  errorCode: 9,
  errorMessage: 10,
  traceId: 11,
} as const;
/** Values per request in a flat batch. */
export const FIELDS = Object.keys(FIELD).length;

/** A request as a block keeps it (`at` in epoch milliseconds). */
export type BlockEntry = Omit<LoggedRequest, 'projectId' | 'at'> & { at: number };

/** A block's row, without its id (given by the database) and project. */
export interface BlockRow {
  firstAt: number;
  lastAt: number;
  count: number;
  statuses: string;
  keyIds: string;
  operations: string;
  requestIds: string;
  /**
   * JSON `{ s, n, m? }`: the distinct strings, NUMBERS values per request (a string as its index in `s`, null as -1),
   * and, when a request's error message says more than its code, each request's message (as an index, -1: none).
   * `m` is apart from `n` so a release that does not know it reads the block as before; so is `t`, each request's
   * trace id (null: none), present when one of them has one.
   */
  entries: string;
}

/** Numbers per request in `entries.n`: at − firstAt, method, path, operation, status, durationUs, keyId, errorCode. */
const NUMBERS = 8;

interface Encoded {
  s: (string | null)[];
  n: number[];
  m?: number[];
  t?: (string | null)[];
}

const spaced = (values: Iterable<string | number>): string => {
  let out = ' ';
  for (const v of values) out += `${String(v)} `;
  return out;
};

/** A block of the requests at `rows` of a flat batch (FIELDS values each, as the recorder hands them over). */
export function encodeBlock(flat: readonly unknown[], rows: readonly number[]): BlockRow {
  const s: string[] = [];
  const index = new Map<string, number>();
  const ref = (value: unknown): number => {
    if (typeof value !== 'string') return -1;
    let i = index.get(value);
    if (i === undefined) {
      i = s.length;
      s.push(value);
      index.set(value, i);
    }
    return i;
  };
  let firstAt = Infinity;
  let lastAt = -Infinity;
  for (const r of rows) {
    const at = flat[r * FIELDS + FIELD.at] as number;
    if (at < firstAt) firstAt = at;
    if (at > lastAt) lastAt = at;
  }
  const n = new Array<number>(rows.length * NUMBERS);
  const statuses = new Set<number>();
  const keyIds = new Set<string>();
  const operations = new Set<string>();
  let requestIds = '\n';
  let m: number[] | undefined;
  let t: (string | null)[] | undefined;
  let k = 0;
  let i = 0;
  for (const r of rows) {
    const b = r * FIELDS;
    const status = flat[b + FIELD.status] as number;
    const operation = flat[b + FIELD.operation] as string | null;
    const keyId = flat[b + FIELD.keyId] as string | null;
    requestIds += `${flat[b + FIELD.requestId] as string}\n`;
    statuses.add(status);
    if (keyId !== null) keyIds.add(keyId);
    if (operation !== null) operations.add(operation);
    n[k++] = (flat[b + FIELD.at] as number) - firstAt;
    n[k++] = ref(flat[b + FIELD.method]);
    n[k++] = ref(flat[b + FIELD.path]);
    n[k++] = ref(operation);
    n[k++] = status;
    n[k++] = flat[b + FIELD.durationUs] as number;
    n[k++] = ref(keyId);
    n[k++] = ref(flat[b + FIELD.errorCode]);
    const message = flat[b + FIELD.errorMessage];
    if (typeof message === 'string') (m ??= new Array<number>(rows.length).fill(-1))[i] = ref(message);
    const traceId = flat[b + FIELD.traceId];
    if (typeof traceId === 'string') (t ??= new Array<string | null>(rows.length).fill(null))[i] = traceId;
    i++;
  }
  return {
    firstAt,
    lastAt,
    count: rows.length,
    statuses: spaced(statuses),
    keyIds: spaced(keyIds),
    operations: spaced(operations),
    requestIds,
    entries: JSON.stringify({ s, n, ...(m ? { m } : {}), ...(t ? { t } : {}) } satisfies Encoded),
  };
}

/** A block's requests, oldest first. */
export function decodeBlock(firstAt: number, requestIds: string, entries: string): BlockEntry[] {
  const { s, n, m, t } = JSON.parse(entries) as Encoded;
  const ids = requestIds.slice(1, -1).split('\n');
  const text = (i: number | undefined) => (i === undefined || i < 0 ? null : (s[i] ?? null));
  const out: BlockEntry[] = [];
  for (let r = 0, k = 0; r < ids.length; r++, k += NUMBERS) {
    out.push({
      requestId: ids[r] ?? '',
      at: firstAt + (n[k] ?? 0),
      method: text(n[k + 1]) ?? '',
      path: text(n[k + 2]) ?? '',
      operation: text(n[k + 3]),
      status: n[k + 4] ?? 0,
      durationUs: n[k + 5] ?? 0,
      keyId: text(n[k + 6]),
      errorCode: text(n[k + 7]),
      errorMessage: m ? text(m[r]) : null,
      traceId: t?.[r] ?? null,
    });
  }
  return out;
}

/** Requests (as `decodeBlock` gives them) as one block again: for a block the purge cuts. */
export function reencodeBlock(entries: readonly BlockEntry[]): BlockRow {
  const flat: unknown[] = [];
  for (const e of entries)
    flat.push(
      0,
      e.requestId,
      e.at,
      e.method,
      e.path,
      e.operation,
      e.status,
      e.durationUs,
      e.keyId,
      e.errorCode,
      e.errorMessage ?? null,
      e.traceId ?? null,
    );
  return encodeBlock(
    flat,
    entries.map((_, i) => i),
  );
}
