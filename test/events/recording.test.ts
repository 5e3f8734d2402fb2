import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../src/clock.js';
import type { AttemptOutcome, ClaimRequest, ClaimedDelivery, EventRepository } from '../../src/events/storage/repository.js';
import { newWebhookSecret } from '../../src/events/delivery/signature.js';
import { DeliveryWorker } from '../../src/events/delivery/worker.js';
import { eventually } from '../helpers/webhooks.js';

const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe('the delivery worker records each outcome on its own when a step fails', () => {
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

  test('an outcome that cannot be written throws away no other; none is sent twice; given up when the worker stops', async () => {
    const secret = newWebhookSecret();
    let due = [1, 2, 3, 4];
    const recorded = new Set<number>();
    const claimedTimes = new Map<number, number>();
    // Delivery 2's outcome cannot be written (as a deleted endpoint's could not): its step fails whole.
    const repo = {
      cycle: async (done: readonly AttemptOutcome[], _released: readonly number[], _token: string, claim: ClaimRequest | null) => {
        if (done.some((d) => d.deliveryId === 2)) throw new Error('FOREIGN KEY constraint failed');
        for (const d of done) recorded.add(d.deliveryId);
        if (!claim) return [];
        const out = due.map((id, i): ClaimedDelivery => ({
          id,
          endpointId: i + 1,
          url,
          secret,
          attempt: 1,
          eventId: `evt_${String(id).padStart(32, '0')}`,
          type: 'pet.created',
          data: '{}',
          createdAt: new Date(),
          project: 'recording',
          environment: 'production',
        }));
        for (const d of out) claimedTimes.set(d.id, (claimedTimes.get(d.id) ?? 0) + 1);
        due = [];
        return out;
      },
      oldestDue: async () => null,
      endpointEnabled: async () => true,
    } as unknown as EventRepository;
    const worker = new DeliveryWorker(repo, systemClock, quiet, { retryDelays: [1], allowPrivate: true, pollMs: 50, timeoutMs: 1000 });
    worker.start();
    await eventually(async () => (recorded.size === 3 ? true : undefined), 3000, 'the three other outcomes recorded');
    assert.deepEqual([...recorded].sort(), [1, 3, 4]);
    assert.equal(received, 4, 'each delivery sent once');
    assert.deepEqual([...claimedTimes.values()], [1, 1, 1, 1]);
    await worker.close();
  });
});
