import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { once } from 'node:events';
import { clientErrorAnswer, clientErrorHandler } from '../../src/http/errors/client-errors.js';
import { harness, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';

interface RawAnswer {
  status: number;
  reason: string;
  headers: Record<string, string>;
  body: string;
  /** A socket error seen by the client (a reset would mean the server closed with unread bytes). */
  error?: string;
}

/** Sends bytes on a fresh connection and reads everything until the server closes it. */
async function exchange(port: number, raw: string | Buffer): Promise<RawAnswer> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
  const closed = once(socket, 'close');
  socket.write(raw);
  const timer = setTimeout(() => socket.destroy(new Error('the server did not close the connection within 5 s')), 5000);
  await closed;
  clearTimeout(timer);
  return { ...parseAnswer(Buffer.concat(chunks).toString('utf8')), ...(error ? { error } : {}) };
}

function parseAnswer(text: string): Omit<RawAnswer, 'error'> {
  const end = text.indexOf('\r\n\r\n');
  assert.ok(end > 0, `no complete response head: ${JSON.stringify(text)}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const m = /^HTTP\/1\.1 (\d{3}) (.*)$/.exec(statusLine);
  assert.ok(m, `bad status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    assert.ok(i > 0, `bad header line: ${line}`);
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(m[1]), reason: m[2] ?? '', headers, body: text.slice(end + 4) };
}

