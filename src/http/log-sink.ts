import { pino } from 'pino';

/** Where log lines go: pino's lines and the access log's, in the order they were written. */
export interface LogSink {
  write(line: string): unknown;
}

/** Characters held before a write; a line is rarely over 1 KiB, so a batch stays near this size. */
const BATCH_CHARS = 8192;
/** The longest a line waits in memory. */
const FLUSH_MS = 200;

/**
 * Log lines in synchronous writes of about 8 KiB, at least every 200 ms, and
 * whatever is left when the process exits: one write per request cost about a
 * third of the CPU of serving a site file (docs/performance.md).
 *
 * The batch is kept here, as one string counted in characters, and handed to
 * a synchronous SonicBoom (which retries partial writes and EAGAIN) when full.
 * SonicBoom's own batching (`minLength`) measures the bytes of its whole
 * pending buffer on every write, about 3.5 µs per line at 8 KiB.
 */
export class BatchedLines implements LogSink {
  private pending = '';
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly out: { write(data: string): unknown; flushSync(): void }) {
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  write(line: string): boolean {
    this.pending += line;
    if (this.pending.length >= BATCH_CHARS) this.flush();
    return true;
  }

  /** Hands what is pending to the destination (a synchronous write). */
  flush(): void {
    if (this.pending === '') return;
    const batch = this.pending;
    this.pending = '';
    this.out.write(batch);
  }

  flushSync(): void {
    this.flush();
    this.out.flushSync();
  }
}

let stdout: BatchedLines | undefined;

/** The process's stdout as a batched log sink, flushed at exit; one per process. */
export function stdoutSink(): BatchedLines {
  if (stdout) return stdout;
  const sink = new BatchedLines(pino.destination({ dest: 1, sync: true }));
  process.on('exit', () => {
    try {
      sink.flushSync();
    } catch {
      // stdout already closed: nothing left to write to.
    }
  });
  stdout = sink;
  return sink;
}
