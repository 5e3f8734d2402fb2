import { Worker } from 'node:worker_threads';
import { FIELDS, type RequestLogRepository } from './repository.js';

/** What the recorder writes through: the repository itself, or the writer thread. */
export type RequestLogWriter = Pick<RequestLogRepository, 'addFlat' | 'purge'> & { close(): Promise<void> };

/**
 * A batch as it crosses to the thread: each request's request id in `ids`, its other FIELDS values as
 * numbers in `numbers` (NUMBERS per request), a string value as its index in `strings` (the few methods,
 * paths, operations, keys and codes repeat) and null as -1. `numbers` is transferred, not copied.
 */
export interface EncodedBatch {
  strings: string[];
  ids: string[];
  numbers: Float64Array<ArrayBuffer>;
}
const NUMBERS = FIELDS - 1;

export type WriterTask =
  ({ kind: 'add'; seq: number } & EncodedBatch) | { kind: 'purge'; seq: number; before: number; projects: readonly number[]; keep: number };
export type WriterReply = { seq: number; ok: true; removed: number } | { seq: number; ok: false; message: string };

/**
 * The writer thread for a SQLite database file (requests/writer-thread.ts). A batch crosses encoded
 * (`EncodedBatch`): about 0.3 µs of the event loop's time per request to hand over (0.8 as one JSON
 * string), against about 3.5 µs to write it here. A thread that fails or exits rejects what it had (the recorder keeps those entries for
 * its next flush), and from then on `fallback` writes, on the event loop.
 */
export function openThreadWriter(
  path: string,
  fallback: RequestLogWriter,
  onFail: (err: Error) => void = () => undefined,
): RequestLogWriter {
  // Compiled, this module is a .js file beside the thread's; under the test runner (tsx), a .ts file.
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  // A small young generation: the thread's garbage is each batch's values, and its heap counts in the service's memory.
  const worker = new Worker(new URL(`./writer-thread.${ext}`, import.meta.url), {
    workerData: { path },
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
  });
  worker.unref();
  const waiting = new Map<number, { resolve: (removed: number) => void; reject: (err: Error) => void }>();
  let seq = 0;
  let gone: Error | null = null;
  let closing = false;
  const fail = (err: Error) => {
    if (gone === null && !closing) onFail(err);
    gone ??= err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (reply: WriterReply) => {
    const w = waiting.get(reply.seq);
    if (!w) return;
    waiting.delete(reply.seq);
    if (reply.ok) w.resolve(reply.removed);
    else w.reject(new Error(`request log writer: ${reply.message}`));
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => fail(new Error(`request log writer exited (${String(code)})`)));

  const send = (task: (seq: number) => WriterTask, transfer: ArrayBuffer[] = []): Promise<number> => {
    if (gone) return Promise.reject(gone);
    const n = ++seq;
    return new Promise<number>((resolve, reject) => {
      waiting.set(n, { resolve, reject });
      worker.ref();
      worker.postMessage(task(n), transfer);
    }).finally(() => {
      if (waiting.size === 0) worker.unref();
    });
  };

  return {
    addFlat: async (flat) => {
      if (gone) return fallback.addFlat(flat);
      if (flat.length === 0) return;
      const batch = encode(flat);
      await send((n) => ({ kind: 'add', seq: n, ...batch }), [batch.numbers.buffer]);
    },
    purge: (before, projects, keep) =>
      gone ? fallback.purge(before, projects, keep) : send((n) => ({ kind: 'purge', seq: n, before: before.getTime(), projects, keep })),
    close: async () => {
      if (gone) return fallback.close();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      closing = true;
      worker.ref();
      worker.postMessage({ kind: 'close' });
      await exited;
    },
  };
}

/** FIELDS values per request (repository.ts `flatten`'s order) as an `EncodedBatch`. */
export function encode(flat: readonly unknown[]): EncodedBatch {
  const count = Math.floor(flat.length / FIELDS);
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ids: string[] = new Array<string>(count);
  const numbers = new Float64Array(count * NUMBERS);
  let k = 0;
  for (let r = 0; r < count; r++) {
    const base = r * FIELDS;
    ids[r] = flat[base + 1] as string;
    for (let f = 0; f < FIELDS; f++) {
      if (f === 1) continue;
      const value = flat[base + f];
      if (typeof value === 'number') numbers[k++] = value;
      else if (typeof value === 'string') {
        let i = index.get(value);
        if (i === undefined) {
          i = strings.length;
          strings.push(value);
          index.set(value, i);
        }
        numbers[k++] = i;
      } else numbers[k++] = -1;
    }
  }
  return { strings, ids, numbers };
}

/** An `EncodedBatch` back as FIELDS values per request. */
export function decode({ strings, ids, numbers }: EncodedBatch): unknown[] {
  const flat: unknown[] = [];
  const text = (i: number) => (i < 0 ? null : strings[i]);
  for (let r = 0, k = 0; r < ids.length; r++, k += NUMBERS) {
    // projectId, requestId, at, method, path, operation, status, durationUs, keyId, errorCode
    flat.push(
      numbers[k],
      ids[r],
      numbers[k + 1],
      text(numbers[k + 2] as number),
      text(numbers[k + 3] as number),
      text(numbers[k + 4] as number),
      numbers[k + 5],
      numbers[k + 6],
      text(numbers[k + 7] as number),
      text(numbers[k + 8] as number),
    );
  }
  return flat;
}
