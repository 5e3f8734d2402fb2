import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../src/clock.js';
import type { AttemptOutcome, ClaimRequest, ClaimedDelivery, EventRepository } from '../../src/events/storage/repository.js';
import { newWebhookSecret } from '../../src/events/delivery/signature.js';
import { DeliveryWorker, SATURATED_STEP_MS } from '../../src/events/delivery/worker.js';
import { ApiLoad } from '../../src/http/server/api-load.js';
import { eventually } from '../helpers/webhooks.js';

const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Keeps the event loop busy (a synchronous wait) for `ms`. */
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Due deliveries of one endpoint, held in memory: the repository's step as the worker sees it. */
function memoryRepository(url: string, count: number) {
  const due = Array.from({ length: count }, (_, i) => i + 1);
  const recorded = new Set<number>();
  const steps: number[] = [];
  const secret = newWebhookSecret();
  const repo = {
    cycle: async (done: readonly AttemptOutcome[], released: readonly number[], _token: string, claim: ClaimRequest | null) => {
      steps.push(performance.now());
      for (const d of done) recorded.add(d.deliveryId);
      due.unshift(...released);
      if (!claim) return [];
      const n = Math.min(claim.free(1), claim.limit);
      return due.splice(0, n).map((id): ClaimedDelivery => ({
        id,
        endpointId: 1,
        url,
        secret,
        attempt: 1,
        eventId: `evt_${String(id).padStart(32, '0')}`,
        type: 'pet.created',
        data: '{}',
        createdAt: new Date(),
        project: 'yield',
        environment: 'production',
      }));
    },
    oldestDue: async () => null,
    endpointEnabled: async () => true,
  } as unknown as EventRepository;
  return { repo, recorded, steps };
}

describe('webhook delivery yields to API requests that saturate the event loop', () => {
  let server: Server;
  let url = '';
  let received = 0;
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  test(`while saturated, steps start ${String(SATURATED_STEP_MS)} ms apart at least; afterwards the rest goes at once`, async () => {
    let saturated = true;
    const { repo, recorded, steps } = memoryRepository(url, 200);
    const worker = new DeliveryWorker(repo, systemClock, quiet, {
      retryDelays: [1],
      allowPrivate: true,
      pollMs: 10_000,
      apiSaturated: () => saturated,
    });
    const before = received;
    const startedAt = performance.now();
    worker.start();
    // 300 ms of saturation, longer on a machine too busy to finish an attempt by then (bounded).
    await sleep(300);
    await eventually(async () => (recorded.size > 0 ? true : undefined), 10_000, 'a delivery recorded while saturated');
    const saturatedFor = performance.now() - startedAt;
    const whileSaturated = recorded.size;
    const stepsSaturated = steps.length;
    // Each step starts 20 ms after the last one at least (the steps' own times can be off by a preemption,
    // so count them): a slow machine makes fewer, never more.
    assert.ok(
      stepsSaturated <= Math.floor(saturatedFor / SATURATED_STEP_MS) + 1,
      `${String(stepsSaturated)} steps in ${saturatedFor.toFixed(0)} ms`,
    );
    // At most 4 attempts a step (the per-endpoint bound).
    assert.ok(whileSaturated <= 4 * stepsSaturated, `${String(whileSaturated)} recorded in ${String(stepsSaturated)} steps`);
    assert.ok(whileSaturated > 0, 'deliveries go on while saturated');
    saturated = false;
    const freeAt = performance.now();
    await eventually(async () => (recorded.size === 200 ? true : undefined), 15_000, 'every delivery recorded');
    const freeFor = performance.now() - freeAt;
    const stepsFree = steps.length - stepsSaturated;
    // Once the load falls, steps follow each other as attempts end: more than 20 ms apart would allow.
    assert.ok(
      stepsFree > Math.floor(freeFor / SATURATED_STEP_MS) + 1,
      `${String(stepsFree)} steps in ${freeFor.toFixed(0)} ms once the load fell`,
    );
    await worker.close();
    assert.equal(received - before, 200);
  });
});

describe('the API load gauge', () => {
  test('saturated only when the loop is busy while requests arrive at the rate', async () => {
    let count = 0;
    const load = new ApiLoad(() => count, { utilization: 0.9, requestsPerSecond: 1000 });
    load.sample();
    spin(60);
    count += 200;
    load.sample();
    assert.equal(load.saturated(), true, 'busy, 200 requests in 60 ms');

    spin(60);
    load.sample();
    assert.equal(load.saturated(), false, 'busy with no requests: background work alone');

    // Long enough that a busy machine preempting the few milliseconds of work in it cannot make it look busy.
    await sleep(500);
    count += 1000;
    load.sample();
    assert.equal(load.saturated(), false, 'requests at the rate, but the loop mostly idle');
  });
});
