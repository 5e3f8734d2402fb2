import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { once } from 'node:events';
import { loadConfig } from '../../src/config.js';
import { requestDeadline } from '../../src/http/server/connection-limits.js';
import { harness, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the connection's close. */
  elapsed: number;
  error?: string;
}

/** Opens a connection, sends `raw` (and `more` after `gapMs`, if given) and reads until the server closes it. */
async function exchange(port: number, raw: string, more?: { gapMs: number; raw: string }): Promise<Answer> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
  const closed = once(socket, 'close');
  const start = Date.now();
  socket.write(raw);
  if (more) setTimeout(() => socket.write(more.raw), more.gapMs);
  const timer = setTimeout(() => socket.destroy(new Error('the server did not close the connection within 5 s')), 5000);
  await closed;
  clearTimeout(timer);
  const elapsed = Date.now() - start;
  const text = Buffer.concat(chunks).toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  assert.ok(end > 0, `no complete response head: ${JSON.stringify(text)} ${error ?? ''}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = body.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
  return { status: Number(statusLine.split(' ')[1]), headers, body, elapsed, ...(error ? { error } : {}) };
}

/** Scheduling slack on a loaded machine: Node checks deadlines on a timer, which may fire late. */
const SLACK_MS = 500;

describe('REQUEST_TIMEOUT_MS bounds the whole request: 408 request_timeout with the Error body, then close', () => {
  const TIMEOUT_MS = 500;
  const logs = logCapture();
  let h: Harness;
  let port: number;

  before(async () => {
    h = await harness({ logStream: logs.stream, config: { logLevel: 'info', requestTimeoutMs: TIMEOUT_MS } });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.close());

  function assertTimeout(res: Answer, what: string): { code: string; message: string; status: number } {
    assert.equal(res.error, undefined, `${what}: the connection was not closed cleanly`);
    assert.equal(res.status, 408, `${what}: ${JSON.stringify(res)}`);
    assert.equal(res.headers.connection, 'close', what);
    assert.match(res.headers['x-request-id'] ?? '', /^req_[0-9a-f]{32}$/, what);
    const body = h.contract.assertError(408, res.headers['content-type'], res.body, what) as {
      code: string;
      message: string;
      status: number;
    };
    assert.equal(body.code, 'request_timeout', what);
    assert.ok(
      res.elapsed >= TIMEOUT_MS - requestDeadline(TIMEOUT_MS).checkEveryMs - 5,
      `${what}: answered after ${String(res.elapsed)} ms`,
    );
    assert.ok(res.elapsed <= TIMEOUT_MS + SLACK_MS, `${what}: answered after ${String(res.elapsed)} ms, deadline ${String(TIMEOUT_MS)} ms`);
    return body;
  }

  test('a body that stalls gets 408 within the deadline; the access log and /metrics record the 408', async () => {
    const head = `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${h.key}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n`;
    const res = await exchange(port, `${head}{"name":"Rex",`);
    assertTimeout(res, 'stalled body');
    assert.ok(res.headers['x-ratelimit-limit'], 'the rate-limit headers of the request are kept');
    const line = logs
      .lines()
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; res?: { statusCode: number } })
      .find((l) => l.reqId === res.headers['x-request-id'] && l.msg === 'request completed');
    assert.equal(line?.res?.statusCode, 408, 'access log');
    const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(metrics, /^http_requests_total\{operation="createPet",method="POST",status="408"\} 1$/m);
    const list = await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth });
    assert.deepEqual(list.json(), [], 'nothing was created');
  });

  test('a head that stalls gets 408 within the deadline', async () => {
    assertTimeout(await exchange(port, `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n`), 'stalled head');
  });

  test('a body that arrives in parts within the deadline is served', async () => {
    const body = '{"name":"Rex","categoryId":1}';
    const head = `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${h.key}\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\nConnection: close\r\n\r\n`;
    const res = await exchange(port, `${head}${body.slice(0, 10)}`, { gapMs: TIMEOUT_MS / 4, raw: body.slice(10) });
    assert.equal(res.status, 201, JSON.stringify(res));
  });

  test('the deadline is never later than configured, checked at most every second', () => {
    for (const ms of [100, 400, 30_000, 600_000]) {
      const { timeoutMs, checkEveryMs } = requestDeadline(ms);
      assert.ok(timeoutMs + checkEveryMs <= ms, String(ms));
      assert.ok(checkEveryMs >= 5 && checkEveryMs <= 1000, String(ms));
      assert.ok(timeoutMs >= ms * 0.9, `${String(ms)}: Node's deadline ${String(timeoutMs)} is too early`);
    }
  });
});

describe('MAX_CONNECTIONS bounds the open connections of an instance', () => {
  test('past the bound a new connection is closed without an answer and counted; once one closes, a new one is served', async () => {
    const h = await harness({ config: { maxConnections: 3 } });
    const open: Socket[] = [];
    try {
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (h.app.server.address() as AddressInfo).port;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; i < 3; i++) {
        const s = net.connect(port, '127.0.0.1');
        await once(s, 'connect');
        open.push(s);
      }
      // The server counts a connection once it accepts it.
      const deadline = Date.now() + 2000;
      while ((await new Promise<number>((r, j) => h.app.server.getConnections((e, n) => (e ? j(e) : r(n))))) < 3) {
        assert.ok(Date.now() < deadline, 'the server did not see 3 connections');
        await new Promise((r) => setTimeout(r, 10));
      }
      const refused = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      refused.on('data', (c: Buffer) => received.push(c));
      refused.on('error', () => undefined);
      refused.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      const guard = setTimeout(() => refused.destroy(), 3000);
      await once(refused, 'close');
      clearTimeout(guard);
      assert.equal(Buffer.concat(received).length, 0, 'a connection past the bound got an answer');

      open.pop()?.destroy();
      const served = await new Promise<number>((resolve, reject) => {
        const retry = (attempt: number) =>
          http
            .get({ host: '127.0.0.1', port, path: '/metrics', agent }, (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            })
            .on('error', (err) => (attempt < 20 ? setTimeout(() => retry(attempt + 1), 25) : reject(err)));
        retry(0);
      });
      assert.equal(served, 200);
      agent.destroy();
      const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
      const dropped = Number(/^http_connections_dropped_total (\d+)$/m.exec(metrics)?.[1]);
      assert.ok(dropped >= 1, `dropped connections counted: ${String(dropped)}`);
    } finally {
      for (const s of open) s.destroy();
      await h.close();
    }
  });
});

test('configuration: REQUEST_TIMEOUT_MS (30000) and MAX_CONNECTIONS (2048) are read and validated once', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.requestTimeoutMs, 30_000);
  assert.equal(defaults.maxConnections, 2048);
  const set = loadConfig({ REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS: '100' });
  assert.equal(set.requestTimeoutMs, 5000);
  assert.equal(set.maxConnections, 100);
  for (const [name, value] of [
    ['REQUEST_TIMEOUT_MS', '0'],
    ['REQUEST_TIMEOUT_MS', '50'],
    ['REQUEST_TIMEOUT_MS', '30s'],
    ['MAX_CONNECTIONS', '0'],
    ['MAX_CONNECTIONS', 'many'],
  ] as const) {
    assert.throws(() => loadConfig({ [name]: value }), new RegExp(name), `${name}=${value}`);
  }
});
