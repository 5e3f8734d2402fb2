import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { freshDatabase } from '../helpers/engines.js';
import { uniqueSlug } from '../helpers/harness.js';
import { createUnlimitedKey, startServer, type RunningServer } from '../helpers/processes.js';

/** One request on a connection of its own, so the cluster spreads them over the workers; its status, body and headers. */
function get(base: string, path: string, auth?: string): Promise<{ status: number; text: string; requestId: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { agent: false, timeout: 10_000, headers: auth ? { authorization: `Bearer ${auth}` } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, requestId: String(res.headers['x-request-id']) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end();
  });
}

/** The value of one series in Prometheus text, e.g. `http_requests_total{operation="listPets",method="GET",status="200"}`. */
function valueOf(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return null;
}

test('WORKERS=2: /metrics answers for the whole server, whichever worker takes the scrape', async () => {
  const db = await freshDatabase('sqlite', { onDisk: true });
  let server: RunningServer | null = null;
  try {
    const key = await createUnlimitedKey(db.url, uniqueSlug());
    server = await startServer({ DATABASE_URL: db.url, WORKERS: '2' });
    await server.waitForLog((l) => l.msg === 'serving with 2 workers', 30_000);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await get(server.url, '/v1/pets', key));
    assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
    // The requests were answered by both workers (their access lines name them).
    const workers = await Promise.all(
      answers.map(async (a) => (await server!.waitForLog((l) => l.reqId === a.requestId && typeof l.worker === 'number', 5000)).worker),
    );
    assert.deepEqual(new Set(workers), new Set([1, 2]));

    const scrapes = [];
    for (let i = 0; i < 4; i++) scrapes.push(await get(server.url, '/metrics'));
    for (const scrape of scrapes) {
      assert.equal(scrape.status, 200, scrape.text);
      assert.equal(
        valueOf(scrape.text, 'http_requests_total', { operation: 'listPets', method: 'GET', status: '200' }),
        20,
        'every worker’s requests',
      );
      assert.equal(valueOf(scrape.text, 'petstore_build_info', {}), 1, 'the release once, not once per process');
    }
    // The scrapes themselves were taken by both workers.
    const scrapedBy = await Promise.all(
      scrapes.map(async (s) => (await server!.waitForLog((l) => l.reqId === s.requestId && typeof l.worker === 'number', 5000)).worker),
    );
    assert.deepEqual(new Set(scrapedBy), new Set([1, 2]));
    const stopped = await server.stop();
    server = null;
    assert.equal(stopped.code, 0);
  } finally {
    await server?.stop();
    await db.drop();
  }
});