describe('HTTP that Node cannot parse gets the Error body, never 5xx', () => {
  const logs = logCapture();
  let h: Harness;
  let port: number;
  let auth: string;

  before(async () => {
    h = await harness({ logStream: logs.stream, config: { logLevel: 'debug' } });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
    auth = `Authorization: Bearer ${h.key}\r\n`;
  });
  after(() => h.close());

  /** Asserts a complete, closing Error answer; returns its body. */
  function assertErrorAnswer(
    res: RawAnswer,
    status: number,
    code: string,
    what: string,
  ): { code: string; message: string; status: number } {
    assert.equal(res.error, undefined, `${what}: the connection was not closed cleanly`);
    assert.equal(res.status, status, `${what}: ${JSON.stringify(res)}`);
    assert.equal(res.reason, http.STATUS_CODES[status]);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', what);
    assert.equal(res.headers.connection, 'close', what);
    assert.equal(Number(res.headers['content-length']), Buffer.byteLength(res.body), `${what}: Content-Length`);
    assert.match(res.headers['x-request-id'] ?? '', /^req_[0-9a-f]{32}$/, what);
    const body = h.contract.assertError(status, res.headers['content-type'], res.body, what) as {
      code: string;
      message: string;
      status: number;
    };
    assert.equal(body.code, code, what);
    return body;
  }

  const malformed: { name: string; raw: () => string; status: number; code: string; message: RegExp }[] = [
    {
      name: 'an invalid header line',
      raw: () => `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Bad Header\r\n\r\n`,
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: .*header/i,
    },
    {
      name: 'a header section over the size limit',
      raw: () => `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}X-Padding: ${'a'.repeat(http.maxHeaderSize + 1)}\r\n\r\n`,
      status: 431,
      code: 'request_header_fields_too_large',
      message: new RegExp(`larger than ${String(http.maxHeaderSize)} bytes`),
    },
    {
      name: 'a Content-Length that is not a number',
      raw: () => `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nContent-Length: 12abc\r\n\r\n{}`,
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: .*Content-Length/,
    },
    {
      name: 'two different Content-Lengths',
      raw: () =>
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: .*Content-Length/,
    },
    {
      name: 'both Content-Length and Transfer-Encoding',
      raw: () =>
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nContent-Length: 7\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: .*Transfer-Encoding/,
    },
    {
      name: 'Transfer-Encoding, then Content-Length',
      raw: () =>
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 7\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: .*Content-Length/,
    },
    {
      name: 'a chunk size that is not hexadecimal',
      raw: () =>
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: .*chunk/,
    },
    {
      name: 'a chunk longer than its size says',
      raw: () =>
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{}\r\n0\r\n\r\n`,
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: /,
    },
    {
      name: 'a request line that is not HTTP',
      raw: () => 'HELLO THERE\r\n\r\n',
      status: 400,
      code: 'bad_request',
      message: /^The HTTP request is malformed: /,
    },
  ];

  for (const c of malformed) {
    test(`${c.name}: ${String(c.status)} ${c.code}, then the connection closes`, async () => {
      const body = assertErrorAnswer(await exchange(port, c.raw()), c.status, c.code, c.name);
      assert.match(body.message, c.message);
    });
  }

  const refusedByNode: { name: string; raw: () => string; status: number; code: string; message: RegExp }[] = [
    {
      name: 'an HTTP/1.1 request without Host',
      raw: () => `GET /v1/pets HTTP/1.1\r\n${auth}\r\n`,
      status: 400,
      code: 'bad_request',
      message: /must have a Host header/,
    },
    {
      name: 'an HTTP/1.1 request without Host to a public path',
      raw: () => `GET /healthz HTTP/1.1\r\n\r\n`,
      status: 400,
      code: 'bad_request',
      message: /must have a Host header/,
    },
    {
      name: 'an Expect other than 100-continue',
      raw: () => `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Expect: foo\r\nConnection: close\r\n\r\n`,
      status: 417,
      code: 'expectation_failed',
      message: /only 100-continue/,
    },
    {
      name: 'CONNECT to an authority',
      raw: () => `CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n`,
      status: 405,
      code: 'method_not_allowed',
      message: /CONNECT is not supported/,
    },
  ];

  for (const c of refusedByNode) {
    test(`${c.name}: ${String(c.status)} ${c.code} with the Error body (Node's own answer has none)`, async () => {
      const res = await exchange(port, c.raw());
      const body = assertErrorAnswer(res, c.status, c.code, c.name);
      assert.match(body.message, c.message);
      if (c.status === 405) assert.equal(res.headers.allow, '', 'CONNECT: no method is allowed on a tunnel target');
    });
  }

  test('CONNECT to a path is a method the path does not allow: 405 with its Allow, counted with the limit headers, then closed', async () => {
    for (const [path, allow] of [
      ['/v1/pets', 'GET, HEAD, POST'],
      ['/v1/pets/1', 'GET, HEAD'],
      ['/v1/nowhere', undefined],
    ] as const) {
      const res = await exchange(port, `CONNECT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\n`);
      if (allow === undefined) {
        assertErrorAnswer(res, 404, 'not_found', path);
      } else {
        const body = assertErrorAnswer(res, 405, 'method_not_allowed', path);
        assert.equal(res.headers.allow, allow, path);
        assert.match(body.message, /^CONNECT is not allowed on /);
      }
      assert.ok(res.headers['x-ratelimit-remaining'], `${path}: counted, with the limit headers`);
      assert.equal(res.headers.connection, 'close', path);
    }
  });

  test('the 400 without Host and the 417 are in the access log; with a key they count against the quota', async () => {
    const noHost = await exchange(port, `GET /v1/pets HTTP/1.1\r\n${auth}\r\n`);
    const expect = await exchange(port, `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Expect: foo\r\nConnection: close\r\n\r\n`);
    const completed = logs
      .lines()
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; res?: { statusCode: number } })
      .filter((l) => l.msg === 'request completed');
    for (const [res, status] of [
      [noHost, 400],
      [expect, 417],
    ] as const) {
      assert.equal(completed.find((l) => l.reqId === res.headers['x-request-id'])?.res?.statusCode, status);
      assert.ok(res.headers['x-ratelimit-remaining'], `${String(status)}: counted, with the limit headers`);
    }
  });

  test('HTTP/1.0 needs no Host and its Expect is ignored; Expect: 100-continue still works', async () => {
    const old = await exchange(port, `GET /v1/pets HTTP/1.0\r\n${auth}Expect: foo\r\n\r\n`);
    assert.equal(old.status, 200, JSON.stringify(old));
    const body = '{"name":"Rex","categoryId":1}';
    const head = `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\nContent-Length: ${String(body.length)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let text = '';
    socket.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && !socket.writableEnded) socket.end(body);
    });
    socket.write(head);
    await once(socket, 'close');
    assert.match(text, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/);
  });

  test('a well-formed request on a fresh connection is answered normally afterwards', async () => {
    assertErrorAnswer(await exchange(port, 'GET /v1/pets HTTP/1.1\r\nBad Header\r\n\r\n'), 400, 'bad_request', 'malformed first');
    const res = await exchange(port, `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Connection: close\r\n\r\n`);
    assert.equal(res.status, 200, JSON.stringify(res));
    assert.ok(Array.isArray(JSON.parse(res.body)));
    assert.ok(res.headers['x-request-id']);
  });

  test('each is logged at debug with the parser code and the request id, never the request bytes', async () => {
    const res = await exchange(port, `GET /v1/pets?marker=sent-bytes HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Bad Header\r\n\r\n`);
    const id = res.headers['x-request-id'];
    const lines = logs
      .text()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = lines.find((l) => l.reqId === id);
    assert.ok(line, `no log line for ${String(id)}`);
    assert.equal(line.level, 20);
    assert.equal(line.code, 'HPE_INVALID_HEADER_TOKEN');
    assert.equal(typeof line.reason, 'string');
    assert.equal(line.status, 400);
    assert.ok(!lines.some((l) => l.level !== undefined && Number(l.level) >= 50), 'nothing is logged as an error');
    assert.ok(!logs.text().includes(h.key), 'the API key is in the logs');
    assert.ok(!logs.text().includes('sent-bytes'), 'request bytes are in the logs');
  });

  test("a request not received within Node's request timeout is 408 request_timeout", async () => {
    // A plain server with short timeouts runs the same handler (the app's own REQUEST_TIMEOUT_MS: connection-limits.test.ts).
    const server = http.createServer({ connectionsCheckingInterval: 20, headersTimeout: 100, requestTimeout: 200 }, (_req, res) =>
      res.end(),
    );
    server.on('clientError', (err: Error, socket: Socket) => clientErrorHandler.call({ log: h.app.log }, err, socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const res = await exchange((server.address() as AddressInfo).port, `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      const body = assertErrorAnswer(res, 408, 'request_timeout', 'timeout');
      assert.match(body.message, /not received in time/);
    } finally {
      server.close();
    }
  });
});

