import type { Clock } from '../clock.js';
import { fullyDecoded, redactKeys } from '../http/observability/logging.js';
import { catalogMessage } from './messages.js';
import type { RequestLogRepository } from './repository.js';
import { Flushes } from '../storage/flushes.js';
import { PendingRequests, type PendingChunk, type RecordedRequest } from './pending.js';

/** What the recorder writes through. */
export type RequestLogWriter = Pick<RequestLogRepository, 'addFlat' | 'purge'>;

/** A project keeps its newest requests up to this many; the purge removes older ones. */
export const REQUESTS_KEPT_PER_PROJECT = 100_000;
/** Requests held in memory at most while the database does not take them (newer ones are dropped, and counted). */
const MAX_PENDING = 50_000;
const PATH_MAX = 2048;
const PURGE_EVERY_MS = 60_000;
/** Distinct URLs whose logged path is remembered between flushes (most traffic repeats a few). */
const PATHS_REMEMBERED = 2_000;

/** Whether a query parameter's name, as sent, is read as `cursor` once decoded (`%63ursor`, `%2563ursor`, `CURSOR`, `cursor+`). */
const namesCursor = (name: string) => fullyDecoded(name, true).trim().toLowerCase() === 'cursor';

/**
 * The URL as the log keeps it: each `cursor` value replaced (a cursor is a bearer of position a customer may
 * not want shown), whatever the spelling of its name, anything shaped like a key or token redacted however it
 * was encoded (http/observability/logging.ts), cut to 2 KiB.
 */
export function loggedPath(url: string): string {
  const q = url.indexOf('?');
  let path = url;
  if (q !== -1) {
    const query = url
      .slice(q + 1)
      .split('&')
      .map((part) => {
        const eq = part.indexOf('=');
        return namesCursor(eq === -1 ? part : part.slice(0, eq)) ? 'cursor=…' : part;
      })
      .join('&');
    path = `${url.slice(0, q)}?${query}`;
  }
  path = redactKeys(path);
  return path.length > PATH_MAX ? `${path.slice(0, PATH_MAX)}…` : path;
}

const MESSAGE_MAX = 1000;

/**
 * The message a failed request's client got, as the log keeps it: null when it is the code's own message (shown
 * from the catalog), else with anything shaped like a key or token redacted, cut to 1,000 characters.
 */
export function loggedMessage(code: string | null, message: string | null): string | null {
  if (code === null || message === null || message === catalogMessage(code)) return null;
  const redacted = redactKeys(message);
  return redacted.length > MESSAGE_MAX ? `${redacted.slice(0, MESSAGE_MAX)}…` : redacted;
}

/**
 * Collects requests in memory; `flush` writes them as blocks (requests/blocks.ts), a
 * transaction per thousand requests. Recording copies the request's values into the pending chunk
 * (requests/pending.ts), so the hot path stays cheap and leaves nothing for the garbage collector to
 * promote; the path is cleaned at the flush, once per distinct URL. Every `PURGE_EVERY_MS` the flush also
 * removes requests past the retention and beyond each busy project's bound.
 */
export class RequestRecorder {
  private readonly pending = new PendingRequests(MAX_PENDING);
  /** Projects written since the last purge: only they can have grown past the bound. */
  private readonly written = new Set<number>();
  private lastPurge = 0;
  private readonly flushes = new Flushes(() => this.write());
  private paths = new Map<string, string>();
  private readonly pathOf = (url: string): string => {
    let path = this.paths.get(url);
    if (path === undefined) {
      if (this.paths.size >= PATHS_REMEMBERED) this.paths = new Map();
      this.paths.set(url, (path = loggedPath(url)));
    }
    return path;
  };
  /** Requests not logged because the buffer was full. */
  dropped = 0;
  /** Requests of the flush under way not written yet. */
  private writing = 0;

  constructor(
    private readonly log: RequestLogWriter,
    private readonly clock: Clock,
    private readonly keepMs: number,
    private readonly keepPerProject: number = REQUESTS_KEPT_PER_PROJECT,
  ) {}

  /** A request as the hot path hands it over: nothing is computed until the flush. */
  record(request: RecordedRequest): void {
    if (!this.pending.add(request)) this.dropped++;
  }

  /** Writes what was recorded since the last flush; one flush at a time, and a call during one gets the next (storage/flushes.ts). Entries are kept for the next one if it fails. */
  flush(): Promise<void> {
    return this.flushes.flush();
  }

  /** Requests recorded and not written yet, the flush under way included. */
  unwritten(): { requests: number } {
    return { requests: this.pending.size + this.writing };
  }

  private async write(): Promise<void> {
    const chunks = this.pending.take();
    this.writing = chunks.reduce((n, chunk) => n + chunk.count, 0);
    // A few milliseconds of the database's time per chunk; other requests are served between chunks.
    for (let c = 0; c < chunks.length; c++) {
      const chunk = chunks[c] as PendingChunk;
      // Requests that arrived meanwhile are answered between chunks: a write that settles at once would not let them.
      if (c > 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        await this.log.addFlat(chunk.flat(this.pathOf, loggedMessage));
      } catch (err) {
        // Kept for the next flush (the database may be restarting), before what was recorded since, within the bound.
        this.writing = 0;
        this.dropped += this.pending.restore(chunks.slice(c));
        throw err;
      }
      this.writing -= chunk.count;
      for (let i = 0; i < chunk.count; i++) this.written.add(chunk.projectOf(i));
      this.pending.release(chunk);
    }
    const now = this.clock.now();
    if (now - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = now;
      const projects = [...this.written];
      this.written.clear();
      await this.log.purge(new Date(now - this.keepMs), projects, this.keepPerProject);
    }
  }
}
