import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { decodeRequestPath } from '../../src/deploys/serving/request-path.js';
import { isApiUrl } from '../../src/http/pipeline/request-steps.js';
import { site } from '../helpers/deploys.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { headerOf, rawExchange, rawRequest, type RawResponse } from '../helpers/raw-http.js';
import { OPERATOR } from '../../src/audit/actor.js';

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** Headers that differ between any two responses (time, connection handling, a fresh id, an API request's quota left). */
const VARYING = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'ratelimit', 'x-ratelimit-remaining', 'retry-after']);
const comparable = (r: RawResponse) => ({
  status: r.status,
  headers: r.headers.filter(([n]) => !VARYING.has(n)).sort(([a], [b]) => a.localeCompare(b)),
  body: r.body.toString('base64'),
});

const text = (n: number, word: string) => `<p>${`${word} `.repeat(n)}</p>\n`;
const FILES = {
  'index.html': text(300, 'home'),
  'about.html': text(50, 'about'),
  'a/index.html': '<h1>a</h1>',
  'style.css': `body { color: red } ${'.x { margin: 0 } '.repeat(100)}`,
  '404.html': '<h1>lost</h1>',
  'logo.png': Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)),
};

/**
 * The SQLite engine reads the live deploy without a promise, so a published
 * site's files in the blob cache are answered before Fastify (early steps).
 * Each case is sent as the same raw bytes to the app's own listener (front
 * door) and to a listener straight into Fastify (`app.routing`, the regular
 * path), and the two answers must be the same.
 */
