import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { registerErrorHandler, sendError } from '../../src/http/errors/error-handler.js';
import { ApiError } from '../../src/http/errors/errors.js';
import { Pipeline, registerPipeline } from '../../src/http/pipeline/pipeline.js';
import type { RequestStep } from '../../src/http/pipeline/request-steps.js';
import { manualClock } from '../../src/clock.js';
import { harness } from '../helpers/harness.js';
import { intoMinute } from '../helpers/limits.js';
import { logCapture } from '../helpers/logs.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  res?: { statusCode: number };
}

const parse = (lines: string[]) => lines.map((l) => JSON.parse(l) as LogLine);

/** Requests per status in the access log. */
function loggedStatuses(lines: LogLine[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const l of lines) if (l.msg === 'request completed' && l.res) out[l.res.statusCode] = (out[l.res.statusCode] ?? 0) + 1;
  return out;
}

function counted(metrics: string, status: number): number {
  const m = new RegExp(`^http_requests_total\\{operation="listPets",method="GET",status="${String(status)}"\\} (\\d+)$`, 'm').exec(metrics);
  return Number(m?.[1] ?? 0);
}

describe('a request step that answered ends the request: answered once, logged and counted as sent', () => {
  test('70 keyless requests from one address: 60 × 401 and 10 × 429 on the wire, in the access log and in /metrics', async () => {
    const logs = logCapture();
    // The clock pinned into a minute: the address quota's window never turns mid-test (a turn let a 61st request pass).
    const h = await harness({ config: { logLevel: 'info' }, logStream: logs.stream, clock: manualClock(intoMinute(5)) });
    try {
      // A real connection: the reply finishes asynchronously there, as in production (inject hid the miscount).
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${String((h.app.server.address() as AddressInfo).port)}`;
      const wire: Record<number, number> = {};
      for (let i = 0; i < 70; i++) {
        const res = await fetch(`${base}/v1/pets`);
        const body = (await res.json()) as { code: string };
        assert.equal(body.code, res.status === 429 ? 'rate_limited' : 'unauthorized');
        wire[res.status] = (wire[res.status] ?? 0) + 1;
      }
      assert.deepEqual(wire, { 401: 60, 429: 10 });
      const metrics = await (await fetch(`${base}/metrics`)).text();
      const lines = parse(logs.lines());
      assert.deepEqual(loggedStatuses(lines), { 200: 1, 401: 60, 429: 10 }, 'the access log (the 200 is /metrics)');
      assert.equal(counted(metrics, 401), 60, 'metrics: 401');
      assert.equal(counted(metrics, 429), 10, 'metrics: 429');
      assert.ok(!logs.text().includes('already sent'), 'a reply was sent twice');
      assert.deepEqual(
        lines.filter((l) => l.level >= 40),
        [],
        'nothing is logged as a warning or an error',
      );
    } finally {
      await h.close();
    }
  });

  test('the log bytes of a keyless request refused 429 stay within 2× those of an ordinary 400', async () => {
    const logs = logCapture();
    const h = await harness({ config: { logLevel: 'info' }, logStream: logs.stream, clock: manualClock(intoMinute(5)) });
    try {
      const url = '/v1/pets?limit=0';
      const bytesFor = async (count: number, send: () => Promise<number>, status: number) => {
        const before = Buffer.byteLength(logs.text());
        for (let i = 0; i < count; i++) assert.equal(await send(), status);
        return (Buffer.byteLength(logs.text()) - before) / count;
      };
      const ordinary = await bytesFor(10, async () => (await h.request({ method: 'GET', url, headers: h.auth })).statusCode, 400);
      const keyless = () => h.request({ method: 'GET', url, remoteAddress: '203.0.113.9' }).then((r) => r.statusCode);
      await bytesFor(60, keyless, 401);
      const refused = await bytesFor(20, keyless, 429);
      assert.ok(ordinary > 0, 'the ordinary 400 is logged');
      assert.ok(refused <= 2 * ordinary, `a refused request wrote ${String(refused)} bytes of log, an ordinary 400 ${String(ordinary)}`);
    } finally {
      await h.close();
    }
  });

  test('a URL Fastify cannot route, sent without a key past the address quota, is answered 429 once', async () => {
    const logs = logCapture();
    const h = await harness({ config: { logLevel: 'info' }, logStream: logs.stream, clock: manualClock(intoMinute(5)) });
    try {
      const send = () => h.request({ method: 'GET', url: '/v1/pets/%zz', remoteAddress: '203.0.113.10' });
      for (let i = 0; i < 60; i++) assert.equal((await send()).statusCode, 401);
      const res = await send();
      assert.equal(res.statusCode, 429);
      assert.equal(res.json().code, 'rate_limited');
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(!logs.text().includes('already sent'), 'a reply was sent twice');
      assert.deepEqual(
        parse(logs.lines()).filter((l) => l.level >= 40),
        [],
      );
    } finally {
      await h.close();
    }
  });
});

describe('registerPipeline', () => {
  async function appWith(steps: RequestStep[]) {
    const logs = logCapture();
    const app = Fastify({ logger: { level: 'warn', stream: logs.stream } });
    registerErrorHandler(app);
    const pipeline = new Pipeline(steps.map((request) => ({ kind: 'route', request })));
    registerPipeline(app, () => pipeline);
    app.get('/x', () => ({ reached: true }));
    await app.ready();
    return { app, logs };
  }

  test('a step that answers after waiting stops the chain; one that does not answer lets it go on', async () => {
    const ran: string[] = [];
    const { app } = await appWith([
      async (request, reply) => {
        ran.push('first');
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (request.headers['x-stop'] === undefined) return false;
        sendError(reply, new ApiError('gone'));
        return true;
      },
      () => {
        ran.push('second');
        return false;
      },
    ]);
    try {
      const stopped = await app.inject({ method: 'GET', url: '/x', headers: { 'x-stop': '1' } });
      assert.equal(stopped.statusCode, 410);
      assert.deepEqual(ran, ['first']);
      const passed = await app.inject({ method: 'GET', url: '/x' });
      assert.deepEqual(passed.json(), { reached: true });
      assert.deepEqual(ran, ['first', 'first', 'second']);
    } finally {
      await app.close();
    }
  });

  test('a step whose promise settles with something other than a boolean (the reply, say) ends the request as a 500', async () => {
    let later = 0;
    const { app } = await appWith([
      (() => Promise.resolve(undefined)) as unknown as RequestStep,
      () => {
        later += 1;
        return false;
      },
    ]);
    try {
      const res = await app.inject({ method: 'GET', url: '/x' });
      assert.equal(res.statusCode, 500);
      assert.equal(res.json().code, 'internal_error');
      assert.equal(later, 0, 'the next step ran');
    } finally {
      await app.close();
    }
  });
});
