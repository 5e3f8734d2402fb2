import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';

test('at info each request writes one access-log line with its id, method, URL, status and time, never the key', async () => {
  const logs = logCapture();
  const h = await harness({ config: { logLevel: 'info' }, logStream: logs.stream });
  try {
    const ok = await h.request({ method: 'GET', url: '/v1/pets?limit=5', headers: h.auth });
    const denied = await h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${h.key}x` } });
    const lines = logs
      .text()
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            reqId?: string;
            msg: string;
            req?: { method: string; url: string };
            res?: { statusCode: number };
            responseTime?: number;
          },
      )
      .filter((l) => l.reqId !== undefined);
    assert.equal(lines.length, 2, logs.text());
    for (const [line, res] of [
      [lines[0], ok],
      [lines[1], denied],
    ] as const) {
      assert.equal(line?.reqId, res.headers['x-request-id']);
      assert.equal(line?.msg, 'request completed');
      assert.equal(line?.req?.method, 'GET');
      assert.equal(line?.res?.statusCode, res.statusCode);
      assert.equal(typeof line?.responseTime, 'number');
    }
    assert.equal(lines[0]?.req?.url, '/v1/pets?limit=5');
    assert.equal(lines[1]?.res?.statusCode, 401);
    assert.ok(!logs.text().includes(h.key), 'the API key is never logged');
  } finally {
    await h.close();
  }
});

test('at debug the arrival of each request is logged too', async () => {
  const logs = logCapture();
  const h = await harness({ config: { logLevel: 'debug' }, logStream: logs.stream });
  try {
    await h.request({ method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': 'arrival-1' } });
    const mine = logs
      .text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; level: number })
      .filter((l) => l.reqId === 'arrival-1');
    assert.deepEqual(
      mine.map((l) => [l.msg, l.level]),
      [
        ['incoming request', 20],
        ['request completed', 30],
      ],
    );
  } finally {
    await h.close();
  }
});

test("each access-log line tells its own request's target and address, on a connection that carries many", async () => {
  const { AccessLog } = await import('../../src/http/observability/access-log.js');
  const lines: string[] = [];
  const log = new AccessLog({ write: (line: string) => lines.push(line) }, true);
  // One connection, as a trusted proxy's keep-alive connection carries several clients' requests.
  const socket = { remotePort: 40001 };
  const requests = [
    { url: '/v1/pets', host: 'a.test', ip: '192.0.2.1', headers: {} },
    { url: '/v1/pets', host: 'a.test', ip: '192.0.2.1', headers: {} },
    { url: '/v1/pets', host: 'a.test', ip: '192.0.2.2', headers: {} },
    { url: '/v1/pets?limit=5', host: 'a.test', ip: '192.0.2.2', headers: {} },
    { url: '/v1/pets?limit=5', host: 'b.test', ip: '192.0.2.2', headers: {} },
    { url: '/v1/pets?limit=5', host: 'b.test', ip: '192.0.2.2', headers: { 'accept-version': '1' } },
    { url: '/v1/pets?limit=5', host: 'b.test', ip: undefined, headers: {} },
  ];
  for (const [i, r] of requests.entries()) log.completed(`req_${String(i)}`, { method: 'GET', socket, ...r }, 200, 1.5);
  const reqs = lines.map((l) => (JSON.parse(l) as { req: Record<string, unknown> }).req);
  assert.deepEqual(
    reqs,
    requests.map((r) => ({
      method: 'GET',
      url: r.url,
      ...('accept-version' in r.headers ? { version: '1' } : {}),
      host: r.host,
      ...(r.ip === undefined ? {} : { remoteAddress: r.ip }),
      remotePort: 40001,
    })),
  );
});
