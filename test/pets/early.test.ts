import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { headerOf, rawExchange, rawRequest, type RawResponse } from '../helpers/raw-http.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { engines } from '../helpers/engines.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** Only what differs between any two responses: the time and a fresh request id (its form is checked). */
const comparable = (r: RawResponse) => ({
  status: r.status,
  // In the order sent: the bytes of the head are the same, but for these two values.
  headers: r.headers.map(([n, v]) => [n, n === 'date' ? '(date)' : n === 'x-request-id' && v.startsWith('req_') ? '(generated)' : v]),
  body: r.body.toString('latin1'),
});

const START = Date.UTC(2027, 2, 3, 10, 0, 0);

/**
 * listPets and getPet answered before Fastify (pets/early.ts) must be the
 * regular path's answers. Two apps share one database and one clock:
 * `door` is served through its own listener (the front door), `regular`
 * through a listener straight into Fastify (`app.routing`). Every request is
 * sent to both in turn, so their key caches, limiter counts, bans and usage
 * counts stay in step, and the two answers must be the same bytes (but for
 * Date and a generated request id). On SQLite the early answer is made in the
 * request's turn; on PostgreSQL + Redis it awaits its read and its count (each
 * app counts under a Redis key prefix of its own, so the counts stay in step).
 */
