import { test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock } from '../../src/clock.js';
import { RequestRecorder } from '../../src/requests/recorder.js';
import { FIELDS } from '../../src/requests/blocks.js';

/** A request log that takes flat batches, or refuses them while `failing`. */
function writer() {
  const rows: unknown[][] = [];
  const state = { failing: false };
  const log = {
    addFlat: (values: readonly unknown[]) => {
      if (state.failing) return Promise.reject(new Error('database restarting'));
      for (let i = 0; i < values.length; i += FIELDS) rows.push(values.slice(i, i + FIELDS));
      return Promise.resolve();
    },
    purge: () => Promise.resolve(0),
  };
  return { log, rows, state };
}

const AT = Date.UTC(2026, 10, 28, 12, 0, 0);

test('each request is written with its epoch-millisecond time, whole microseconds and its logged path', async () => {
  const { log, rows } = writer();
  const recorder = new RequestRecorder(log, manualClock(AT), 86_400_000);
  recorder.record({
    projectId: 1,
    requestId: 'req_a',
    at: AT,
    method: 'GET',
    url: '/v1/pets?limit=20&cursor=abc',
    operation: 'listPets',
    status: 200,
    durationMs: 1.2344,
    keyId: 'key_1',
    errorCode: null,
    errorMessage: null,
  });
  recorder.record({
    projectId: 1,
    requestId: 'req_b',
    at: AT + 1,
    method: 'GET',
    url: '/v1/pets?limit=20&cursor=abc',
    operation: 'listPets',
    status: 200,
    durationMs: 0.0004,
    keyId: 'key_1',
    errorCode: null,
    errorMessage: null,
  });
  recorder.record({
    projectId: 2,
    requestId: 'req_c',
    at: AT + 250,
    method: 'GET',
    url: '/v1/pets/7',
    operation: 'getPet',
    status: 404,
    durationMs: 2.5,
    keyId: 'key_2',
    errorCode: 'pet_not_found',
    errorMessage: 'no pet 7',
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  });
  await recorder.flush();
  assert.deepEqual(rows, [
    [1, 'req_a', AT, 'GET', '/v1/pets?limit=20&cursor=…', 'listPets', 200, 1234, 'key_1', null, null, null],
    [1, 'req_b', AT + 1, 'GET', '/v1/pets?limit=20&cursor=…', 'listPets', 200, 0, 'key_1', null, null, null],
    [
      2,
      'req_c',
      AT + 250,
      'GET',
      '/v1/pets/7',
      'getPet',
      404,
      2500,
      'key_2',
      'pet_not_found',
      'no pet 7',
      '4bf92f3577b34da6a3ce929d0e0e4736',
    ],
  ]);
});

test('requests a failed flush kept are written with their own times beside those recorded since', async () => {
  const { log, rows, state } = writer();
  const recorder = new RequestRecorder(log, manualClock(AT), 86_400_000);
  recorder.record({
    projectId: 1,
    requestId: 'req_a',
    at: AT,
    method: 'GET',
    url: '/v1/pets',
    operation: 'listPets',
    status: 200,
    durationMs: 1,
    keyId: 'key_1',
    errorCode: null,
    errorMessage: null,
  });
  recorder.record({
    projectId: 1,
    requestId: 'req_b',
    at: AT + 40,
    method: 'GET',
    url: '/v1/pets',
    operation: 'listPets',
    status: 200,
    durationMs: 1,
    keyId: 'key_1',
    errorCode: null,
    errorMessage: null,
  });
  state.failing = true;
  await assert.rejects(recorder.flush(), /database restarting/);
  // Recorded after the failure: counted from a base of their own, then merged with the kept ones.
  recorder.record({
    projectId: 1,
    requestId: 'req_c',
    at: AT + 5_000,
    method: 'GET',
    url: '/v1/pets',
    operation: 'listPets',
    status: 200,
    durationMs: 1,
    keyId: 'key_1',
    errorCode: null,
    errorMessage: null,
  });
  state.failing = false;
  await recorder.flush();
  assert.deepEqual(
    rows.map((r) => [r[1], r[2]]),
    [
      ['req_a', AT],
      ['req_b', AT + 40],
      ['req_c', AT + 5_000],
    ],
  );
  // Kept once more when nothing was recorded in between.
  recorder.record({
    projectId: 1,
    requestId: 'req_d',
    at: AT + 9_000,
    method: 'GET',
    url: '/v1/pets',
    operation: 'listPets',
    status: 200,
    durationMs: 1,
    keyId: 'key_1',
    errorCode: null,
    errorMessage: null,
  });
  state.failing = true;
  await assert.rejects(recorder.flush());
  state.failing = false;
  await recorder.flush();
  assert.deepEqual(rows.at(-1)?.slice(1, 3), ['req_d', AT + 9_000]);
});

test('a duration too long to keep as a small integer is logged as the longest that is', async () => {
  const { log, rows } = writer();
  const recorder = new RequestRecorder(log, manualClock(AT), 86_400_000);
  recorder.record({
    projectId: 1,
    requestId: 'req_a',
    at: AT,
    method: 'GET',
    url: '/v1/pets',
    operation: 'listPets',
    status: 200,
    durationMs: 3_600_000,
    keyId: 'key_1',
    errorCode: null,
    errorMessage: null,
  });
  await recorder.flush();
  assert.equal(rows[0]?.[7], 2 ** 30 - 1);
});
