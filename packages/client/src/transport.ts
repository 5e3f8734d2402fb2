import { PetstoreError, PetstoreNetworkError, PetstoreTimeoutError, PetstoreWrongEnvironmentError } from './errors.js';
import { parseJson, stringifyJson } from './int64.js';
import { backoffDelay, parseRetryAfter, sleep } from './retry.js';
import type { ErrorCode, ErrorDetail } from './types.js';

/** What `onRetry` receives before each wait. */
export interface RetryEvent {
  /** The retry about to be made: 1 for the first retry. */
  attempt: number;
  /** How long the client waits before it. */
  delayMs: number;
  /** The HTTP status that caused it, or null for a network failure or timeout. */
  status: number | null;
  error: PetstoreError | PetstoreNetworkError | PetstoreTimeoutError;
}

/** The quota window with the fewest requests left, from the latest response's headers. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** When that window ends, in Unix seconds. */
  reset: number;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof globalThis.fetch;
  maxRetries: number;
  maxRetryDelayMs: number;
  timeoutMs: number;
  onRetry?: (event: RetryEvent) => void;
  /** Told every answer's headers with its call's operation (errors included), e.g. to notice `Deprecation`. */
  onAnswer?: (operation: string, headers: Headers) => void;
}

export interface Call {
  /** The operation the call is, e.g. `getPet` (told to `onAnswer`). */
  operation?: string;
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  /** Appended to the base URL, e.g. `/pets`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** A JSON body. */
  body?: unknown;
  /**
   * A raw body instead (an archive), made anew for each attempt: a stream
   * is sent as it is produced, never held whole in memory.
   */
  upload?: { contentType: string; body: () => ReadableStream<Uint8Array> | Blob | Uint8Array };
  /** Retries of this call, when fewer than the client's (an upload is sent at most twice). */
  maxRetries?: number;
  /** This call's time for each attempt, instead of the client's (an upload takes as long as it takes). */
  timeoutMs?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

type Failure = PetstoreError | PetstoreNetworkError | PetstoreTimeoutError;

/** Statuses worth another try; every other non-2xx (400, 401, 404, 409, 410, 413, 415, 422, …) is final. */
const RETRIED_STATUSES = new Set([429, 503]);

/** Sends calls with the key, a timeout per attempt, and retries as the API asks for them. */
export class Transport {
  lastRateLimit: RateLimit | null = null;

  constructor(private readonly options: TransportOptions) {}

  async send(call: Call): Promise<Answer> {
    const { maxRetryDelayMs, onRetry } = this.options;
    const maxRetries = Math.min(call.maxRetries ?? Infinity, this.options.maxRetries);
    for (let attempt = 1; ; attempt++) {
      let failure: Failure;
      try {
        const answer = await this.attempt(call);
        if (answer.status >= 200 && answer.status < 300) return answer;
        failure = toPetstoreError(answer);
      } catch (err) {
        if (!(err instanceof PetstoreNetworkError || err instanceof PetstoreTimeoutError)) throw err;
        failure = err;
      }
      const status = failure instanceof PetstoreError ? failure.status : null;
      if (status !== null && !RETRIED_STATUSES.has(status)) throw failure;
      const required = failure instanceof PetstoreError ? failure.retryAfterMs : null;
      // A wait longer than the caller accepts (a banned key: 10 minutes) fails now, with retryAfterMs set.
      if (required !== null && required > maxRetryDelayMs) throw failure;
      if (attempt > maxRetries) throw failure;
      const delayMs = Math.max(required ?? 0, backoffDelay(attempt, maxRetryDelayMs));
      onRetry?.({ attempt, delayMs, status, error: failure });
      await sleep(delayMs, call.signal);
    }
  }

  private async attempt(call: Call): Promise<Answer> {
    const { apiKey } = this.options;
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs;
    const url = this.url(call);
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${apiKey}`, ...call.headers };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.upload) headers['content-type'] = call.upload.contentType;
    const signal = call.signal;
    if (signal?.aborted) throw signal.reason;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const body = call.upload ? call.upload.body() : call.body === undefined ? undefined : stringifyJson(call.body);
      // `duplex: 'half'` lets Node's fetch send a stream body as it comes (browsers ignore it).
      const init = { method: call.method, headers, body, signal: controller.signal, duplex: 'half' } as RequestInit;
      const response = await this.options.fetch(url, init);
      // The timeout covers the body too: a response cut midway is a failed attempt.
      const text = await response.text();
      this.noteRateLimit(response.headers);
      if (call.operation !== undefined) this.options.onAnswer?.(call.operation, response.headers);
      return { status: response.status, headers: response.headers, body: readBody(response, text) };
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw new PetstoreTimeoutError(timeoutMs);
      if (err instanceof PetstoreError) throw err;
      throw new PetstoreNetworkError(`${call.method} ${url}: ${describe(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private url(call: Call): string {
    const url = new URL(this.options.baseUrl + call.path);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private noteRateLimit(headers: Headers): void {
    const limit = integerHeader(headers, 'x-ratelimit-limit');
    const remaining = integerHeader(headers, 'x-ratelimit-remaining');
    const reset = integerHeader(headers, 'x-ratelimit-reset');
    if (limit !== null && remaining !== null && reset !== null) this.lastRateLimit = { limit, remaining, reset };
  }
}

function integerHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

function readBody(response: Response, text: string): unknown {
  if (text === '') return null;
  try {
    return parseJson(text);
  } catch {
    // Only an error answer may have a body that is not JSON (a proxy's page): it still becomes a PetstoreError.
    if (!response.ok) return text;
    throw new PetstoreError({
      status: response.status,
      code: 'unknown_error',
      message: `the response to a successful request is not JSON (${String(response.status)})`,
      requestId: response.headers.get('x-request-id'),
      retryAfterMs: null,
    });
  }
}

function toPetstoreError(answer: Answer): PetstoreError {
  const body = answer.body as { code?: unknown; message?: unknown; details?: unknown } | null;
  const isErrorBody = body !== null && typeof body === 'object' && typeof body.code === 'string' && typeof body.message === 'string';
  const code = isErrorBody ? (body.code as ErrorCode) : 'unknown_error';
  return new (code === 'wrong_environment' ? PetstoreWrongEnvironmentError : PetstoreError)({
    status: answer.status,
    code,
    message: isErrorBody ? (body.message as string) : `HTTP ${String(answer.status)} without an Error body`,
    requestId: answer.headers.get('x-request-id'),
    retryAfterMs: parseRetryAfter(answer.headers.get('retry-after')),
    ...(isErrorBody && Array.isArray(body.details) ? { details: body.details as ErrorDetail[] } : {}),
  });
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
