import type { ErrorCode, ErrorDetail } from './types.js';

/**
 * The API answered with a non-2xx status. `code` is one of the documented codes
 * (or `unknown_error` when the body was not the API's Error body, e.g. from a proxy).
 */
export class PetstoreError extends Error {
  override readonly name = 'PetstoreError';
  readonly status: number;
  readonly code: ErrorCode | 'unknown_error';
  /** The `X-Request-Id` of the response: quote it when asking for support. */
  readonly requestId: string | null;
  /** From `Retry-After`, in milliseconds; null when the response had none. */
  readonly retryAfterMs: number | null;
  /** For `validation_failed`: one entry per offending field. */
  readonly details: ErrorDetail[] | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | 'unknown_error';
    message: string;
    requestId: string | null;
    retryAfterMs: number | null;
    details?: ErrorDetail[];
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.details = init.details;
  }
}

/**
 * 401 `wrong_environment`: the key belongs to the other environment (a staging key, `psk_test_…`, sent to the
 * production base URL, or a production key to the staging one). `keyEnvironment` and `keyBaseUrl` say where the
 * key works, as the server named it (null if its message could not be read).
 */
export class PetstoreWrongEnvironmentError extends PetstoreError {
  readonly keyEnvironment: 'production' | 'staging' | null;
  readonly keyBaseUrl: string | null;

  constructor(init: ConstructorParameters<typeof PetstoreError>[0]) {
    super(init);
    const m = /^This is a (production|staging) API key: send it to (\S+?)\.?$/.exec(init.message);
    this.keyEnvironment = (m?.[1] as 'production' | 'staging' | undefined) ?? null;
    this.keyBaseUrl = m?.[2] ?? null;
  }
}

/** No answer arrived: the connection failed or was cut before a complete response. */
export class PetstoreNetworkError extends Error {
  override readonly name = 'PetstoreNetworkError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No complete answer arrived within `timeoutMs`. */
export class PetstoreTimeoutError extends Error {
  override readonly name = 'PetstoreTimeoutError';

  constructor(readonly timeoutMs: number) {
    super(`no complete response within ${String(timeoutMs)} ms`);
  }
}