function sameAnswers(engine: 'sqlite' | 'postgres', redisUrl?: string): void {
  describe(`listPets and getPet before Fastify are the regular path’s answers (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis'})`, () => {
    const clock = manualClock(START);
    const logs = logCapture();
    let door: Harness;
    let regular: Harness;
    let doorServer: Server;
    let regularServer: Server;
    /** Keys by role; `key` is the first project's. */
    const keys: Record<string, string> = {};
    const cursors: Record<string, string> = {};
    const ids: Record<string, string> = {};
    let site: string;
    const prefixes = [uniqueRedisPrefix(), uniqueRedisPrefix()] as const;
    let compared = 0;
    let early = 0;
    const counted: Record<string, Map<string, number>> = {};

    /** The request counts of the pets operations (and unmatched paths) in an app's metrics. */
    const series = async (h: Harness) => {
      const text = (await h.app.inject({ url: '/metrics' })).body;
      const out = new Map<string, number>();
      for (const m of text.matchAll(/^http_requests_total\{(operation="(?:listPets|getPet|unmatched)".*)\} (\d+)$/gm))
        out.set(m[1] as string, Number(m[2]));
      return out;
    };
    /** What an app counted since `before`. */
    const since = (now: Map<string, number>, before: Map<string, number> | undefined) =>
      [...now]
        .map(([labels, n]) => `${labels} ${String(n - (before?.get(labels) ?? 0))}`)
        .filter((l) => !l.endsWith(' 0'))
        .sort();

    before(async () => {
      // Staging both ways: its own host, and the /staging prefix on any host.
      const config = {
        logLevel: 'info',
        secretsKey: randomBytes(24).toString('base64url'),
        banThreshold: 2,
        banDurationSeconds: 120,
        stagingBaseUrl: 'https://staging.petstore.test/staging/v1',
      };
      const redis = (prefix: string) => (redisUrl === undefined ? {} : { redisUrl, redisKeyPrefix: prefix });
      door = await harness({ engine, clock, config: { ...config, ...redis(prefixes[0]) }, logStream: logs.stream });
      regular = await harness({
        engine,
        clock,
        config: { ...config, ...redis(prefixes[1]) },
        storage: door.storage,
        logStream: logCapture().stream,
      });
      keys.valid = door.key;
      const small = await door.newProject('enterprise', { perMinute: 6, perDay: 1_000_000 });
      keys.small = small.key;
      const revoked = ok(await door.app.keys.create(OPERATOR, door.project, 'to revoke'));
      keys.revoked = revoked.key;
      keys.other = (await door.newProject()).key;
      keys.unknown = `${door.key.slice(0, -6)}AAAAAA`;
      const staging = ok(await door.app.keys.create(OPERATOR, door.project, 'staging', { environment: 'staging' }));
      keys.staging = staging.key;
      for (let i = 0; i < 12; i++) {
        const res = await door.request({
          method: 'POST',
          url: '/staging/v1/pets',
          headers: { authorization: `Bearer ${staging.key}` },
          payload: { name: `Staging ${String(i)}`, categoryId: 8, status: ['available', 'sold'][i % 2] as string },
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      for (let i = 0; i < 45; i++) {
        const status = ['available', 'pending', 'sold'][i % 3] as string;
        const res = await door.request({
          method: 'POST',
          url: '/v1/pets',
          headers: door.auth,
          payload: { name: `Pet ${String(i)} "q"`, categoryId: 7, status },
        });
        assert.equal(res.statusCode, 201);
        if (i === 0) ids.first = String((JSON.parse(res.body) as { id: number }).id);
        ids.last = String((JSON.parse(res.body) as { id: number }).id);
      }
      for (const [name, query, prefix, key] of [
        ['all', '?limit=5', '', door.key],
        ['available', '?limit=5&status=available', '', door.key],
        ['staging', '?limit=5', '/staging', keys.staging],
      ] as const) {
        const res = await door.request({ url: `${prefix}/v1/pets${query}`, headers: { authorization: `Bearer ${key}` } });
        cursors[name] = /cursor=([A-Za-z0-9_-]+)/.exec(String(res.headers.link))?.[1] ?? assert.fail('no next link');
      }
      site = `${door.project}.localhost`;
      await door.app.listen({ port: 0, host: '127.0.0.1' });
      doorServer = door.app.server;
      regularServer = createServer((req, res) => regular.app.routing(req, res));
      regularServer.listen(0, '127.0.0.1');
      await once(regularServer, 'listening');
      // Revoked after its first use: both key caches still hold it for KEY_CACHE_TTL_MS, then neither does.
      await both('GET', '/v1/pets', { host: 'localhost', authorization: `Bearer ${keys.revoked}` });
      ok(await door.app.keys.revoke(OPERATOR, revoked.id, door.project));
      // The set-up requests above went to `door` only: a new minute starts both limiters' windows level.
      clock.advance(61_000);
      counted.door = await series(door);
      counted.regular = await series(regular);
    });
    after(async () => {
      regularServer.close();
      await regular.close();
      await door.close();
      if (redisUrl !== undefined) for (const prefix of prefixes) await deleteRedisPrefix(redisUrl, prefix);
    });

    /** Sends one request to the front door, then the same bytes to the regular path; returns both answers. */
    async function both(method: string, target: string, headers: Record<string, string>) {
      const bytes = rawRequest(method, target, headers);
      const heads = [method === 'HEAD'];
      const before = door.app.frontDoor.answered;
      const [viaDoor] = await rawExchange(portOf(doorServer), bytes, heads);
      const answeredEarly = door.app.frontDoor.answered - before;
      const [viaRegular] = await rawExchange(portOf(regularServer), bytes, heads);
      assert.equal(regular.app.frontDoor.answered, 0, 'the regular listener never answers early');
      assert.ok(viaDoor && viaRegular);
      compared++;
      early += answeredEarly;
      return { viaDoor, viaRegular, answeredEarly };
    }

    test('the bench’s requests are answered early, with the regular path’s bytes', async () => {
      const auth = { host: '127.0.0.1:8080', authorization: `Bearer ${keys.valid}` };
      // The key's first request after the key cache's time is up reads it from storage: the regular path.
      assert.equal((await both('GET', '/v1/pets', auth)).answeredEarly, 0);
      const cases: [string, string][] = [
        ['GET', '/v1/pets'],
        ['GET', '/v1/pets?limit=20'],
        ['GET', '/v1/pets?limit=5&status=available'],
        ['GET', `/v1/pets?limit=5&cursor=${cursors.all}`],
        ['GET', `/v1/pets?status=available&limit=5&cursor=${cursors.available}`],
        ['GET', '/v1/pets?limit=100'],
        ['HEAD', '/v1/pets?limit=20'],
        ['GET', `/v1/pets/${ids.first}`],
        ['HEAD', `/v1/pets/${ids.last}`],
      ];
      for (const [method, target] of cases) {
        const r = await both(method, target, auth);
        assert.deepEqual(comparable(r.viaDoor), comparable(r.viaRegular), `${method} ${target}`);
        assert.equal(r.answeredEarly, 1, `${method} ${target} was answered early`);
        assert.equal(r.viaDoor.status, 200);
        assert.match(headerOf(r.viaDoor, 'x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
      }
      // Staging's, at its path and on its host, answered early too: its own pets, its own links.
      const staging = { host: '127.0.0.1:8080', authorization: `Bearer ${keys.staging}` };
      assert.equal((await both('GET', '/staging/v1/pets', staging)).answeredEarly, 0, 'first use: the key is read from storage');
      for (const [method, target, host] of [
        ['GET', '/staging/v1/pets', '127.0.0.1:8080'],
        ['GET', '/staging/v1/pets?limit=5', 'localhost'],
        ['GET', `/staging/v1/pets?limit=5&cursor=${cursors.staging}`, '127.0.0.1:8080'],
        ['GET', '/v1/pets?limit=5', 'staging.petstore.test'],
        ['GET', '/staging/v1/pets/3', '127.0.0.1:8080'],
        ['HEAD', '/v1/pets/3', 'staging.petstore.test'],
      ] as const) {
        const r = await both(method, target, { ...staging, host });
        assert.deepEqual(comparable(r.viaDoor), comparable(r.viaRegular), `${method} ${target} on ${host}`);
        assert.equal(r.answeredEarly, 1, `${method} ${target} on ${host} was answered early`);
        assert.equal(r.viaDoor.status, 200);
      }
      const page = await both('GET', '/staging/v1/pets?limit=5', staging);
      assert.match(headerOf(page.viaDoor, 'link') ?? '', /^<\/staging\/v1\/pets\?limit=5&cursor=/);
      assert.match(page.viaDoor.body.toString(), /^\[\{"id":1,"name":"Staging 0"/);

      const withId = await both('GET', '/v1/pets', { ...auth, 'x-request-id': 'trace-1' });
      assert.equal(withId.answeredEarly, 1);
      assert.equal(headerOf(withId.viaDoor, 'x-request-id'), 'trace-1');
      assert.deepEqual(comparable(withId.viaDoor), comparable(withId.viaRegular));
    });

    test('any request shape: the same answer both ways, never a 5xx', async () => {
      const key = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('valid', 'small', 'lower', 'staging') },
        { weight: 1, arbitrary: fc.constantFrom('revoked', 'other', 'unknown', 'missing', 'malformed', 'basic') },
      );
      const authorization = (role: string): Record<string, string> => {
        if (role === 'missing') return {};
        if (role === 'malformed') return { authorization: 'Bearer' };
        if (role === 'basic') return { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` };
        if (role === 'lower') return { authorization: `bearer ${keys.valid as string}` };
        return { authorization: `Bearer ${keys[role] as string}` };
      };
      /** Mostly what a client usually sends, sometimes something odd. */
      const mostly = <T>(usual: T[], odd: T[]) =>
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...usual) }, { weight: 1, arbitrary: fc.constantFrom(...odd) });
      const limit = mostly([undefined, '1', '5', '20', '100'], ['0', '101', '020', '-1', '+5', 'abc', '', '1.5', '2e1']);
      const status = mostly([undefined, undefined, 'available', 'pending', 'sold'], ['Available', 'lost', '']);
      const cursor = mostly([undefined, undefined, undefined, 'all', 'available', 'staging'], ['garbage', 'flipped', '']);
      const extra = mostly([undefined], ['x=1', 'limit=2', 'status=sold', '', 'cursor=', '%6cimit=3']);
      const listTarget = fc.tuple(limit, status, cursor, extra).map(([l, s, c, x]) => {
        const parts: string[] = [];
        if (l !== undefined) parts.push(`limit=${l}`);
        if (s !== undefined) parts.push(`status=${s}`);
        if (c !== undefined) {
          const value = c === 'garbage' ? 'not-a-cursor' : c === 'flipped' ? `A${(cursors.all as string).slice(1)}` : (cursors[c] ?? c);
          parts.push(`cursor=${value}`);
        }
        if (x !== undefined) parts.push(x);
        return parts.length === 0 ? '/v1/pets' : `/v1/pets?${parts.join('&')}`;
      });
      const petId = mostly(
        [ids.first as string, ids.last as string, String(Number(ids.first) + 3)],
        [
          '0',
          '-1',
          '999999',
          '9223372036854775807',
          '9223372036854775808',
          '99999999999999999999',
          '007',
          '1e3',
          'abc',
          '',
          `${ids.first as string}?x=1`,
          `${ids.first as string}/`,
        ],
      );
      // Production's path or staging's (and now and then something near staging's that is not it).
      const prefix = mostly(['', '', '/staging'], ['/staging/', '/Staging', '/stagingx', '/staging/staging']);
      const target = fc
        .tuple(
          prefix,
          fc.oneof(
            { weight: 3, arbitrary: listTarget },
            { weight: 2, arbitrary: petId.map((id) => `/v1/pets/${id}`) },
            { weight: 1, arbitrary: fc.constantFrom('/v1/pets/', '/v1/petsX', '/v1/pets?', '/V1/pets', '/v1//pets', '/v1/pets#x') },
          ),
        )
        .map(([p, t]) => `${p}${t}`);
      const host = mostly(
        ['localhost', '127.0.0.1:8080', 'API.Petstore.TEST', 'api.petstore.test.', 'staging.petstore.test', 'Staging.Petstore.Test:443'],
        [site, 'no-such-project.localhost', '[::1]:80', 'localhost:99999', 'localhost:', ':80', 'exa_mple.com', 'a..b'],
      );
      const plainHeaders = {
        'user-agent': fc.constant('fc/1'),
        accept: fc.constantFrom('application/json', '*/*', 'text/html'),
        'x-request-id': fc.constantFrom('trace-abc', 'ps_live_looks_like_a_key', 'bad id with spaces', ''),
      };
      const headers = fc.oneof(
        { weight: 3, arbitrary: fc.record(plainHeaders, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc.record(
            {
              ...plainHeaders,
              'accept-version': fc.constant('1'),
              'x-forwarded-for': fc.constant('203.0.113.7'),
              'if-none-match': fc.constant('"x"'),
              'content-length': fc.constant('0'),
              cookie: fc.constant('a=b'),
            },
            { requiredKeys: [] },
          ),
        },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
          target,
          key,
          host,
          headers,
          async (method, url, role, hostValue, more) => {
            // A new minute now and then: quotas fill and empty again, bans are earned and run out.
            if (compared % 40 === 0) clock.advance(61_000);
            const extraHeaders = Object.fromEntries(Object.entries(more).filter(([, v]) => v !== undefined)) as Record<string, string>;
            const r = await both(method, url, { host: hostValue, ...authorization(role), ...extraHeaders });
            assert.deepEqual(
              comparable(r.viaDoor),
              comparable(r.viaRegular),
              `${method} ${url} ${role} ${hostValue} ${JSON.stringify(more)}`,
            );
            assert.ok(r.viaDoor.status < 500, String(r.viaDoor.status));
          },
        ),
        { numRuns: 600 },
      );
    });

    test('both apps counted the same requests: metrics and usage agree', async () => {
      const fromDoor = since(await series(door), counted.door);
      assert.ok(
        fromDoor.some((l) => l.startsWith('operation="listPets",method="GET",status="200"')),
        fromDoor.join('\n'),
      );
      assert.ok(
        fromDoor.some((l) => l.startsWith('operation="getPet",method="GET",status="200"')),
        fromDoor.join('\n'),
      );
      assert.deepEqual(fromDoor, since(await series(regular), counted.regular));
      await door.app.usage.recorder.flush();
      await regular.app.usage.recorder.flush();
      console.log(`compared ${String(compared)} request shapes both ways; ${String(early)} answered early`);
      assert.ok(compared >= 500, String(compared));
      // About one in twelve shapes is plain enough to be answered early (the count varies with the generated set):
      // a key and an address of the same environment, a plain query, a pet that exists.
      assert.ok(early >= 25, `only ${String(early)} answered early`);
    });

    test('an early answer’s access-log line is the regular path’s', async () => {
      const auth = { host: 'localhost', authorization: `Bearer ${keys.valid}` };
      // Whatever the fuzzed requests left (a key cache past its time after the last new minute), the key is known after this one.
      await both('GET', '/v1/pets?limit=3', auth);
      const r1 = await both('GET', '/v1/pets?limit=3', { ...auth, 'x-request-id': 'log-early.1' });
      assert.equal(r1.answeredEarly, 1);
      const line = (id: string) => {
        const found = logs
          .lines()
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.reqId === id && l.msg === 'request completed');
        assert.ok(found, `no access-log line for ${id}`);
        const { time: _t, responseTime: _r, reqId: _id, req, ...rest } = found;
        const { remotePort: _p, ...fields } = req as Record<string, unknown>;
        return { ...rest, req: fields, keys: Object.keys(found), reqKeys: Object.keys(req as object) };
      };
      // The door's own regular path gives the line to compare with (a Cookie header sends a request there).
      const r2 = await rawExchange(
        portOf(doorServer),
        rawRequest('GET', '/v1/pets?limit=3', { ...auth, 'x-request-id': 'log-regular.1', cookie: 'a=b' }),
      );
      assert.equal(r2[0]?.status, 200);
      const early = line('log-early.1');
      const viaFastify = line('log-regular.1');
      assert.deepEqual(early, viaFastify);
    });
  });
}

sameAnswers('sqlite');
const redis = testRedis();
const postgresEngine = engines().find((e) => e.name === 'postgres');
const skip = 'skip' in redis ? redis.skip : postgresEngine?.skip;
if (skip !== undefined || 'skip' in redis)
  test('listPets and getPet before Fastify are the regular path’s answers (PostgreSQL + Redis)', { skip: skip ?? 'no Redis' }, () => {});
else sameAnswers('postgres', redis.url);

test('an answer made in the turn the app starts closing is written before anything closes', async () => {
  const h = await harness({ engine: 'sqlite' });
  const written: unknown[] = [];
  const res = {
    socket: {},
    writeHead: (status: number) => written.push(status),
    end: (body: Buffer) => written.push(JSON.parse(body.toString()) as unknown),
  };
  const req = {
    method: 'GET',
    url: '/v1/pets',
    headers: { host: 'localhost', authorization: h.auth.authorization },
    rawHeaders: ['Host', 'localhost', 'Authorization', h.auth.authorization],
    socket: { remoteAddress: '127.0.0.1', remotePort: 40000 },
  };
  // The key is cached by a first request (a key not cached takes the regular path).
  assert.equal((await h.request({ url: '/v1/pets', headers: h.auth })).statusCode, 200);
  let writtenAtClose: unknown[] | null = null;
  const close = h.storage.close.bind(h.storage);
  h.storage.close = () => {
    writtenAtClose = [...written];
    return close();
  };
  const answered = h.app.frontDoor.answered;
  h.app.server.emit('request', req, res);
  assert.deepEqual(written, [], 'held until the end of the turn');
  await h.close();
  assert.deepEqual(writtenAtClose, [200, []]);
  assert.equal(h.app.frontDoor.answered, answered + 1);
});
