import { FIELDS } from './blocks.js';

/** Requests per chunk; a flush writes a chunk at a time (one transaction each). */
export const CHUNK = 1_000;
/** Numbers per request: project id, time (epoch ms), status, duration (µs). */
const NUMBERS = 4;
/** Values per request kept as they are: method, operation, key id, error code, error message. */
const REFS = 5;
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
  private text = Buffer.allocUnsafe(TEXT_BYTES);
  private used = 0;

  /** Bytes of text the chunk holds room for. */
  get textCapacity(): number {
    return this.text.length;
  }

  get full(): boolean {
    return this.count === CHUNK;
  }

  add(
    projectId: number,
    requestId: string,
    at: number,
    method: string,
    url: string,
    operation: string | null,
    status: number,
    durationUs: number,
    keyId: string | null,
    errorCode: string | null,
    errorMessage: string | null,
  ): void {
    const i = this.count++;
    const n = i * NUMBERS;
    this.numbers[n] = projectId;
    this.numbers[n + 1] = at;
    this.numbers[n + 2] = status;
    this.numbers[n + 3] = durationUs;
    const r = i * REFS;
    this.refs[r] = method;
    this.refs[r + 1] = operation;
    this.refs[r + 2] = keyId;
    this.refs[r + 3] = errorCode;
    this.refs[r + 4] = errorMessage;
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
    let start = 0;
    for (let i = 0; i < this.count; i++) {
      const n = i * NUMBERS;
      const r = i * REFS;
      const idEnd = this.ends[i * 2] as number;
      const urlEnd = this.ends[i * 2 + 1] as number;
      const errorCode = this.refs[r + 3] as string | null;
      const o = i * FIELDS;
      out[o] = this.numbers[n];
      out[o + 1] = this.text.toString('utf8', start, idEnd);
      out[o + 2] = this.numbers[n + 1];
      out[o + 3] = this.refs[r];
      out[o + 4] = path(this.text.toString('utf8', idEnd, urlEnd));
      out[o + 5] = this.refs[r + 1];
      out[o + 6] = this.numbers[n + 2];
      out[o + 7] = this.numbers[n + 3];
      out[o + 8] = this.refs[r + 2];
      out[o + 9] = errorCode;
      out[o + 10] = message(errorCode, this.refs[r + 4] as string | null);
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
  add(
    projectId: number,
    requestId: string,
    at: number,
    method: string,
    url: string,
    operation: string | null,
    status: number,
    durationUs: number,
    keyId: string | null,
    errorCode: string | null,
    errorMessage: string | null,
  ): boolean {
    if (this.total >= this.max) return false;
    let chunk = this.chunks.at(-1);
    if (chunk === undefined || chunk.full) this.chunks.push((chunk = this.spare.pop() ?? new PendingChunk()));
    chunk.add(projectId, requestId, at, method, url, operation, status, durationUs, keyId, errorCode, errorMessage);
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
