import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

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
export const streamingFetch: typeof fetch = (input, init) => {
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
