import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { REGULAR, type EarlyRequest } from '../../src/http/pipeline/front-door.js';
import { Pipeline, registerPipeline, type Stage } from '../../src/http/pipeline/pipeline.js';
import type { Principal } from '../../src/keys/repository.js';
import type { RecordedRequest } from '../../src/requests/pending.js';
import { engines } from '../helpers/engines.js';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import { headerOf, rawExchange, rawRequest, type RawResponse } from '../helpers/raw-http.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';

const request: EarlyRequest = {
  method: 'GET',
  url: '/v1/things',
  environment: 'production',
  headers: { host: 'api.test', authorization: 'Bearer k' },
  hostname: 'api.test',
  secure: false,
  rawHeaders: ['Host', 'api.test', 'Authorization', 'Bearer k'],
};

describe('the pipeline: one list of stages, run by both executors', () => {
  const principal = { keyId: 'k' };
  const identify = (early: Extract<Stage, { kind: 'identify' }>['early']): Stage => ({
    kind: 'identify',
    request: (req) => {
      (req as unknown as { principal: object }).principal = principal;
      return false;
    },
    early,
  });
  const admit: Stage = { kind: 'admit', request: () => false, early: { now: () => ['x-limit', '1'], later: () => Promise.resolve(null) } };
  const answer: Stage = {
    kind: 'answer',
    early: (r, api) => {
      const who = api.identify(r);
      if (who === null) return REGULAR;
      api.record(who, 'getThing');
      return { status: 200, headers: [...(api.admit.now(who) ?? [])], body: 'x', operation: 'getThing', principal: who };
    },
  };

  test('a record stage, declared once, counts on the regular path and on the front door alike', async () => {
    const recorded: [object, string | undefined][] = [];
    const record: Stage = { kind: 'record', record: (p, op) => recorded.push([p, op]) };
    const pipeline = new Pipeline([answer, admit, record, identify(() => principal)]);
    // Regular path: a Fastify app running the pipeline's request faces.
    const app = Fastify();
    registerPipeline(app, () => pipeline);
    app.get('/v1/things', { schema: { operationId: 'getThing' }, config: { deprecation: {} as never } }, () => ({ ok: true }));
    await app.ready();
    assert.equal((await app.inject({ url: '/v1/things' })).statusCode, 200);
    await app.close();
    // Front door: the same stage through the answer's API stages.
    const [step] = pipeline.earlySteps();
    assert.ok(step);
    const early = step(request);
    assert.ok(early !== null && early !== REGULAR && !(early instanceof Promise));
    assert.deepEqual(early.headers, ['x-limit', '1']);
    assert.deepEqual(recorded, [
      [principal, 'getThing'],
      [principal, 'getThing'],
    ]);
  });

  test('the order is by kind, whatever the order of declaration; an identify or admit stage the front door cannot run keeps every API answer on the regular path', () => {
    const order: string[] = [];
    const step = (name: string) => () => {
      order.push(name);
      return false;
    };
    const pipeline = new Pipeline([
      { kind: 'authorize', request: step('authorize') },
      { kind: 'admit', request: step('admit'), early: null },
      { kind: 'request-id', request: step('request-id') },
      { kind: 'identify', request: step('identify'), early: () => undefined },
      answer,
    ]);
    for (const s of pipeline.requestSteps()) void s({} as never, {} as never, { needsKey: true, deprecation: undefined, config: {} });
    assert.deepEqual(order, ['request-id', 'identify', 'admit', 'authorize']);
    assert.equal(pipeline.api(), null);
    assert.deepEqual(pipeline.earlySteps(), [], 'no answer stage runs without every API stage');
    assert.equal(new Pipeline([identify(null), admit, answer]).earlySteps().length, 0);
    assert.equal(new Pipeline([identify(() => principal), admit, answer]).earlySteps().length, 1);
  });
});

const START = Date.UTC(2027, 4, 5, 9, 0, 0);

/** The headers of an answer in the order sent, but for the values that differ between any two answers (the time, the id, what is left). */
const comparable = (r: RawResponse) =>
  r.headers.map(([n, v]) => {
    if (n === 'date' || n === 'x-request-id' || n === 'x-ratelimit-remaining') return [n, '(differs)'];
    return [n, n === 'ratelimit' ? v.replace(/;r=\d+/, ';r=(left)') : v];
  });

/**
 * getPet (a deprecated operation) answered by the front door and by Fastify, on one app: the stages each
 * capability declared once (keys' identify, usage's record, limits' admit, the request log) act alike on both.
 */
