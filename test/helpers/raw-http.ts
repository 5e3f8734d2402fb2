import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-case names, in the order received. */
  headers: [string, string][];
  body: Buffer;
}

/** A header's value (the first, when repeated). */
export function headerOf(res: RawResponse, name: string): string | undefined {
  return res.headers.find(([n]) => n === name)?.[1];
}

/**
 * Splits what a server sent into responses, using Content-Length (none of the
 * answers these tests read are chunked, and one without it is the last);
 * `heads` tells which requests were
 * HEAD (their responses have no body whatever Content-Length says).
 */
function parseResponses(bytes: Buffer, heads: readonly boolean[]): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at, 'latin1');
    if (end === -1) throw new Error(`an incomplete response head: ${bytes.subarray(at, at + 80).toString('latin1')}`);
    const [statusLine = '', ...lines] = bytes.subarray(at, end).toString('latin1').split('\r\n');
    const headers = lines.map((l): [string, string] => {
      const colon = l.indexOf(':');
      return [l.slice(0, colon).toLowerCase(), l.slice(colon + 1).trim()];
    });
    const status = Number(statusLine.split(' ')[1]);
    const length = headers.find(([n]) => n === 'content-length')?.[1];
    const bodyless = heads[out.length] === true || status === 304 || status === 204;
    const bodyStart = end + 4;
    // Without Content-Length (an HTTP/1.0 answer) the body runs to the end of the connection.
    const bodyEnd = bodyless ? bodyStart : length === undefined ? bytes.length : bodyStart + Number(length);
    out.push({ status, headers, body: bytes.subarray(bodyStart, bodyEnd) });
    at = bodyEnd;
  }
  return out;
}

/**
 * Writes raw request bytes on one connection (no client-side normalising of
 * targets or headers) and returns every response once the server closes it;
 * the last request should carry `Connection: close`.
 */
export function rawExchange(port: number, requests: string, heads: readonly boolean[] = []): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requests));
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseResponses(Buffer.concat(chunks), heads));
      } catch (err) {
        reject(err as Error);
      }
    });
  });
}

/** One request line and header section, with `Connection: close`. */
export function rawRequest(method: string, target: string, headers: Record<string, string>): string {
  const lines = Object.entries({ ...headers, connection: 'close' }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
