import cluster from 'node:cluster';
import { pino } from 'pino';

/** Where log lines go: pino's lines and the access log's, in the order they were written. */
export interface LogSink {
  write(line: string): unknown;
}

/** Bytes held before a write; a line is rarely over 1 KiB, so a batch stays near this size. */
const BATCH_BYTES = 65536;
/** A batch and the line that completes it: below BATCH_BYTES, 8 KiB are always left for the next line. */
const BUFFER_BYTES = BATCH_BYTES + 8192;
/** The most a write to a pipe keeps together (POSIX: at least 512; Linux 4096). */
const PIPE_BUF = 4096;
/** The longest a line waits in memory. */
const FLUSH_MS = 200;

/**
 * Log lines in synchronous writes of about 64 KiB, at least every 200 ms, and
 * whatever is left when the process exits: one write per request cost about a
 * third of the CPU of serving a site file (docs/performance.md).
 *
 * Each line is encoded into the batch's buffer as it arrives, and the buffer
 * is handed to a synchronous SonicBoom in its buffer mode when full. A batch
 * kept as one string cost more: SonicBoom's string mode measures and encodes
 * the whole batch twice per write, after flattening the string the lines were
 * appended to (about 1.5 µs per request at 8 KiB, docs/performance.md).
 */
export class BatchedLines implements LogSink {
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;
  private readonly timer: NodeJS.Timeout;

  /**
   * `wholeLines`: several processes write the same pipe (workers, WORKERS > 1), and a write to a pipe is kept
   * whole only up to PIPE_BUF bytes: each write then holds whole lines, at most PIPE_BUF bytes (a longer line alone).
   */
  constructor(
    private readonly out: { write(data: Buffer): unknown; flushSync(): void },
    private readonly wholeLines = false,
  ) {
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  write(line: string): boolean {
    // A UTF-16 code unit is at most 3 bytes of UTF-8: a line this long always fits after a flush.
    if (line.length * 3 > BUFFER_BYTES - this.used) {
      this.flush();
      if (line.length * 3 > BUFFER_BYTES) {
        this.out.write(Buffer.from(line, 'utf8'));
        return true;
      }
    }
    this.used += this.buffer.write(line, this.used, 'utf8');
    if (this.used >= BATCH_BYTES) this.flush();
    return true;
  }

  /** Hands what is pending to the destination (a synchronous write). */
  flush(): void {
    if (this.used === 0) return;
    const batch = this.buffer.subarray(0, this.used);
    // The destination may keep the batch (a write it retries later): the next lines go to a new buffer.
    this.buffer = Buffer.allocUnsafe(BUFFER_BYTES);
    this.used = 0;
    if (!this.wholeLines) {
      this.out.write(batch);
      return;
    }
    for (let start = 0; start < batch.length;) {
      let end = Math.min(batch.length, start + PIPE_BUF);
      if (end < batch.length) {
        const lastNewline = batch.lastIndexOf(0x0a, end - 1);
        const nextNewline = batch.indexOf(0x0a, end);
        end = lastNewline >= start ? lastNewline + 1 : nextNewline === -1 ? batch.length : nextNewline + 1;
      }
      this.out.write(batch.subarray(start, end));
      start = end;
    }
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
  const destination = pino.destination({ dest: 1, sync: true, contentMode: 'buffer' });
  // In its buffer mode SonicBoom takes Buffers; its type declares the string mode's `write` only.
  const sink = new BatchedLines(
    {
      write: (data) => destination.write(data as unknown as string),
      flushSync: () => destination.flushSync(),
    },
    cluster.isWorker,
  );
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
