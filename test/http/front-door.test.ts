import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { earlyRedirectStep } from '../../src/domains/serving/steps.js';
import type { DomainHosts } from '../../src/domains/serving/hosts.js';
import {
  frontDoor,
  hostnameOf,
  REGULAR,
  TurnWrites,
  type CompletedRequest,
  type EarlyRequest,
  type EarlyStep,
} from '../../src/http/pipeline/front-door.js';
import { headerOf, rawExchange, rawRequest } from '../helpers/raw-http.js';

test('hostnameOf: the Host header as Fastify’s request.hostname gives it, lowercased, without a final dot', () => {
  const cases: [string, string][] = [
    ['shop.example', 'shop.example'],
    ['Shop.Example.:8080', 'shop.example'],
    ['SHOP.LOCALHOST.', 'shop.localhost'],
    ['[::1]:8080', '[::1]'],
    ['[::1]', '[::1]'],
    ['a:b:c', 'a'],
    [':80', ''],
    ['', ''],
    ['[', ''],
  ];
  for (const [host, expected] of cases) assert.equal(hostnameOf(host), expected, host);
});

describe('frontDoor', () => {
  let server: Server;
  let port: number;
  let accepting = true;
  const seen: EarlyRequest[] = [];
  const completed: CompletedRequest[] = [];
  const regular: string[] = [];

  /** Answers /fast and /head-only from memory; /regular is the regular path's; anything else is not its business. */
  const step: EarlyStep = (request) => {
    seen.push(request);
    if (request.url === '/regular') return REGULAR;
    if (request.url === '/throws') throw new Error('a step failed');
    if (request.url !== '/fast') return null;
    const body = Buffer.from('fast');
    return {
      status: 203,
      headers: ['content-type', 'text/plain', 'content-length', String(body.length)],
      body: request.method === 'HEAD' ? null : body,
      operation: 'test',
    };
  };
  // The regular path: answers after a while, so a request pipelined behind it finds the connection busy.
  const next = (req: IncomingMessage, res: ServerResponse) => {
    regular.push(`${String(req.method)} ${String(req.url)}`);
    setTimeout(() => res.end(`regular ${String(req.url)}`), 30);
  };

  before(async () => {
    server = createServer(
      frontDoor(
        {
          steps: () => [step],
          requestId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : 'req_generated'),
          accepting: () => accepting,
          trustProxy: true,
        },
        new TurnWrites((done) => completed.push(done)),
        next,
      ),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => server.close());

  const send = async (method: string, target: string, headers: Record<string, string> = { host: 'Site.Example:81' }) => {
    const [res] = await rawExchange(port, rawRequest(method, target, headers), [method === 'HEAD']);
    assert.ok(res);
    return res;
  };

  test('an early answer: the request id first, the step’s headers and body, recorded once it is handed over', async () => {
    completed.length = 0;
    const res = await send('GET', '/fast', { host: 'Site.Example.:81', 'x-request-id': 'trace-1' });
    assert.equal(res.status, 203);
    assert.deepEqual(res.headers[0], ['x-request-id', 'trace-1']);
    assert.equal(headerOf(res, 'content-type'), 'text/plain');
    assert.equal(res.body.toString(), 'fast');
    const request = seen.at(-1);
    assert.equal(request?.hostname, 'site.example');
    assert.equal(request?.secure, false);
    assert.equal(completed.length, 1);
    assert.deepEqual(
      { id: completed[0]?.id, status: completed[0]?.status, operation: completed[0]?.operation },
      { id: 'trace-1', status: 203, operation: 'test' },
    );
    assert.ok((completed[0]?.elapsedMs ?? -1) >= 0);

    const head = await send('HEAD', '/fast');
    assert.deepEqual([head.status, headerOf(head, 'content-length'), head.body.length], [203, '4', 0]);
  });

  test('the regular path gets everything else, untouched', async () => {
    const before = completed.length;
    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/regular', { host: 'site.example' }],
      ['GET', '/throws', { host: 'site.example' }],
      ['GET', '/other', { host: 'site.example' }],
      ['POST', '/fast', { host: 'site.example', 'content-length': '0' }],
      ['GET', '/fast', { host: 'site.example', 'content-length': '1' }],
      ['GET', '/fast', { host: 'site.example', 'transfer-encoding': 'chunked' }],
      // With TRUST_PROXY the regular path reads the forwarded client and host.
      ['GET', '/fast', { host: 'site.example', 'x-forwarded-for': '203.0.113.1' }],
      ['GET', '/fast', { host: 'site.example', 'x-forwarded-host': 'other.example' }],
    ];
    for (const [method, target, headers] of cases) {
      regular.length = 0;
      const body = headers['content-length'] === '1' ? 'x' : headers['transfer-encoding'] ? '0\r\n\r\n' : '';
      const [res] = await rawExchange(port, rawRequest(method, target, headers) + body);
      assert.equal(res?.body.toString(), `regular ${target}`, `${method} ${target} ${JSON.stringify(headers)}`);
      assert.deepEqual(regular, [`${method} ${target}`]);
    }
    // HTTP/1.0 without a Host header.
    const [old] = await rawExchange(port, 'GET /fast HTTP/1.0\r\n\r\n');
    assert.equal(old?.body.toString(), 'regular /fast');
    assert.equal(completed.length, before, 'none of them was recorded as an early answer');
  });

  test('while the app drains, every request takes the regular path (which answers 503 there)', async () => {
    accepting = false;
    try {
      assert.equal((await send('GET', '/fast')).body.toString(), 'regular /fast');
    } finally {
      accepting = true;
    }
  });

  test('a request pipelined behind a response still in flight takes the regular path, so answers keep their order', async () => {
    regular.length = 0;
    const host = 'Host: site.example\r\n';
    const answers = await rawExchange(
      port,
      `GET /other HTTP/1.1\r\n${host}\r\nGET /fast HTTP/1.1\r\n${host}\r\nGET /fast HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
    );
    assert.deepEqual(
      answers.map((a) => a.body.toString()),
      ['regular /other', 'regular /fast', 'regular /fast'],
    );
    // Behind an early answer too: Node gives the connection to the next response once the one before has finished.
    const behindEarly = await rawExchange(port, `GET /fast HTTP/1.1\r\n${host}\r\nGET /fast HTTP/1.1\r\n${host}Connection: close\r\n\r\n`);
    assert.deepEqual(
      behindEarly.map((a) => [a.status, a.body.toString()]),
      [
        [203, 'fast'],
        [200, 'regular /fast'],
      ],
    );
  });
});

describe('the early answers of one event-loop turn', () => {
  /** Answers every request with its own URL. */
  const echo: EarlyStep = (request) => ({
    status: 200,
    headers: ['content-length', String(request.url.length)],
    body: request.url,
    operation: 'echo',
  });
  const request = (url: string) =>
    ({
      method: 'GET',
      url,
      headers: { host: 'site.example' },
      rawHeaders: ['Host', 'site.example'],
      socket: {},
    }) as unknown as IncomingMessage;
  /** A response that records what is written to it; `failing` throws as writeHead does on a header it refuses. */
  const response = (failing = false) => {
    const res = {
      socket: {},
      written: [] as unknown[],
      destroyed: false,
      writeHead(status: number, headers: string[]) {
        if (failing) throw new TypeError('Invalid character in header content');
        res.written.push(status, ...headers);
      },
      end(body: unknown) {
        res.written.push(String(body));
      },
      destroy() {
        res.destroyed = true;
      },
    };
    return res;
  };
  const setUp = () => {
    const completed: string[] = [];
    const failed: string[] = [];
    const writes = new TurnWrites(
      (done) => completed.push(`${done.id} ${String(done.status)}`),
      (held) => failed.push(held.id),
    );
    let n = 0;
    const handler = frontDoor(
      { steps: () => [echo], requestId: () => `req_${String(++n)}`, accepting: () => true, trustProxy: false },
      writes,
      () => completed.push('regular'),
    );
    const answer = (url: string, res: ReturnType<typeof response>) => handler(request(url), res as unknown as ServerResponse);
    return { completed, failed, writes, answer };
  };
  const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

  test('are written together once the turn has handled every request it read, in the order they were made', async () => {
    const { completed, answer } = setUp();
    const [a, b] = [response(), response()];
    answer('/a', a);
    answer('/bb', b);
    assert.deepEqual([a.written, b.written, completed], [[], [], []], 'nothing is written during the turn');
    await turnEnd();
    assert.deepEqual(a.written, [200, 'x-request-id', 'req_1', 'content-length', '2', '/a']);
    assert.deepEqual(b.written, [200, 'x-request-id', 'req_2', 'content-length', '3', '/bb']);
    assert.deepEqual(completed, ['req_1 200', 'req_2 200']);
    // The next turn's answers are held and written again.
    const c = response();
    answer('/c', c);
    assert.deepEqual(c.written, []);
    await turnEnd();
    assert.deepEqual(completed, ['req_1 200', 'req_2 200', 'req_3 200']);
  });

  test('an answer that cannot be written closes its own connection only, uncounted, and is told apart (its span ends)', async () => {
    const { completed, failed, answer } = setUp();
    const [a, broken, c] = [response(), response(true), response()];
    answer('/a', a);
    answer('/b', broken);
    answer('/c', c);
    await turnEnd();
    assert.deepEqual([a.written.at(-1), broken.destroyed, broken.written, c.written.at(-1)], ['/a', true, [], '/c']);
    assert.deepEqual(completed, ['req_1 200', 'req_3 200']);
    assert.deepEqual(failed, ['req_2']);
  });

  test('write() hands over what is held at once (the app starts closing), and nothing twice', async () => {
    const { completed, writes, answer } = setUp();
    const a = response();
    answer('/a', a);
    writes.write();
    assert.deepEqual([a.written.at(-1), completed], ['/a', ['req_1 200']]);
    await turnEnd();
    assert.deepEqual([a.written.length, completed], [6, ['req_1 200']]);
  });
});

describe('earlyRedirectStep', () => {
  const hosts = {
    redirectFor: (name: string) => (name === 'old.example' ? 'www.example' : null),
    isActive: (name: string) => name === 'www.example',
  } as unknown as DomainHosts;
  const step = earlyRedirectStep(hosts);
  const request = (hostname: string, secure: boolean, url = '/'): EarlyRequest => ({
    method: 'GET',
    url,
    environment: 'production',
    headers: {},
    hostname,
    secure,
  });

  test('what redirectStep would redirect or refuse takes the regular path; the rest goes on to the site', () => {
    const cases: [string, boolean, string, unknown][] = [
      ['old.example', false, '/', REGULAR], // a redirect entry: 301
      ['old.example', true, '/', REGULAR],
      ['www.example', false, '/', REGULAR], // an active domain over HTTP: 308 to HTTPS
      ['www.example', true, '/', null], // served over HTTPS
      ['unknown.example', true, '/', REGULAR], // not served here over HTTPS: 421
      ['shop.localhost', false, '/', null], // a platform host: the site step decides
      ['www.example', false, '/.well-known/acme-challenge/t', null], // http-01 is answered on every host
    ];
    for (const [hostname, secure, url, expected] of cases) {
      assert.equal(step(request(hostname, secure, url)), expected, `${hostname} secure=${String(secure)} ${url}`);
    }
  });
});