describe('clientErrorHandler writes nothing when it must not', () => {
  const silent = { log: { debug: () => undefined } } as never;

  function fakeSocket(
    state: Partial<{ destroyed: boolean; writable: boolean; writableEnded: boolean; _httpMessage: { headersSent: boolean } }>,
  ) {
    const calls: string[] = [];
    const socket = {
      destroyed: false,
      writable: true,
      writableEnded: false,
      _httpMessage: null,
      ...state,
      destroy: () => calls.push('destroy'),
      end: () => calls.push('end'),
      once: () => socket,
    };
    return { socket: socket as unknown as Socket, calls };
  }
  const parseError = Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' });

  test('a reset or destroyed connection is only destroyed', () => {
    const reset = fakeSocket({});
    clientErrorHandler.call(silent, Object.assign(new Error('reset'), { code: 'ECONNRESET' }), reset.socket);
    assert.deepEqual(reset.calls, ['destroy']);
    const gone = fakeSocket({ destroyed: true });
    clientErrorHandler.call(silent, parseError, gone.socket);
    assert.deepEqual(gone.calls, ['destroy']);
  });

  test('a connection whose response has started, or that is not writable, is destroyed without writing', () => {
    const started = fakeSocket({ _httpMessage: { headersSent: true } });
    clientErrorHandler.call(silent, parseError, started.socket);
    assert.deepEqual(started.calls, ['destroy']);
    const closed = fakeSocket({ writable: false });
    clientErrorHandler.call(silent, parseError, closed.socket);
    assert.deepEqual(closed.calls, ['destroy']);
  });

  test('a connection already answered is left to close', () => {
    const answered = fakeSocket({ writable: false, writableEnded: true });
    clientErrorHandler.call(silent, parseError, answered.socket);
    assert.deepEqual(answered.calls, []);
  });

  test("the 400 message quotes the parser's reason only when it is short printable text", () => {
    const err = (reason: unknown) => Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD', reason });
    assert.equal(
      clientErrorAnswer(err('Invalid method encountered')).message,
      'The HTTP request is malformed: Invalid method encountered.',
    );
    for (const reason of [undefined, 42, '', 'bad\r\nX-Injected: 1', 'x'.repeat(500)]) {
      const answer = clientErrorAnswer(err(reason));
      assert.equal(answer.code, 'bad_request');
      assert.equal(answer.message, 'The HTTP request is malformed.', String(reason));
    }
  });

  test('a response not started yet is answered: one end() with the Error body', () => {
    const pending = fakeSocket({ _httpMessage: { headersSent: false } });
    clientErrorHandler.call(silent, parseError, pending.socket);
    assert.deepEqual(pending.calls, ['end']);
  });
});