function onBothPaths(engine: 'sqlite' | 'postgres', redisUrl?: string): void {
  describe(`one pipeline on both paths (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis'})`, () => {
    const prefix = uniqueRedisPrefix();
    let h: Harness;
    let regularServer: Server;
    let petId: string;
    const usage: string[] = [];
    const logged: RecordedRequest[] = [];

    before(async () => {
      const redis = redisUrl === undefined ? {} : { redisUrl, redisKeyPrefix: prefix };
      h = await harness({ engine, clock: manualClock(START), config: { ...redis } });
      const created = await h.request({ method: 'POST', url: '/v1/pets', headers: h.auth, payload: { name: 'Rex', categoryId: 1 } });
      assert.equal(created.statusCode, 201);
      petId = String((created.json() as { id: number }).id);
      // What usage counts and what the request log records, on whichever path.
      const { recorder } = h.app.usage;
      const record = recorder.record.bind(recorder);
      const recordDeprecated = recorder.recordDeprecated.bind(recorder);
      recorder.record = (p: Principal) => {
        usage.push(`request ${p.keyId}`);
        record(p);
      };
      recorder.recordDeprecated = (p: Principal, operation: string) => {
        usage.push(`deprecated ${operation} ${p.keyId}`);
        recordDeprecated(p, operation);
      };
      const log = h.app.requestLog.recorder;
      const add = log.record.bind(log);
      log.record = (request: RecordedRequest) => {
        logged.push(request);
        add(request);
      };
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      regularServer = createServer((req, res) => h.app.routing(req, res));
      regularServer.listen(0, '127.0.0.1');
      await once(regularServer, 'listening');
    });
    after(async () => {
      regularServer.close();
      await h.close();
      if (redisUrl !== undefined) await deleteRedisPrefix(redisUrl, prefix);
    });

    const port = (server: Server) => (server.address() as AddressInfo).port;
    const getPet = async (server: Server, id: string) => {
      usage.length = 0;
      logged.length = 0;
      const before = h.app.frontDoor.answered;
      const bytes = rawRequest('GET', `/v1/pets/${petId}`, { host: 'localhost', ...h.auth, 'x-request-id': id });
      const [res] = await rawExchange(port(server), bytes);
      assert.ok(res);
      await h.app.requestLog.recorder.flush();
      return { res, early: h.app.frontDoor.answered - before, usage: [...usage], logged: [...logged] };
    };

    test('an early answer and a regular one: the same headers, request-log record, usage count and deprecation count', async () => {
      // The key's first use reads it from storage (the regular path); then it is in the key cache.
      await getPet(regularServer, 'warm-up');
      const early = await getPet(h.app.server, 'via-front-door');
      const regular = await getPet(regularServer, 'via-fastify');
      assert.equal(early.early, 1, 'answered by the front door');
      assert.equal(regular.early, 0, 'answered by Fastify');
      assert.equal(early.res.status, 200);
      assert.equal(early.res.body.toString(), regular.res.body.toString());
      assert.deepEqual(comparable(early.res), comparable(regular.res));
      assert.ok(headerOf(early.res, 'deprecation') !== undefined && headerOf(early.res, 'x-ratelimit-limit') !== undefined);
      // Counted once each by the limiter: the one answered second has one request fewer left.
      const left = (r: RawResponse) => Number(headerOf(r, 'x-ratelimit-remaining'));
      assert.equal(left(early.res) - left(regular.res), 1);
      const keyId = (await h.app.authenticator.authenticate(h.key))?.keyId;
      assert.deepEqual(early.usage, [`request ${String(keyId)}`, `deprecated getPet ${String(keyId)}`]);
      assert.deepEqual(regular.usage, early.usage);
      // The request log: the same record but for the request id and the duration.
      const normal = (r: RecordedRequest) => ({ ...r, requestId: '(id)', durationMs: '(ms)' });
      assert.equal(early.logged.length, 1);
      assert.deepEqual(early.logged.map(normal), regular.logged.map(normal));
      assert.deepEqual([early.logged[0]?.requestId, regular.logged[0]?.requestId], ['via-front-door', 'via-fastify']);
    });
  });
}

onBothPaths('sqlite');
const redis = testRedis();
const skip = 'skip' in redis ? redis.skip : engines().find((e) => e.name === 'postgres')?.skip;
if (skip !== undefined || 'skip' in redis) test('one pipeline on both paths (PostgreSQL + Redis)', { skip: skip ?? 'no Redis' }, () => {});
else onBothPaths('postgres', redis.url);
