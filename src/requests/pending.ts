import { FIELD, FIELDS } from './blocks.js';

/** A request as the hot path hands it over (`at` in epoch ms, the raw URL): nothing is computed until the flush. */
export interface RecordedRequest {
  projectId: number;
  requestId: string;
  at: number;
  method: string;
  url: string;
  /** Null when no route matched. */
  operation: string | null;
  status: number;
  durationMs: number;
  keyId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** The trace of the request's span (32 hex digits), when telemetry is on and it was recorded. */
  traceId?: string | null;
}

/** The longest duration kept, in microseconds (what the log's integer column holds). */
const MAX_DURATION_US = 2 ** 30 - 1;

/** Requests per chunk; a flush writes a chunk at a time (one transaction each). */
export const CHUNK = 1_000;
/** Numbers per request: project id, time (epoch ms), status, duration (µs). */
const NUMBERS = 4;
/** Values per request kept as they are: method, operation, key id, error code, error message. */
const REFS = 5;
/** Bytes of a trace id (32 hex digits). */
const TRACE_BYTES = 16;
/** Text bytes a chunk starts with (a request id and a URL are about 80); it grows when a batch needs more. */
const TEXT_BYTES = CHUNK * 128;
/** Emptied chunks kept for reuse; a burst that needed more lets the rest go. */
const SPARE = 16;

/**
 * Up to CHUNK requests waiting for the request log's flush, kept where the garbage collector does not copy
 * them: numbers in typed arrays, the request id and the URL as UTF-8 bytes (each request's own strings, which
 * would otherwise live until the flush and be promoted to the old generation), and in one array made once
 * the values every request shares with others (the method, the operation, the key's id, the error code).
 */
export class PendingChunk {
  count = 0;
  private readonly numbers = new Float64Array(CHUNK * NUMBERS);
  private readonly refs: unknown[] = new Array<unknown>(CHUNK * REFS).fill(null);
  /** Per request, where its request id's bytes end and where its URL's end. */
  private readonly ends = new Uint32Array(CHUNK * 2);
  /** Per request, its trace id as bytes, and whether it has one (made on the first request that does). */
  private traces: Buffer | null = null;
  private readonly traced = new Uint8Array(CHUNK);
  private text = Buffer.allocUnsafe(TEXT_BYTES);
  private used = 0;

  /** Bytes of text the chunk holds room for. */
  get textCapacity(): number {
    return this.text.length;
  }

  get full(): boolean {
    return this.count === CHUNK;
  }

  add(request: RecordedRequest): void {
    const { requestId, url } = request;
    const i = this.count++;
    const n = i * NUMBERS;
    this.numbers[n] = request.projectId;
    this.numbers[n + 1] = request.at;
    this.numbers[n + 2] = request.status;
    this.numbers[n + 3] = Math.min(MAX_DURATION_US, Math.max(0, Math.round(request.durationMs * 1000)));
    const r = i * REFS;
    const traceId = request.traceId;
    // 32 hex digits or none: hex decoding stops at the first pair that is not one (cheaper than a pattern first).
    this.traced[i] =
      typeof traceId === 'string' &&
      traceId.length === 2 * TRACE_BYTES &&
      (this.traces ??= Buffer.alloc(CHUNK * TRACE_BYTES)).write(traceId, i * TRACE_BYTES, TRACE_BYTES, 'hex') === TRACE_BYTES
        ? 1
        : 0;
    this.refs[r] = request.method;
    this.refs[r + 1] = request.operation;
    this.refs[r + 2] = request.keyId;
    this.refs[r + 3] = request.errorCode;
    this.refs[r + 4] = request.errorMessage;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    const most = (requestId.length + url.length) * 3;
    if (this.used + most > this.text.length) this.grow(this.used + most);
    this.used += this.text.write(requestId, this.used, 'utf8');
    this.ends[i * 2] = this.used;
    this.used += this.text.write(url, this.used, 'utf8');
    this.ends[i * 2 + 1] = this.used;
  }

  private grow(needed: number): void {
    const text = Buffer.allocUnsafe(Math.max(needed, this.text.length * 2));
    this.text.copy(text, 0, 0, this.used);
    this.text = text;
  }

  /** The project of the request at `i`. */
  projectOf(i: number): number {
    return this.numbers[i * NUMBERS] as number;
  }

