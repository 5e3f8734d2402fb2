import { readFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { resolve } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { Page, type FinishedSpan, type SpanEncoder } from './otlp.js';
import type { SpanBatching, TraceTarget as ExportTarget } from './settings.js';
import type { SpanSink } from './spans.js';

/**
 * The batch queue and the OTLP/HTTP sender of finished spans. A span is encoded as it ends into the page of the next
 * export; a page is sent when it holds OTEL_BSP_MAX_EXPORT_BATCH_SIZE spans or OTEL_BSP_SCHEDULE_DELAY after its
 * first span, one export at a time; OTEL_BSP_MAX_QUEUE_SIZE spans at most wait (sent or not), more are dropped. An
 * export is tried again on 429, 502, 503, 504 and network errors with back-off (OpenTelemetry's exporters' rule,
 * Retry-After honoured) within OTEL_EXPORTER_OTLP_TIMEOUT and OTEL_BSP_EXPORT_TIMEOUT; one that fails is dropped
 * and said on stderr, once a minute at most.
 */

/** What a send came to. */
export type SendResult = { ok: true } | { ok: false; retryable: boolean; error: Error; retryInMs?: number };

/** Sends one export request (its body, in pieces, within `timeoutMs`). */
export type Send = (body: readonly Buffer[], timeoutMs: number) => Promise<SendResult>;

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const RETRYABLE_NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const MAX_RESPONSE = 4 * 1024 * 1024;
const gzipped = promisify(gzip);

function retryAfterMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number.parseInt(value, 10);
  if (Number.isInteger(seconds)) return seconds > 0 ? seconds * 1000 : 0;
  const at = new Date(value).getTime();
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const readOptional = (path: string | undefined): Buffer | undefined => (path === undefined ? undefined : readFileSync(resolve(path)));

/** Sends over HTTP(S) with a keep-alive connection, the target's headers and content type. */
export function httpSend(target: ExportTarget, contentType: string, userAgent: string): Send {
  const url = new URL(target.url);
  const secure = url.protocol === 'https:';
  const agent = secure
    ? new HttpsAgent({
        keepAlive: true,
        ca: readOptional(target.certificates.ca),
        cert: readOptional(target.certificates.cert),
        key: readOptional(target.certificates.key),
      })
    : new HttpAgent({ keepAlive: true });
  const request = secure ? httpsRequest : httpRequest;
  return async (body, timeoutMs) => {
    const payload = target.compression === 'gzip' ? [await gzipped(Buffer.concat(body))] : body;
    let length = 0;
    for (const piece of payload) length += piece.length;
    const headers: Record<string, string | number> = {
      ...target.headers,
      'content-type': contentType,
      'content-length': length,
      'user-agent': userAgent,
    };
    if (target.compression === 'gzip') headers['content-encoding'] = 'gzip';
    return new Promise<SendResult>((settle) => {
      let settled = false;
      const done = (result: SendResult) => {
        if (settled) return;
        settled = true;
        settle(result);
      };
      const req = request(url, { method: 'POST', agent, headers }, (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE) chunks.push(chunk);
        });
        res.on('error', (error) => done({ ok: false, retryable: true, error }));
        res.on('end', () => {
          if (status >= 200 && status < 300) return done({ ok: true });
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 200);
          const error = new Error(`the collector answered ${String(status)} ${res.statusMessage ?? ''}${text === '' ? '' : `: ${text}`}`);
          const header = res.headers['retry-after'];
          done({
            ok: false,
            retryable: RETRYABLE_STATUS.has(status),
            error,
            retryInMs: retryAfterMs(Array.isArray(header) ? header[0] : header),
          });
        });
      });
      req.setTimeout(timeoutMs, () => {
        req.destroy();
        done({ ok: false, retryable: true, error: new Error('the export timed out') });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        done({ ok: false, retryable: error.code !== undefined && RETRYABLE_NETWORK.has(error.code), error });
      });
      for (const piece of payload) req.write(piece);
      req.end();
    });
  };
}

const MAX_ATTEMPTS = 5;
const INITIAL_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 5_000;