describe('site answers before Fastify are the regular path’s answers (SQLite)', () => {
  let h: Harness;
  let early: Server;
  let regular: Server;
  const logs = logCapture();
  let host: string;
  let unpublished: string;
  let preview: string;
  let numbered: string;

  before(async () => {
    h = await harness({ engine: 'sqlite', config: { logLevel: 'info' }, logStream: logs.stream });
    const first = ok(await h.app.deploys.deploy(OPERATOR, h.project, { files: site(FILES) }));
    ok(await h.app.deploys.deploy(OPERATOR, h.project, { files: site({ 'index.html': 'second' }) }));
    // The first deploy stays reachable on its preview host after the second went live.
    preview = `${h.project}--${first.id}.localhost:8080`;
    numbered = `${h.project}--deploy-${String(first.number)}.localhost:8080`;
    ok(await h.app.deploys.promote(OPERATOR, h.project, first.id));
    host = `${h.project}.localhost:8080`;
    unpublished = `${(await h.newProject()).project}.localhost`;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    early = h.app.server;
    regular = createServer((req, res) => h.app.routing(req, res));
    regular.listen(0, '127.0.0.1');
    await once(regular, 'listening');
    // The first read of each file goes through storage (the regular path); after it the blob is in memory.
    for (const path of Object.keys(FILES)) await rawExchange(portOf(early), rawRequest('GET', `/${path}`, { host }));
    await rawExchange(portOf(early), rawRequest('GET', '/', { host: preview }));
    await rawExchange(portOf(early), rawRequest('GET', '/', { host: numbered }));
    // A project created after start is looked up on its first request (the regular path), then known.
    await rawExchange(portOf(early), rawRequest('GET', '/', { host: unpublished }));
  });
  after(async () => {
    regular.close();
    await h.close();
  });

  /** Sends one request to both listeners; returns both answers and how many the early path gave. */
  async function both(method: string, target: string, headers: Record<string, string>) {
    const bytes = rawRequest(method, target, headers);
    const heads = [method === 'HEAD'];
    const before = h.app.frontDoor.answered;
    const [viaDoor] = await rawExchange(portOf(early), bytes, heads);
    const answeredEarly = h.app.frontDoor.answered - before;
    const [viaFastify] = await rawExchange(portOf(regular), bytes, heads);
    assert.equal(h.app.frontDoor.answered - before, answeredEarly, 'the regular listener never answers early');
    assert.ok(viaDoor && viaFastify);
    return { viaDoor, viaFastify, answeredEarly };
  }

  test('files, pages, conditional and range requests, encodings, HEAD: the same status, headers and bytes', async () => {
    const etag = headerOf((await both('GET', '/', { host })).viaDoor, 'etag') ?? assert.fail('no ETag');
    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/', {}],
      ['HEAD', '/', {}],
      ['GET', '/?utm=1', {}],
      ['GET', '/about', {}],
      ['GET', '/about.html', {}],
      ['GET', '/a/', {}],
      ['GET', '/a', {}],
      ['GET', '/style.css', { 'accept-encoding': 'gzip' }],
      ['GET', '/style.css', { 'accept-encoding': 'gzip, br' }],
      ['GET', '/style.css', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
      ['HEAD', '/style.css', { 'accept-encoding': 'br' }],
      ['GET', '/logo.png', { 'accept-encoding': 'gzip, br' }],
      ['GET', '/', { 'if-none-match': etag }],
      ['GET', '/', { 'if-none-match': `W/${etag}`, 'accept-encoding': 'gzip' }],
      ['GET', '/', { 'if-none-match': '"other"' }],
      ['GET', '/', { range: 'bytes=0-9' }],
      ['GET', '/', { range: 'bytes=-5' }],
      ['GET', '/', { range: 'bytes=999999-' }],
      ['GET', '/', { range: 'bytes=0-9', 'if-range': '"stale"' }],
      ['GET', '/', { range: 'bytes=0-1,4-5' }],
      ['GET', '/missing', {}],
      ['HEAD', '/missing', {}],
    ];
    for (const site of [host, preview, numbered]) {
      for (const [method, target, headers] of cases) {
        const r = await both(method, target, { host: site, ...headers });
        assert.deepEqual(comparable(r.viaDoor), comparable(r.viaFastify), `${site} ${method} ${target} ${JSON.stringify(headers)}`);
        assert.equal(r.answeredEarly, 1, `${site} ${method} ${target} ${JSON.stringify(headers)} was answered early`);
        assert.match(headerOf(r.viaDoor, 'x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
        assert.equal(headerOf(r.viaDoor, 'x-robots-tag'), site === host ? undefined : 'noindex');
      }
    }
    // A preview host naming no ready deploy of the project: the regular path's plain 404, the same from the front door.
    for (const other of [`${h.project}--999999.localhost`, `${h.project}--deploy-999.localhost`, 'nobody--1.localhost']) {
      const r = await both('GET', '/', { host: other });
      assert.deepEqual(comparable(r.viaDoor), comparable(r.viaFastify), other);
      assert.equal(r.viaDoor.status, 404, other);
    }
    // Targets that do not decode to a path in the deploy are left to the regular path (Fastify's router refuses some).
    for (const target of ['/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fpackage.json', '/index.html%00.css', '/a\\..\\..\\x', '/%zz']) {
      const r = await both('GET', target, { host });
      assert.deepEqual(comparable(r.viaDoor), comparable(r.viaFastify), target);
      assert.equal(r.answeredEarly, 0, target);
      assert.equal(r.viaDoor.status, 400, target);
    }
    // The host in any case, with a port and a final dot; a project with no deploy ("not published yet").
    for (const other of [`${h.project.toUpperCase()}.LOCALHOST.:1234`, unpublished]) {
      const r = await both('GET', '/', { host: other });
      assert.deepEqual(comparable(r.viaDoor), comparable(r.viaFastify), other);
      assert.equal(r.answeredEarly, 1, other);
    }
  });

  test('what only the regular path answers goes to Fastify unchanged', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['POST', '/', { 'content-length': '0' }],
      ['GET', '/', { 'content-length': '2', 'content-type': 'text/plain' }],
      ['GET', '/v1/pets', {}],
      ['GET', '/v1/openapi.json', {}],
      ['GET', '/.well-known/acme-challenge/abc', {}],
    ];
    for (const [method, target, headers] of cases) {
      const body = headers['content-length'] === '2' ? 'hi' : '';
      const bytes = rawRequest(method, target, { host, ...headers }) + body;
      const before = h.app.frontDoor.answered;
      const [viaDoor] = await rawExchange(portOf(early), bytes);
      const [viaFastify] = await rawExchange(portOf(regular), bytes);
      assert.equal(h.app.frontDoor.answered, before, `${method} ${target} took the regular path`);
      assert.ok(viaDoor && viaFastify);
      assert.deepEqual(comparable(viaDoor), comparable(viaFastify), `${method} ${target}`);
      assert.ok(viaDoor.status < 500, `${method} ${target}: ${String(viaDoor.status)}`);
    }
    // Hosts that are not a site: the service as before (`/` leads to the dashboard), an unknown project's plain 404.
    for (const [other, status] of [
      ['127.0.0.1', 303],
      ['no-such-project.localhost', 404],
    ] as const) {
      const before = h.app.frontDoor.answered;
      const [viaDoor] = await rawExchange(portOf(early), rawRequest('GET', '/', { host: other }));
      assert.equal(h.app.frontDoor.answered, before, other);
      assert.equal(viaDoor?.status, status, other);
    }
  });

  test('any request target on the site: the same answer on both paths, never a 5xx', async () => {
    const segment = fc.oneof(
      fc.constantFrom('', '.', '..', 'a', 'about', 'index.html', 'style.css', '404.html', 'logo.png', 'v1', 'x y'),
      fc.constantFrom('%2e%2e', '%2f', '%5c', '%00', '%', '%zz', '%c3%a9', '%ff', '\\', '..%2f', 'a?b=1', '#frag', '~', '%20'),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
    );
    const target = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join('/').replace(/ /g, '%20')}`);
    const headers = fc.record(
      {
        'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', 'identity', '*', 'br;q=0, gzip;q=0.5', ''),
        range: fc.constantFrom('bytes=0-0', 'bytes=5-', 'bytes=-1', 'bytes=9-3', 'bytes=0-1,3-4', 'items=0-1', 'bytes=99999-'),
        'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', ''),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'HEAD'), target, headers, async (method, url, extra) => {
        const r = await both(method, url, { host, ...extra });
        assert.deepEqual(comparable(r.viaDoor), comparable(r.viaFastify));
        assert.ok(r.viaDoor.status < 500, String(r.viaDoor.status));
        assert.equal(r.answeredEarly, isApiUrl(url) || decodeRequestPath(url) === null ? 0 : 1);
      }),
      { numRuns: 150 },
    );
  });

  test('any Host header: the same answer on both paths, never a 5xx', async () => {
    const label = fc.stringMatching(/^[A-Za-z0-9-]{0,8}$/);
    const hostHeader = fc.oneof(
      fc.tuple(label, fc.constantFrom('', '.', ':8080', '.:1', ':', ':x')).map(([l, tail]) => `${l}.localhost${tail}`),
      fc.constant(host),
      fc.constantFrom('[::1]:80', '[::1', '[', ']', ':80', '.', '..localhost', 'LOCALHOST', `${h.project}.LOCALHOST.`, '127.0.0.1:1'),
      fc.stringMatching(/^[A-Za-z0-9.:[\]_-]{0,20}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'HEAD'),
        fc.constantFrom('/', '/about', '/nope', '/v1/pets'),
        hostHeader,
        async (method, url, value) => {
          // With the project's key: a Host the protocol step refuses is metered, and the client address's quota is kept for the other tests.
          const r = await both(method, url, { host: value, ...h.auth });
          assert.deepEqual(comparable(r.viaDoor), comparable(r.viaFastify), value);
          assert.ok(r.viaDoor.status < 500, `${value}: ${String(r.viaDoor.status)}`);
        },
      ),
      { numRuns: 120 },
    );
  });

  test('an early answer keeps X-Request-Id, and its access-log line and metrics are the regular path’s', async () => {
    const before = h.app.frontDoor.answered;
    const metric = async () => {
      const text = (await h.app.inject({ url: '/metrics' })).body;
      return Number(/^http_requests_total\{operation="site",method="GET",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const counted = await metric();
    const [viaDoor] = await rawExchange(portOf(early), rawRequest('GET', '/about', { host, 'x-request-id': 'early-trace.1' }));
    const [viaFastify] = await rawExchange(portOf(regular), rawRequest('GET', '/about', { host, 'x-request-id': 'regular-trace.1' }));
    assert.equal(h.app.frontDoor.answered, before + 1);
    assert.equal(headerOf(viaDoor as RawResponse, 'x-request-id'), 'early-trace.1');
    assert.equal(headerOf(viaFastify as RawResponse, 'x-request-id'), 'regular-trace.1');
    assert.equal(await metric(), counted + 2, 'both are counted under operation="site"');

    const line = (id: string) => {
      const found = logs
        .lines()
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.reqId === id && l.msg === 'request completed');
      assert.ok(found, `no access-log line for ${id}`);
      assert.equal(typeof found.time, 'number');
      assert.ok(typeof found.responseTime === 'number' && found.responseTime >= 0);
      const { time: _t, responseTime: _r, reqId: _id, req, ...rest } = found;
      const { remotePort, ...fields } = req as Record<string, unknown>;
      assert.equal(typeof remotePort, 'number');
      return { ...rest, req: fields, keys: Object.keys(found), reqKeys: Object.keys(req as object) };
    };
    assert.deepEqual(line('early-trace.1'), line('regular-trace.1'));
  });

  test('pipelined requests are answered in order: one behind an unfinished response takes the regular path', async () => {
    const requests =
      `GET /v1/pets HTTP/1.1\r\nHost: ${host}\r\n\r\n` +
      `GET /about HTTP/1.1\r\nHost: ${host}\r\n\r\n` +
      `HEAD / HTTP/1.1\r\nHost: ${host}\r\n\r\n` +
      `GET /a/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
    const answers = await rawExchange(portOf(early), requests, [false, false, true, false]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [401, 200, 200, 200],
    );
    assert.equal(answers[1]?.body.toString(), FILES['about.html']);
    assert.equal(answers[2]?.body.length, 0);
    assert.equal(headerOf(answers[2] as RawResponse, 'content-length'), String(Buffer.byteLength(FILES['index.html'])));
    assert.equal(answers[3]?.body.toString(), FILES['a/index.html']);
  });
});

