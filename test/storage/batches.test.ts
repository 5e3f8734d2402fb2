import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { batchedWrite } from '../../src/storage/postgres/batches.js';
import { StorageUnavailableError } from '../../src/storage/unavailable.js';

/** A write whose statements the test answers by hand; it records each call's inputs. */
function recorded(options: { failMany?: (inputs: readonly number[]) => unknown; failOne?: (input: number) => unknown } = {}) {
  const calls: { kind: 'one' | 'many'; inputs: number[]; finish: () => void }[] = [];
  const pending = (kind: 'one' | 'many', inputs: number[], answer: () => void) =>
    new Promise<void>((resolve) => calls.push({ kind, inputs, finish: resolve })).then(answer);
  const write = batchedWrite<number, string>({
    many: async (inputs) => {
      let failure: unknown;
      await pending('many', [...inputs], () => (failure = options.failMany?.(inputs)));
      if (failure !== undefined) throw failure;
      return inputs.map((i) => `w${String(i)}`);
    },
    one: async (input) => {
      let failure: unknown;
      await pending('one', [input], () => (failure = options.failOne?.(input)));
      if (failure !== undefined) throw failure;
      return `w${String(input)}`;
    },
  });
  return { write, calls };
}

/** Lets the batcher's turn end and the statements' promises settle. */
async function turns(n = 3): Promise<void> {
  for (let i = 0; i < n; i++) await nextTurn();
}

describe('batched PostgreSQL writes', () => {
  test('a lone write goes alone, at the end of the turn', async () => {
    const { write, calls } = recorded();
    const answer = write(1);
    assert.equal(calls.length, 0, 'nothing is sent before the turn ends');
    await turns();
    assert.deepEqual(
      calls.map((c) => [c.kind, c.inputs]),
      [['one', [1]]],
    );
    calls[0]?.finish();
    assert.equal(await answer, 'w1');
  });

  test('writes made in one turn go in one statement, and each gets its own result', async () => {
    const { write, calls } = recorded();
    const answers = [write(1), write(2), write(3)];
    await turns();
    assert.deepEqual(
      calls.map((c) => [c.kind, c.inputs]),
      [['many', [1, 2, 3]]],
    );
    calls[0]?.finish();
    assert.deepEqual(await Promise.all(answers), ['w1', 'w2', 'w3']);
  });

  test('with two batches in flight, later writes wait and then go together', async () => {
    const { write, calls } = recorded();
    const first = write(1);
    await turns();
    const second = [write(2), write(3)];
    await turns();
    const waiting = [write(4), write(5), write(6)];
    await turns();
    assert.deepEqual(
      calls.map((c) => c.inputs),
      [[1], [2, 3]],
      'two in flight; the third batch waits',
    );
    calls[0]?.finish();
    await turns();
    assert.deepEqual(
      calls.map((c) => c.inputs),
      [[1], [2, 3], [4, 5, 6]],
      'the writes that waited go together once one batch ends',
    );
    for (const c of calls.slice(1)) c.finish();
    assert.deepEqual(await Promise.all([first, ...second, ...waiting]), ['w1', 'w2', 'w3', 'w4', 'w5', 'w6']);
  });

  test('a batch holds 64 writes at most', async () => {
    const { write, calls } = recorded();
    const answers = Array.from({ length: 150 }, (_, i) => write(i));
    await turns();
    assert.deepEqual(
      calls.map((c) => c.inputs.length),
      [64, 64],
    );
    calls[0]?.finish();
    calls[1]?.finish();
    await turns();
    assert.deepEqual(
      calls.map((c) => c.inputs.length),
      [64, 64, 22],
    );
    calls[2]?.finish();
    assert.equal((await Promise.all(answers)).join(), Array.from({ length: 150 }, (_, i) => `w${String(i)}`).join());
  });

  test('a batch that fails is written again one write at a time, so only the bad write fails', async () => {
    const bad = new Error('violates foreign key constraint');
    const { write, calls } = recorded({
      failMany: () => new Error('violates foreign key constraint'),
      failOne: (i) => (i === 2 ? bad : undefined),
    });
    const answers = [1, 2, 3].map((i) => write(i).then(String, (err: unknown) => err));
    await turns();
    calls[0]?.finish();
    await turns();
    assert.deepEqual(
      calls.map((c) => [c.kind, c.inputs]),
      [
        ['many', [1, 2, 3]],
        ['one', [1]],
        ['one', [2]],
        ['one', [3]],
      ],
    );
    for (const c of calls.slice(1)) c.finish();
    assert.deepEqual(await Promise.all(answers), ['w1', bad, 'w3']);
  });

  test('a batch that finds the database unavailable fails every write of it at once', async () => {
    const down = new StorageUnavailableError();
    const { write, calls } = recorded({ failMany: () => down });
    const answers = [1, 2].map((i) => write(i).then(String, (err: unknown) => err));
    await turns();
    calls[0]?.finish();
    assert.deepEqual(await Promise.all(answers), [down, down]);
    assert.equal(calls.length, 1, 'nothing is written again');
  });
});
