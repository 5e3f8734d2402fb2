import { Worker } from 'node:worker_threads';
import type { RequestLogRepository } from './repository.js';

/** What the recorder writes through: the repository itself, or the writer thread. */
export type RequestLogWriter = Pick<RequestLogRepository, 'addFlat' | 'purge'> & { close(): Promise<void> };

export type WriterTask =
  { kind: 'add'; seq: number; rows: string } | { kind: 'purge'; seq: number; before: number; projects: readonly number[]; keep: number };
export type WriterReply = { seq: number; ok: true; removed: number } | { seq: number; ok: false; message: string };

/**
 * The writer thread for a SQLite database file (requests/writer-thread.ts). A batch crosses as one JSON
 * string of plain values: about 1 µs of the event loop's time per request, against about 3.7 µs to
 * write it here. A thread that fails or exits rejects what it had (the recorder keeps those entries for
 * its next flush), and from then on `fallback` writes, on the event loop.
 */
export function openThreadWriter(
  path: string,
  fallback: RequestLogWriter,
  onFail: (err: Error) => void = () => undefined,
): RequestLogWriter {
  // Compiled, this module is a .js file beside the thread's; under the test runner (tsx), a .ts file.
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  // A small young generation: the thread's garbage is each batch's JSON, and its heap counts in the service's memory.
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

  const send = (task: (seq: number) => WriterTask): Promise<number> => {
    if (gone) return Promise.reject(gone);
    const n = ++seq;
    return new Promise<number>((resolve, reject) => {
      waiting.set(n, { resolve, reject });
      worker.ref();
      worker.postMessage(task(n));
    }).finally(() => {
      if (waiting.size === 0) worker.unref();
    });
  };

  return {
    addFlat: async (flat) => {
      if (gone) return fallback.addFlat(flat);
      if (flat.length === 0) return;
      const rows = JSON.stringify(flat);
      await send((n) => ({ kind: 'add', seq: n, rows }));
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
