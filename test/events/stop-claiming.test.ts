import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../src/clock.js';
import type { AttemptOutcome, ClaimRequest, EventRepository } from '../../src/events/storage/repository.js';
import { DeliveryWorker } from '../../src/events/delivery/worker.js';

const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

test('once a shutdown starts draining, the delivery worker claims nothing more (each claim is a write)', async () => {
  let claims = 0;
  let steps = 0;
  const repo = {
    cycle: async (_done: readonly AttemptOutcome[], _released: readonly number[], _token: string, claim: ClaimRequest | null) => {
      steps++;
      if (claim) claims++;
      return [];
    },
    oldestDue: async () => null,
    endpointEnabled: async () => true,
  } as unknown as EventRepository;
  const worker = new DeliveryWorker(repo, systemClock, quiet, { retryDelays: [1], allowPrivate: true, pollMs: 20 });
  worker.start();
  const deadline = Date.now() + 3000;
  while (claims < 3) {
    assert.ok(Date.now() < deadline, 'the worker polls while running');
    await new Promise((r) => setTimeout(r, 10));
  }
  worker.stopClaiming();
  await new Promise((r) => setTimeout(r, 20));
  const stepsAtStop = steps;
  const claimsAtStop = claims;
  await new Promise((r) => setTimeout(r, 200));
  worker.wake();
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(claims, claimsAtStop, 'no claim after stopClaiming, even when woken');
  assert.equal(steps, stepsAtStop, 'nothing to record, so no write at all');
  await worker.close();
});
