import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { hashSecret } from '../../src/keys/key-format.js';
import { openRepositories } from '../helpers/repositories.js';
import { uniqueSlug } from '../helpers/harness.js';
import { createUnlimitedKey, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const answerOf = (req: http.ClientRequest) =>
  new Promise<Answer>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.once('error', reject);
    });
  });

/** Splits raw HTTP/1.1 responses (each with a Content-Length) read from one connection. */
function parseResponses(raw: string): Answer[] {
  const out: Answer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`incomplete response: ${rest}`);
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: http.IncomingHttpHeaders = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

/** A request on a connection of its own: ECONNREFUSED/ECONNRESET, or the answer. */
function freshRequest(server: RunningServer, path: string, headers: Record<string, string> = {}): Promise<Answer | { error: string }> {
  const req = http.request(`${server.url}${path}`, { agent: false, headers });
  req.end();
  return answerOf(req).catch((err: NodeJS.ErrnoException) => ({ error: err.code ?? err.message }));
}

/** Graceful shutdown of the real server: in-flight requests finish, new ones are turned away. */
describe('graceful shutdown on SIGTERM', () => {
  const db = tempDatabase('petstore-shutdown-');
  let key: string;
  let server: RunningServer | undefined;

  before(async () => {
    key = await createUnlimitedKey(db.url, uniqueSlug('shutdown'));
  });
  after(async () => {
    if (server && server.proc.exitCode === null && server.proc.signalCode === null) await server.stop('SIGKILL');
    db.cleanup();
  });

  test('a POST whose body is still arriving at SIGTERM completes with 201 and is stored; then the process exits 0', async () => {
    server = await startServer({ DATABASE_URL: db.url, LOG_LEVEL: 'debug' });
    const body = Buffer.from('{"name":"Slowpoke","categoryId":9223372036854775807,"status":"pending"}');
    const half = Math.floor(body.length / 2);
    const agent = new http.Agent({ keepAlive: true });
    const slow = http.request(`${server.url}/v1/pets`, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'x-request-id': 'slow-post-1',
      },
    });
    const slowAnswer = answerOf(slow);
    slow.write(body.subarray(0, half));
    // The server has the request (its hooks ran) but not the whole body; "incoming request" is a debug line.
    await server.waitForLog((l) => l.reqId === 'slow-post-1' && l.msg === 'incoming request');

    server.proc.kill('SIGTERM');
    await server.waitForLog((l) => typeof l.msg === 'string' && l.msg.startsWith('shutting down'));

    // A new connection now is refused, or answered 503 with the Error body.
    const late = await freshRequest(server, '/v1/pets', { authorization: `Bearer ${key}` });
    if ('error' in late) assert.ok(['ECONNREFUSED', 'ECONNRESET'].includes(late.error), late.error);
    else {
      assert.equal(late.status, 503, late.body);
      assert.deepEqual(JSON.parse(late.body), { ...JSON.parse(late.body), code: 'service_unavailable', status: 503 });
    }
    assert.equal(server.proc.exitCode, null, 'the server exited before the in-flight request finished');

    slow.end(body.subarray(half));
    const answer = await slowAnswer;
    assert.equal(answer.status, 201, answer.body);
    assert.match(answer.body, /"categoryId":9223372036854775807[,}]/);
    const id = BigInt(/"id":(\d+)/.exec(answer.body)?.[1] ?? '0');

    const exit = await server.exited;
    agent.destroy();
    assert.deepEqual(exit, { code: 0, signal: null }, 'the server did not exit 0 after draining');
    assert.ok(server.logs.some((l) => l.msg === 'stopped'));

    const store = await openRepositories(db.url);
    try {
      const principal = await store.keys.findActiveByHash(hashSecret(key), new Date());
      assert.ok(principal);
      const stored = await store.pets.get(principal.projectId, id);
      assert.deepEqual(stored, { id, name: 'Slowpoke', categoryId: 9223372036854775807n, status: 'pending' });
    } finally {
      await store.close();
    }
  });

  test('a request pipelined behind it after SIGTERM is answered 503 with the Error body, then the connection closes', async () => {
    server = await startServer({ DATABASE_URL: db.url, LOG_LEVEL: 'debug' });
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (raw += c));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = '{"name":"Holder","categoryId":1}';
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${String(body.length)}\r\nX-Request-Id: holder-1\r\n\r\n${body.slice(0, 10)}`,
    );
    await server.waitForLog((l) => l.reqId === 'holder-1' && l.msg === 'incoming request');

    server.proc.kill('SIGTERM');
    await server.waitForLog((l) => l.msg === 'draining: new requests are answered 503');
    socket.write(
      `${body.slice(10)}GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nX-Request-Id: late-1\r\n\r\n`,
    );
    await closed;

    const [first, second, ...rest] = parseResponses(raw);
    assert.equal(rest.length, 0, raw);
    assert.equal(first?.status, 201, raw);
    assert.equal(second?.status, 503, raw);
    assert.equal(second.headers.connection, 'close');
    assert.equal(second.headers['x-request-id'], 'late-1');
    assert.match(String(second.headers['content-type']), /^application\/json/);
    const error = JSON.parse(second.body) as Record<string, unknown>;
    assert.equal(error.code, 'service_unavailable');
    assert.equal(error.status, 503);
    assert.equal(typeof error.message, 'string');
    assert.deepEqual(await server.exited, { code: 0, signal: null });
  });
});

describe('log lines on stdout', () => {
  const db = tempDatabase('petstore-logs-');
  let server: RunningServer | undefined;
  after(async () => {
    if (server && server.proc.exitCode === null && server.proc.signalCode === null) await server.stop('SIGKILL');
    db.cleanup();
  });

  test('each request’s line is on stdout within a second while the server runs, and every line is out when it stops', async () => {
    server = await startServer({ DATABASE_URL: db.url });
    const running = server;
    const ids = Array.from({ length: 40 }, (_, i) => `log-flush-${String(i)}`);
    for (const id of ids) {
      const answer = await freshRequest(running, '/healthz', { 'x-request-id': id });
      assert.ok(!('error' in answer), JSON.stringify(answer));
    }
    // Written in batches, but never held back for long: the last request's line shows without any more traffic.
    await running.waitForLog((l) => l.reqId === ids.at(-1) && l.msg === 'request completed', 1000);
    const late = 'log-flush-at-stop';
    assert.ok(!('error' in (await freshRequest(running, '/healthz', { 'x-request-id': late }))));
    assert.deepEqual(await running.stop(), { code: 0, signal: null });
    const completed = new Set(running.logs.filter((l) => l.msg === 'request completed').map((l) => l.reqId));
    for (const id of [...ids, late]) assert.ok(completed.has(id), `no line for ${id}`);
    assert.ok(
      running.logs.some((l) => l.msg === 'stopped'),
      'the last line, written at exit, is there',
    );
  });
});
