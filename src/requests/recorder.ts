import type { Clock } from '../clock.js';
import { fullyDecoded, redactKeys } from '../http/logging.js';
import { catalogMessage } from './messages.js';
import { FIELDS, type RequestLogRepository } from './repository.js';
import { Flushes } from '../storage/flushes.js';

/** What the recorder writes through. */
export type RequestLogWriter = Pick<RequestLogRepository, 'addFlat' | 'purge'>;

/** A project keeps its newest requests up to this many; the purge removes older ones. */
export const REQUESTS_KEPT_PER_PROJECT = 100_000;
/** Requests held in memory at most while the database does not take them (newer ones are dropped, and counted). */
const MAX_PENDING = 50_000;
const PATH_MAX = 2048;
/** Durations are kept in whole microseconds up to about 17 minutes (a small integer); a longer one is logged as that. */
const MAX_DURATION_US = 2 ** 30 - 1;
const PURGE_EVERY_MS = 60_000;
/** Requests per INSERT transaction of a flush. */
const SLICE = 1_000;
/** Distinct URLs whose logged path is remembered between flushes (most traffic repeats a few). */
const PATHS_REMEMBERED = 2_000;

/** Whether a query parameter's name, as sent, is read as `cursor` once decoded (`%63ursor`, `%2563ursor`, `CURSOR`, `cursor+`). */
const namesCursor = (name: string) => fullyDecoded(name, true).trim().toLowerCase() === 'cursor';

/**
 * The URL as the log keeps it: each `cursor` value replaced (a cursor is a bearer of position a customer may
 * not want shown), whatever the spelling of its name, anything shaped like a key or token redacted however it
 * was encoded (http/logging.ts), cut to 2 KiB.
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
 * transaction per thousand requests. Recording is an array push, so the hot path stays cheap;
 * the path is cleaned at the flush, once per distinct URL. Every `PURGE_EVERY_MS` the flush also
 * removes requests past the retention and beyond each busy project's bound.
 *
 * What waits for the flush is kept without an object of its own where it can be: the time as
 * milliseconds after the batch's first request and the duration as whole microseconds (small
 * integers, where epoch milliseconds and fractional durations are each a heap number), the URL as
 * the previous request's when it is the same. A request then leaves only its id behind until the
 * flush, about a quarter of what the garbage collector copied before (docs/performance.md).
 */
export class RequestRecorder {
  /** FIELDS values per request, as `record` takes them (no object per request: this is on every request); `at` after `base`. */
  private pending: unknown[] = [];
  /** Epoch milliseconds `pending`'s times are counted from: its first request's. */
  private base = 0;
  /** The last URL recorded: a request to the same one keeps this string, and its own is soon collected. */
  private lastUrl = '';
  /** Projects written since the last purge: only they can have grown past the bound. */
  private readonly written = new Set<number>();
  private lastPurge = 0;
  private readonly flushes = new Flushes(() => this.write());
  private paths = new Map<string, string>();
  /** Requests not logged because the buffer was full. */
  dropped = 0;

  constructor(
    private readonly log: RequestLogWriter,
    private readonly clock: Clock,
    private readonly keepMs: number,
    private readonly keepPerProject: number = REQUESTS_KEPT_PER_PROJECT,
  ) {}

  /** A request as the hot path hands it over (`at` in epoch ms, the raw URL): nothing is computed until the flush. */
  record(
    projectId: number,
    requestId: string,
    at: number,
    method: string,
    url: string,
    operation: string | null,
    status: number,
    durationMs: number,
    keyId: string | null,
    errorCode: string | null,
    errorMessage: string | null = null,
  ): void {
    if (this.pending.length >= MAX_PENDING * FIELDS) {
      this.dropped++;
      return;
    }
    if (this.pending.length === 0) this.base = at;
    if (url === this.lastUrl) url = this.lastUrl;
    else this.lastUrl = url;
    const durationUs = Math.min(MAX_DURATION_US, Math.max(0, Math.round(durationMs * 1000)));
    this.pending.push(projectId, requestId, at - this.base, method, url, operation, status, durationUs, keyId, errorCode, errorMessage);
  }

  /** Writes what was recorded since the last flush; one flush at a time, and a call during one gets the next (storage/flushes.ts). Entries are kept for the next one if it fails. */
  flush(): Promise<void> {
    return this.flushes.flush();
  }

  private pathOf(url: string): string {
    let path = this.paths.get(url);
    if (path === undefined) {
      if (this.paths.size >= PATHS_REMEMBERED) this.paths = new Map();
      this.paths.set(url, (path = loggedPath(url)));
    }
    return path;
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    const base = this.base;
    this.pending = [];
    // A few milliseconds of the database's time per slice; other requests are served between slices.
    for (let i = 0; i < batch.length; i += SLICE * FIELDS) {
      const slice = batch.slice(i, i + SLICE * FIELDS);
      // In place: the time becomes epoch milliseconds again, the URL the logged path, the error message the one the
      // log keeps (none when it is the code's usual one).
      for (let j = 0; j < slice.length; j += FIELDS) {
        slice[j + 2] = base + (slice[j + 2] as number);
        slice[j + 4] = this.pathOf(slice[j + 4] as string);
        slice[j + 10] = loggedMessage(slice[j + 9] as string | null, slice[j + 10] as string | null);
      }
      try {
        await this.log.addFlat(slice);
      } catch (err) {
        // Keep what is not written for the next flush (the database may be restarting), within the bound, its
        // times counted from the base of what was recorded since.
        const kept = batch.slice(i);
        if (this.pending.length === 0) this.base = base;
        else for (let j = 2; j < kept.length; j += FIELDS) kept[j] = (kept[j] as number) + base - this.base;
        this.pending = kept.concat(this.pending).slice(0, MAX_PENDING * FIELDS);
        throw err;
      }
      for (let j = 0; j < slice.length; j += FIELDS) this.written.add(slice[j] as number);
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
