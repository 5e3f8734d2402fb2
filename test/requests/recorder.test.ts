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
  recorder.record(1, 'req_a', AT, 'GET', '/v1/pets?limit=20&cursor=abc', 'listPets', 200, 1.2344, 'key_1', null);
  recorder.record(1, 'req_b', AT + 1, 'GET', '/v1/pets?limit=20&cursor=abc', 'listPets', 200, 0.0004, 'key_1', null);
  recorder.record(2, 'req_c', AT + 250, 'GET', '/v1/pets/7', 'getPet', 404, 2.5, 'key_2', 'pet_not_found', 'no pet 7');
  await recorder.flush();
  assert.deepEqual(rows, [
    [1, 'req_a', AT, 'GET', '/v1/pets?limit=20&cursor=…', 'listPets', 200, 1234, 'key_1', null, null],
    [1, 'req_b', AT + 1, 'GET', '/v1/pets?limit=20&cursor=…', 'listPets', 200, 0, 'key_1', null, null],
    [2, 'req_c', AT + 250, 'GET', '/v1/pets/7', 'getPet', 404, 2500, 'key_2', 'pet_not_found', 'no pet 7'],
  ]);
});

test('requests a failed flush kept are written with their own times beside those recorded since', async () => {
  const { log, rows, state } = writer();
  const recorder = new RequestRecorder(log, manualClock(AT), 86_400_000);
  recorder.record(1, 'req_a', AT, 'GET', '/v1/pets', 'listPets', 200, 1, 'key_1', null);
  recorder.record(1, 'req_b', AT + 40, 'GET', '/v1/pets', 'listPets', 200, 1, 'key_1', null);
  state.failing = true;
  await assert.rejects(recorder.flush(), /database restarting/);
  // Recorded after the failure: counted from a base of their own, then merged with the kept ones.
  recorder.record(1, 'req_c', AT + 5_000, 'GET', '/v1/pets', 'listPets', 200, 1, 'key_1', null);
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
  recorder.record(1, 'req_d', AT + 9_000, 'GET', '/v1/pets', 'listPets', 200, 1, 'key_1', null);
  state.failing = true;
  await assert.rejects(recorder.flush());
  state.failing = false;
  await recorder.flush();
  assert.deepEqual(rows.at(-1)?.slice(1, 3), ['req_d', AT + 9_000]);
});

test('a duration too long to keep as a small integer is logged as the longest that is', async () => {
  const { log, rows } = writer();
  const recorder = new RequestRecorder(log, manualClock(AT), 86_400_000);
  recorder.record(1, 'req_a', AT, 'GET', '/v1/pets', 'listPets', 200, 3_600_000, 'key_1', null);
  await recorder.flush();
  assert.equal(rows[0]?.[7], 2 ** 30 - 1);
});