/** Sends with retries (OpenTelemetry's exporters' back-off: 1 s, ×1.5, at most 5 s, ±20 %), all within `timeoutMs`. */
export async function sendWithRetries(send: Send, body: readonly Buffer[], timeoutMs: number, sleep = delay): Promise<SendResult> {
  const deadline = Date.now() + timeoutMs;
  let backoff = INITIAL_BACKOFF_MS;
  let result = await send(body, timeoutMs);
  for (let attempt = 1; !result.ok && result.retryable && attempt < MAX_ATTEMPTS; attempt++) {
    const wait = result.retryInMs ?? Math.min(backoff * (0.8 + Math.random() * 0.4), MAX_BACKOFF_MS);
    backoff *= 1.5;
    const remaining = deadline - Date.now();
    if (wait > remaining) break;
    await sleep(wait);
    result = await send(body, deadline - Date.now());
  }
  return result;
}

const delay = (ms: number) =>
  new Promise<void>((r) => {
    setTimeout(r, ms).unref();
  });

/** Export failures are said at most this often: a collector that is down fails every batch. */
const FAILURE_NOTE_MS = 60_000;

/** Says on stderr that exports fail, at most once a minute (spans and metrics share it); requests are not affected. */
export function failureNoter(write: (line: string) => void = (line) => process.stderr.write(line)): (err: unknown) => void {
  let last = -Infinity;
  let missed = 0;
  return (err) => {
    const now = Date.now();
    if (now - last < FAILURE_NOTE_MS) {
      missed++;
      return;
    }
    const message = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
    const more = missed > 0 ? ` (and ${String(missed)} more failures since the last note)` : '';
    write(`petstore: OpenTelemetry: an export failed: ${message}${more}; what it held is dropped\n`);
    last = now;
    missed = 0;
  };
}

export interface BatchOptions extends SpanBatching {
  /** OTEL_EXPORTER_OTLP_TIMEOUT: one export's bound, retries included (OTEL_BSP_EXPORT_TIMEOUT bounds it too). */
  exportTimeoutMs: number;
}

/** The batch queue: pages of encoded spans, sent one at a time. */
export class SpanBatcher implements SpanSink {
  /** Spans waiting to be sent. */
  held = 0;
  /** Spans dropped because the queue was full. */
  dropped = 0;
  private current: Page;
  private readonly ready: Page[] = [];
  private readonly spare: Page[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly encoder: SpanEncoder,
    private readonly send: Send,
    private readonly options: BatchOptions,
    private readonly onFailure: (err: unknown) => void,
  ) {
    this.current = this.newPage();
  }

  private newPage(): Page {
    return this.spare.pop() ?? new Page(Math.min(this.options.maxBatch, 1024) * 512);
  }

  add(span: FinishedSpan): void {
    if (this.stopped) return;
    if (this.held >= this.options.maxQueue) {
      this.dropped++;
      return;
    }
    this.encoder.append(this.current, span);
    this.held++;
    this.sendWhenDue();
  }

  /** A full page goes now; otherwise, with no export under way, the page goes OTEL_BSP_SCHEDULE_DELAY from now. */
  private sendWhenDue(): void {
    if (this.current.count >= this.options.maxBatch) {
      this.seal();
      this.pump();
    } else if (this.timer === null && this.sending === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.seal();
        this.pump();
      }, this.options.delayMs);
      this.timer.unref();
    }
  }

  /** Closes the page being filled: it is sent next. */
  private seal(): void {
    if (this.current.count === 0) return;
    this.ready.push(this.current);
    this.current = this.newPage();
  }

  private pump(): void {
    if (this.sending !== null) return;
    const page = this.ready.shift();
    if (page === undefined) return;
    // Like OpenTelemetry's batch processor, the queue's bound counts the spans waiting, not those being sent.
    this.held -= page.count;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.sending = this.exportPage(page).finally(() => {
      page.reset();
      if (this.spare.length < 2) this.spare.push(page);
      this.sending = null;
      if (this.ready.length > 0) this.pump();
      else if (this.current.count > 0 && !this.stopped) this.sendWhenDue();
    });
  }

  private async exportPage(page: Page): Promise<void> {
    try {
      const body = this.encoder.request(page);
      const result = await sendWithRetries(this.send, body, Math.min(this.options.exportTimeoutMs, this.options.timeoutMs));
      if (!result.ok) this.onFailure(result.error);
    } catch (err) {
      this.onFailure(err);
    }
  }

  /** Sends everything held, then takes no more spans; bounded by the caller. */
  async shutdown(): Promise<void> {
    await this.flush();
    this.stopped = true;
  }

  /** Sends everything held now. */
  async flush(): Promise<void> {
    this.seal();
    this.pump();
    while (this.sending !== null) {
      await this.sending;
      this.seal();
      this.pump();
    }
  }
}
