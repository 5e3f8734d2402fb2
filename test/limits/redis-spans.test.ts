import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { installTracing, noTracing } from '../../src/telemetry/tracing.js';
import { harness, type Harness } from '../helpers/harness.js';
import { deleteRedisPrefix, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';
import { RecordingTracing } from '../helpers/recording-tracing.js';

const redis = testRedis();

if ('skip' in redis) test('Redis command spans', { skip: redis.skip }, () => {});
else
  describe('Redis command spans', () => {
    const { url } = redis;
    const prefix = uniqueRedisPrefix();
    const tracing = new RecordingTracing();
    let h: Harness;
    before(async () => {
      installTracing(tracing);
      h = await harness({ config: { redisUrl: url, redisKeyPrefix: prefix } });
    });
    after(async () => {
      await h?.close();
      installTracing(noTracing);
      await deleteRedisPrefix(url, prefix);
    });

    test("a request's rate limit is one client span per round trip, under the request's span, naming no key", async () => {
      const res = await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth });
      assert.equal(res.statusCode, 200, res.body);
      const request = tracing.serverSpanOf(res);
      const spans = tracing.spans.filter((s) => s.attributes['db.system'] === 'redis' && tracing.descends(s, request));
      assert.ok(spans.length >= 1, 'the meter went to Redis');
      for (const s of spans) {
        assert.equal(s.kind, 'client');
        assert.equal(s.ended, true);
        assert.equal(s.failed, undefined);
        assert.equal(s.attributes['db.system.name'], 'redis');
        assert.equal(s.attributes['server.address'], '127.0.0.1');
        assert.match(s.name, /^(EVALSHA \w+|MULTI|DEL)$/);
        assert.equal(s.name.split(' ')[0], s.attributes['db.operation.name']);
        const said = JSON.stringify([s.name, s.attributes]);
        assert.ok(!said.includes(prefix), `${said}: no key`);
        assert.ok(!said.includes(h.key), `${said}: no API key`);
      }
      assert.ok(
        spans.some((s) => s.name.startsWith('EVALSHA petstore')),
        JSON.stringify(spans.map((s) => s.name)),
      );
    });
  });
