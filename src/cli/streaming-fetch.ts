import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { PetstoreError } from '@petstore/client';
import { UnexpectedAnswer } from './remote.js';

function responseOf(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const status = res.statusCode ?? 502;
  const body = status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}

/**
 * `fetch`, except that a streamed request body goes through node:http(s) with
 * the socket's backpressure: Node's fetch reads a stream body ahead of the
 * network (measured: a 40 MB upload took the CLI from 74 MB to 147 MB of RSS).
 */
const streamingFetch: typeof fetch = (input, init) => {
  const body = init?.body;
  if (!(body instanceof ReadableStream)) return fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const req = request(url, { method: init?.method ?? 'POST', headers, ...(init?.signal ? { signal: init.signal } : {}) }, (res) =>
      resolve(responseOf(res)),
    );
    req.on('error', reject);
    // A server that answers early (a refusal) and closes makes the pipeline fail after the answer: nothing more to do.
    pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), req).catch(reject);
  });
};

/** The most of a server's answer the CLI reads (its answers are JSON): more is an error, not memory. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * An answer the CLI will not take: a redirect (the request carries a password or a token) or one
 * larger than MAX_ANSWER_BYTES. A PetstoreError so that the client neither wraps nor retries it.
 */
export class UnsafeAnswer extends PetstoreError {
  constructor(status: number, message: string) {
    super({ status, code: 'unknown_error', message, requestId: null, retryAfterMs: null });
  }
}

const tooLarge = (url: string, status: number) =>
  new UnsafeAnswer(status, `${url} answered more than ${String(MAX_ANSWER_BYTES / 1024 / 1024)} MiB: not read further`);

/** The answer's body, read only up to MAX_ANSWER_BYTES: the stream fails beyond, and the connection is dropped. */
function capped(res: Response, url: string): Response {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    void res.body?.cancel();
    throw tooLarge(url, res.status);
  }
  if (!res.body) return res;
  let seen = 0;
  const limited = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > MAX_ANSWER_BYTES) controller.error(tooLarge(url, res.status));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(limited, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The origin of the last server that answered this process, if any. */
let answeredFrom: string | undefined;

/**
 * A failure of a command that read a server's answer, as the person sees it: a TypeError, RangeError or
 * SyntaxError there comes of an answer of another shape than the API's (a list that is not an array, an
 * object without its fields), which the commands read as the contract says; it is an unexpected answer
 * (exit 1, one line), not a crash printing a minified source line. Undefined: not such a failure.
 */
export function unexpectedAnswer(err: unknown): UnexpectedAnswer | undefined {
  if (answeredFrom === undefined) return undefined;
  if (!(err instanceof TypeError || err instanceof RangeError || err instanceof SyntaxError)) return undefined;
  return new UnexpectedAnswer(answeredFrom, `not what the Petstore API answers (${err.message})`);
}

/**
 * How the CLI reaches a server, every request of which carries a password or a token: a redirect
 * is never followed (a 3xx is an error naming its Location, so that credentials go to no other
 * URL), and an answer is read up to MAX_ANSWER_BYTES. A streamed request body goes with the
 * socket's backpressure (see streamingFetch).
 */
export const cliFetch: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const res = await streamingFetch(input, { ...init, redirect: 'manual' });
  answeredFrom = new URL(url).origin;
  if (res.status >= 300 && res.status < 400 && res.status !== 304) {
    void res.body?.cancel();
    const location = res.headers.get('location');
    throw new UnsafeAnswer(
      res.status,
      `${new URL(url).origin} answered ${String(res.status)} redirecting to ${location ?? '(no Location)'}: not followed, as the request carries credentials; use the URL it names if you trust it`,
    );
  }
  return capped(res, new URL(url).origin);
};
