import { test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock } from '../../src/clock.js';
import { RequestRecorder } from '../../src/requests/recorder.js';
import { FinalFlushes, Flushes, type OwedWrites } from '../../src/storage/flushes.js';

/** A write that ends when the test says so. */
function gatedWrites() {
  const ends: (() => void)[] = [];
  let started = 0;
  const write = () => {
    started++;
    return new Promise<void>((resolve) => ends.push(resolve));
  };
  return { write, started: () => started, end: () => ends.shift()?.() };
}

test('a flush asked for while one is under way is a second write after it; calls meanwhile share that one', async () => {
  const gate = gatedWrites();
  const flushes = new Flushes(gate.write);
  const first = flushes.flush();
  const second = flushes.flush();
  const third = flushes.flush();
  assert.equal(gate.started(), 1);
  let secondDone = false;
  void second.then(() => (secondDone = true));
  gate.end();
  await first;
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(gate.started(), 2, 'the waiting calls start one write once the first ends');
  assert.equal(secondDone, false, 'a call made during the first write is not done with it');
  gate.end();
  await Promise.all([second, third]);
  assert.equal(gate.started(), 2);
});

test('a failed flush under way does not fail the next one, which writes again', async () => {
  let calls = 0;
  const flushes = new Flushes(async () => {
    calls++;
    await new Promise((resolve) => setImmediate(resolve));
    if (calls === 1) throw new Error('database away');
  });
  const first = flushes.flush();
  const second = flushes.flush();
  await assert.rejects(first, /database away/);
  await second;
  assert.equal(calls, 2);
});

test('the request log: a flush called while the timer’s flush is writing includes what was recorded after it began', async () => {
  const written: unknown[][] = [];
  let release: (() => void) | undefined;
  const recorder = new RequestRecorder(
    {
      addFlat: async (values: unknown[]) => {
        if (written.length === 0) await new Promise<void>((resolve) => (release = resolve));
        written.push(values);
      },
      purge: async () => undefined,
    } as unknown as ConstructorParameters<typeof RequestRecorder>[0],
    manualClock(0),
    86_400_000,
  );
  const record = (id: string) =>
    recorder.record({
      projectId: 1,
      requestId: id,
      at: 0,
      method: 'GET',
      url: '/v1/pets',
      operation: 'listPets',
      status: 200,
      durationMs: 1,
      keyId: 'key_1',
      errorCode: null,
      errorMessage: null,
    });
  record('req_a');
  const timers = recorder.flush();
  await new Promise((resolve) => setImmediate(resolve));
  record('req_b');
  const mine = recorder.flush();
  release?.();
  await Promise.all([timers, mine]);
  assert.deepEqual(
    written.map((values) => values[1]),
    ['req_a', 'req_b'],
  );
});

/** A capability's writes for the final flush: refused `failures` times (or until `hold` ends), counting what is left. */
function owedWrites(name: string, options: { failures?: number; hang?: boolean } = {}) {
  let left = 7;
  let attempts = 0;
  const owed: OwedWrites = {
    name,
    flush: async () => {
      attempts++;
      if (options.hang) return new Promise<void>(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      if (attempts <= (options.failures ?? 0)) throw new Error('table locked');
      left = 0;
    },
    unwritten: () => ({ requests: left }),
  };
  return { owed, attempts: () => attempts };
}

test('the final flush tries again while the database refuses, each capability on its own, until written', async () => {
  const refused = owedWrites('request log', { failures: 3 });
  const at = owedWrites('usage');
  const flushes = new FinalFlushes();
  flushes.add(refused.owed);
  flushes.add(at.owed);
  const retries: string[] = [];
  const waits: number[] = [];
  const started = Date.now();
  const unwritten = await flushes.run(Date.now() + 5000, {
    onRetry: (name, err) => retries.push(`${name}: ${(err as Error).message}`),
    boundWait: (ms) => waits.push(ms),
  });
  assert.equal(unwritten, null);
  assert.equal(flushes.unwritten, null);
  assert.equal(refused.attempts(), 4, 'three refusals, then written');
  assert.equal(at.attempts(), 1);
  assert.deepEqual(retries, ['request log: table locked'], 'the first refusal is told; the next ones within a second are not');
  assert.ok(
    waits.every((ms) => ms > 0 && ms <= 1000),
    `each attempt may wait at most 1 s: ${waits.join(', ')}`,
  );
  assert.ok(Date.now() - started < 1000, 'retried a moment apart, not at the next timer');
});

test('the final flush gives up at the deadline, returning what is left; a write still under way then counts as not written', async () => {
  const refused = owedWrites('request log', { failures: Infinity });
  const hanging = owedWrites('usage', { hang: true });
  const flushes = new FinalFlushes();
  flushes.add(refused.owed);
  flushes.add(hanging.owed);
  const started = Date.now();
  const unwritten = await flushes.run(Date.now() + 600);
  const took = Date.now() - started;
  assert.deepEqual(unwritten, { 'request log': { requests: 7 }, usage: { requests: 7 } });
  assert.deepEqual(flushes.unwritten, unwritten);
  assert.ok(took >= 550 && took < 1500, `stopped at the deadline (${String(took)} ms)`);
  assert.ok(refused.attempts() >= 4, `tried again until then (${String(refused.attempts())} attempts)`);
});