  /**
   * The requests as FIELDS values each (blocks.ts), in recording order: the URL as `path` gives it, the error
   * message as `message` gives it from the code and the message.
   */
  flat(path: (url: string) => string, message: (code: string | null, message: string | null) => string | null): unknown[] {
    const out = new Array<unknown>(this.count * FIELDS);
    // Every trace id in hex at once, each a slice of it (a call into Buffer per request cost more).
    const traces = this.traces === null ? '' : this.traces.toString('hex', 0, this.count * TRACE_BYTES);
    let start = 0;
    for (let i = 0; i < this.count; i++) {
      const n = i * NUMBERS;
      const r = i * REFS;
      const idEnd = this.ends[i * 2] as number;
      const urlEnd = this.ends[i * 2 + 1] as number;
      const errorCode = this.refs[r + 3] as string | null;
      const o = i * FIELDS;
      out[o + FIELD.projectId] = this.numbers[n];
      out[o + FIELD.requestId] = this.text.toString('utf8', start, idEnd);
      out[o + FIELD.at] = this.numbers[n + 1];
      out[o + FIELD.method] = this.refs[r];
      out[o + FIELD.path] = path(this.text.toString('utf8', idEnd, urlEnd));
      out[o + FIELD.operation] = this.refs[r + 1];
      out[o + FIELD.status] = this.numbers[n + 2];
      out[o + FIELD.durationUs] = this.numbers[n + 3];
      out[o + FIELD.keyId] = this.refs[r + 2];
      out[o + FIELD.errorCode] = errorCode;
      out[o + FIELD.errorMessage] = message(errorCode, this.refs[r + 4] as string | null);
      out[o + FIELD.traceId] = this.traced[i] === 1 ? traces.slice(2 * i * TRACE_BYTES, 2 * (i + 1) * TRACE_BYTES) : null;
      start = urlEnd;
    }
    return out;
  }

  /** Empties the chunk; text grown for long URLs is let go, so a chunk kept for reuse stays small. */
  clear(): void {
    this.truncate(0);
    if (this.text.length > TEXT_BYTES) this.text = Buffer.allocUnsafe(TEXT_BYTES);
  }

  /** Keeps the first `count` requests only. */
  truncate(count: number): void {
    if (count >= this.count) return;
    this.refs.fill(null, count * REFS, this.count * REFS);
    this.used = count === 0 ? 0 : (this.ends[count * 2 - 1] as number);
    this.count = count;
  }
}

/** The requests recorded since the last flush, in chunks, at most `max` of them. */
export class PendingRequests {
  private chunks: PendingChunk[] = [];
  private readonly spare: PendingChunk[] = [];
  private total = 0;

  constructor(private readonly max: number) {}

  /** Requests waiting. */
  get size(): number {
    return this.total;
  }

  /** False, recording nothing, when `max` requests are waiting already. */
  add(request: RecordedRequest): boolean {
    if (this.total >= this.max) return false;
    let chunk = this.chunks.at(-1);
    if (chunk === undefined || chunk.full) this.chunks.push((chunk = this.spare.pop() ?? new PendingChunk()));
    chunk.add(request);
    this.total++;
    return true;
  }

  /** Every chunk recorded so far, oldest first; what is recorded from now on goes to new ones. */
  take(): PendingChunk[] {
    const taken = this.chunks;
    this.chunks = [];
    this.total = 0;
    return taken;
  }

  /**
   * Puts chunks that could not be written back before those recorded since, keeping the oldest `max`
   * requests; returns how many newer ones that left out.
   */
  restore(kept: readonly PendingChunk[]): number {
    const chunks = [...kept, ...this.chunks];
    let room = this.max;
    let lost = 0;
    this.chunks = [];
    for (const chunk of chunks) {
      const keep = Math.min(room, chunk.count);
      lost += chunk.count - keep;
      room -= keep;
      if (keep === 0) {
        this.release(chunk);
        continue;
      }
      chunk.truncate(keep);
      this.chunks.push(chunk);
    }
    this.total = this.max - room;
    return lost;
  }

  /** A written chunk, emptied for reuse. */
  release(chunk: PendingChunk): void {
    chunk.clear();
    if (this.spare.length < SPARE) this.spare.push(chunk);
  }
}
