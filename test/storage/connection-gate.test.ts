import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { StorageUnavailableError } from '../../src/storage/unavailable.js';
import { ConnectionGate } from '../../src/storage/postgres/gate.js';

const unreachable = new Error('connect ECONNREFUSED');
const reachability = (err: unknown) => (err === unreachable ? 'unreachable' : 'answered');

/** A call the test finishes by hand. */
function pending<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settled = async (p: Promise<unknown>) => {
  const marker = Symbol('pending');
  const result = await Promise.race([
    p.then(
      () => 'fulfilled',
      () => 'rejected',
    ),
    new Promise((r) => setImmediate(() => r(marker))),
  ]);
  return result === marker ? 'pending' : result;
};

describe('PostgreSQL connection gate', () => {
  test('runs at most `size` operations at once; the next waits for a free slot, in order', async () => {
    const gate = new ConnectionGate({ size: 2, waitMs: 10_000, probeIntervalMs: 250 });
    const calls = [pending<number>(), pending<number>(), pending<number>()];
    const started: number[] = [];
    const runs = calls.map((c, i) =>
      gate.run(() => {
        started.push(i);
        return c.promise;
      }, reachability),
    );
    await settled(runs[0] as Promise<number>);
    assert.deepEqual(started, [0, 1]);
    calls[1]?.resolve(1);
    assert.equal(await runs[1], 1);
    assert.deepEqual(started, [0, 1, 2]);
    calls[0]?.resolve(0);
    calls[2]?.resolve(2);
    assert.deepEqual(await Promise.all(runs), [0, 1, 2]);
  });

  test('an operation waiting longer than waitMs fails as storage unavailable', async () => {
    const gate = new ConnectionGate({ size: 1, waitMs: 20, probeIntervalMs: 250 });
    const busy = pending<void>();
    const first = gate.run(() => busy.promise, reachability);
    await assert.rejects(
      gate.run(async () => 'never', reachability),
      StorageUnavailableError,
    );
    busy.resolve();
    await first;
    assert.equal(await gate.run(async () => 'free again', reachability), 'free again');
  });

  test('once the database is unreachable, waiting and new operations fail at once; one probe per interval reopens it', async () => {
    let now = 1_000;
    const gate = new ConnectionGate({ size: 1, waitMs: 10_000, probeIntervalMs: 250, now: () => now });
    const first = pending<void>();
    const failing = gate.run(() => first.promise, reachability);
    let waiterRan = false;
    const waiter = gate.run(async () => {
      waiterRan = true;
    }, reachability);
    first.reject(unreachable);
    await assert.rejects(failing, (err) => err === unreachable);
    await assert.rejects(waiter, StorageUnavailableError);
    assert.equal(waiterRan, false);
    assert.equal(gate.isDown, true);

    let calls = 0;
    const count = async () => {
      calls++;
      return 'ok';
    };
    await assert.rejects(gate.run(count, reachability), StorageUnavailableError);
    assert.equal(calls, 0, 'no database call while it is known to be down');

    now += 250;
    const probe = pending<string>();
    const probing = gate.run(() => probe.promise, reachability);
    await assert.rejects(gate.run(count, reachability), StorageUnavailableError, 'one probe at a time');
    probe.resolve('back');
    assert.equal(await probing, 'back');
    assert.equal(gate.isDown, false);
    assert.equal(await gate.run(count, reachability), 'ok');
    assert.equal(calls, 1);
  });

  test('an error the database answered with (e.g. a constraint) does not close the gate', async () => {
    const gate = new ConnectionGate({ size: 1, waitMs: 10_000, probeIntervalMs: 250 });
    const constraint = new Error('duplicate key');
    await assert.rejects(
      gate.run(() => Promise.reject(constraint), reachability),
      (err) => err === constraint,
    );
    assert.equal(gate.isDown, false);
    assert.equal(await gate.run(async () => 1, reachability), 1);
  });
});