describe('site answers before Fastify with TRUST_PROXY', () => {
  test('a request with forwarded headers takes the regular path, which reads them; one without is answered early', async () => {
    const logs = logCapture();
    const h = await harness({ engine: 'sqlite', config: { trustProxy: true, logLevel: 'info' }, logStream: logs.stream });
    try {
      ok(await h.app.deploys.deploy(OPERATOR, h.project, { files: site({ 'index.html': '<h1>proxied</h1>' }) }));
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const port = portOf(h.app.server);
      const siteHost = `${h.project}.localhost`;
      const get = (headers: Record<string, string>) => rawExchange(port, rawRequest('GET', '/', headers));
      await get({ host: siteHost });

      let before = h.app.frontDoor.answered;
      const [forwardedHost] = await get({ host: 'api.example', 'x-forwarded-host': siteHost });
      assert.equal(forwardedHost?.body.toString(), '<h1>proxied</h1>', 'X-Forwarded-Host names the site');
      const [forwardedFor] = await get({ host: siteHost, 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'fwd-1' });
      assert.equal(forwardedFor?.status, 200);
      assert.equal(h.app.frontDoor.answered, before, 'both took the regular path');
      const logged = logs
        .lines()
        .map((l) => JSON.parse(l) as { reqId?: string; req?: { remoteAddress?: string } })
        .find((l) => l.reqId === 'fwd-1');
      assert.equal(logged?.req?.remoteAddress, '203.0.113.9');

      before = h.app.frontDoor.answered;
      const [direct] = await get({ host: siteHost });
      assert.equal(direct?.body.toString(), '<h1>proxied</h1>');
      assert.equal(h.app.frontDoor.answered, before + 1);
    } finally {
      await h.close();
    }
  });
});

describe('site answers before Fastify at LOG_LEVEL=debug', () => {
  test('every request takes the regular path, so each has its "incoming request" line', async () => {
    const logs = logCapture();
    const h = await harness({ engine: 'sqlite', config: { logLevel: 'debug' }, logStream: logs.stream });
    try {
      ok(await h.app.deploys.deploy(OPERATOR, h.project, { files: site({ 'index.html': '<h1>debug</h1>' }) }));
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const get = () =>
        rawExchange(portOf(h.app.server), rawRequest('GET', '/', { host: `${h.project}.localhost`, 'x-request-id': 'dbg-1' }));
      await get();
      const [res] = await get();
      assert.equal(res?.body.toString(), '<h1>debug</h1>');
      assert.equal(h.app.frontDoor.answered, 0);
      const lines = logs.lines().map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      assert.equal(lines.filter((l) => l.reqId === 'dbg-1' && l.msg === 'incoming request').length, 2);
    } finally {
      await h.close();
    }
  });
});
