import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import { earlyPetsStep } from '../../src/pets/early.js';
import type { EarlyAnswer, EarlyRequest, FallThrough, REGULAR } from '../../src/http/pipeline/front-door.js';
import type { ApiStages } from '../../src/http/pipeline/pipeline.js';
import type { CursorCodec } from '../../src/http/pagination/cursors.js';
import type { PetRepository } from '../../src/pets/repository.js';
import { petsVersionKey } from '../../src/pets/version-cache.js';

/** A promise and the functions that settle it, for a step whose every wait the test ends by hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

type Admitted = { headers: readonly string[]; version: string | null; settled: boolean } | null;
type Outcome = EarlyAnswer | typeof REGULAR | FallThrough;

/**
 * getPet on an engine that reads with a promise (pets/early.ts's answers that await, given the pipeline's stages), with the limiter's round
 * trip and the database's reads each held until the test answers them: the order of a request's version and
 * its read, and which read each request is given, are seen exactly.
 */
function door(hold = true) {
  const admissions: { versionKey: string | undefined; answer: (a: Admitted) => void }[] = [];
  const reads: { answer: (json: string | null) => void }[] = [];
  const principal = { projectId: 7, bannedUntil: null };
  const api: ApiStages = {
    identify: () => principal,
    record: () => undefined,
    admit: {
      now: () => null,
      later: (_principal, versionKey) => {
        const d = deferred<Admitted>();
        admissions.push({ versionKey, answer: d.resolve });
        return d.promise;
      },
    },
  };
  const pets = {
    listJson: () => Promise.reject(new Error('not read here')),
    getJson: () => {
      const d = deferred<string | null>();
      reads.push({ answer: d.resolve });
      return d.promise;
    },
  } as unknown as PetRepository;
  const step = earlyPetsStep({
    pets,
    cursors: {} as CursorCodec,
    clock: { now: () => Date.UTC(2027, 0, 1) },
    apiPath: () => '/v1',
    hold,
  });
  assert.ok(step);
  const request: EarlyRequest = {
    method: 'GET',
    url: '/v1/pets/5',
    environment: 'production',
    headers: { host: 'api.test', authorization: 'Bearer k' },
    hostname: 'api.test',
    secure: false,
    rawHeaders: ['Host', 'api.test', 'Authorization', 'Bearer k'],
  };
  /** A getPet sent now: its outcome once the test has answered its round trips. */
  const get = () => {
    const r = step(request, api);
    assert.ok(r instanceof Promise, 'an answer that awaits');
    return r;
  };
  return { admissions, reads, get };
}

const version = (v: string, settled = false): Admitted => ({ headers: ['x-ratelimit-limit', '1000'], version: v, settled });
const bodyOf = (outcome: Outcome): string => {
  assert.ok(typeof outcome === 'object' && 'status' in outcome, `an answer: ${String(outcome)}`);
  return String(outcome.body);
};

describe('answers held while the version changes (pets/early.ts, unit)', { timeout: 10_000 }, () => {
  test('a key read in the last HELD_MS is read only once its version came back, and that read is held under it', async () => {
    const d = door();
    // Not read lately: read beside the count.
    const first = d.get();
    assert.equal(d.reads.length, 1, 'read beside the count');
    d.admissions[0]?.answer(version('0.1'));
    d.reads[0]?.answer('{"name":"A"}');
    assert.equal(bodyOf(await first), '{"name":"A"}');

    const second = d.get();
    await turn();
    assert.equal(d.reads.length, 1, 'nothing read before the version came back');
    d.admissions[1]?.answer(version('0.1'));
    await turn();
    assert.equal(d.reads.length, 2, 'read after it');
    d.reads[1]?.answer('{"name":"B"}');
    assert.equal(bodyOf(await second), '{"name":"B"}');

    // The same version: the answer held, no read.
    const third = d.get();
    d.admissions[2]?.answer(version('0.1'));
    assert.equal(bodyOf(await third), '{"name":"B"}');
    assert.equal(d.reads.length, 2);

    // Another version: read again, after it.
    const fourth = d.get();
    d.admissions[3]?.answer(version('0.2'));
    await turn();
    assert.equal(d.reads.length, 3);
    d.reads[2]?.answer('{"name":"C"}');
    assert.equal(bodyOf(await fourth), '{"name":"C"}');
    assert.ok(d.admissions.every((a) => a.versionKey === petsVersionKey(7)));
  });

  test('requests that bring one version share its read; a request that brings another never gets that read', async () => {
    const d = door();
    const warm = d.get();
    d.admissions[0]?.answer(version('0.1'));
    d.reads[0]?.answer('{"name":"warm"}');
    await warm;

    const [r1, r2, r3] = [d.get(), d.get(), d.get()];
    d.admissions[1]?.answer(version('0.2'));
    d.admissions[2]?.answer(version('0.2'));
    await turn();
    assert.equal(d.reads.length, 2, 'one read for both requests that brought 0.2');
    // A write's change came between: its request must not be given the read under way, which began before it.
    d.admissions[3]?.answer(version('0.3'));
    await turn();
    assert.equal(d.reads.length, 3, 'a read of its own, begun after its version');
    d.reads[2]?.answer('{"name":"after the write"}');
    d.reads[1]?.answer('{"name":"before the write"}');
    assert.deepEqual(
      [bodyOf(await r1), bodyOf(await r2), bodyOf(await r3)],
      ['{"name":"before the write"}', '{"name":"before the write"}', '{"name":"after the write"}'],
    );
    // What is held is the later read, under its version: 0.2's earlier read does not replace it.
    const r4 = d.get();
    d.admissions[4]?.answer(version('0.3'));
    assert.equal(bodyOf(await r4), '{"name":"after the write"}');
    assert.equal(d.reads.length, 3);
  });

  test('a read begun before a version that is not settled came back answers its own request only', async () => {
    const d = door();
    const first = d.get();
    assert.equal(d.reads.length, 1);
    d.admissions[0]?.answer(version('0.1'));
    d.reads[0]?.answer('{"name":"read before the version"}');
    assert.equal(bodyOf(await first), '{"name":"read before the version"}');
    // The same version again: the read before it may have missed a write whose change made it. Read again.
    const second = d.get();
    d.admissions[1]?.answer(version('0.1'));
    await turn();
    assert.equal(d.reads.length, 2, 'not held: read again, after the version');
    d.reads[1]?.answer('{"name":"read after the version"}');
    assert.equal(bodyOf(await second), '{"name":"read after the version"}');
  });

  test('a read begun before a settled version came back is held under it', async () => {
    const d = door();
    const first = d.get();
    d.admissions[0]?.answer(version('0.1', true));
    d.reads[0]?.answer('{"name":"settled"}');
    await first;
    const second = d.get();
    d.admissions[1]?.answer(version('0.1', true));
    assert.equal(bodyOf(await second), '{"name":"settled"}');
    assert.equal(d.reads.length, 1);
  });

  test('without a version (Redis unreachable) every request is read, whatever was held', async () => {
    const d = door();
    const held = d.get();
    d.admissions[0]?.answer(version('0.1', true));
    d.reads[0]?.answer('{"n":"held"}');
    await held;
    for (let i = 1; i <= 2; i++) {
      const r = d.get();
      d.admissions[i]?.answer({ headers: [], version: null, settled: false });
      await turn();
      assert.equal(d.reads.length, i + 1, 'read');
      d.reads[i]?.answer(`{"n":${String(i)}}`);
      assert.equal(bodyOf(await r), `{"n":${String(i)}}`);
    }
  });

  test('HELD_ANSWERS=false: no version is asked for, every request is read', async () => {
    const d = door(false);
    for (let i = 0; i < 3; i++) {
      const r = d.get();
      assert.equal(d.reads.length, i + 1, 'read beside the count');
      assert.equal(d.admissions[i]?.versionKey, undefined);
      d.admissions[i]?.answer({ headers: [], version: null, settled: false });
      d.reads[i]?.answer(`{"n":${String(i)}}`);
      assert.equal(bodyOf(await r), `{"n":${String(i)}}`);
    }
  });

  test('a pet not found is counted and left to the regular path, never held', async () => {
    const d = door();
    const first = d.get();
    d.admissions[0]?.answer(version('0.1', true));
    d.reads[0]?.answer(null);
    assert.deepEqual(await first, { admitted: ['x-ratelimit-limit', '1000'] });
    const second = d.get();
    d.admissions[1]?.answer(version('0.1', true));
    await turn();
    assert.equal(d.reads.length, 2);
    d.reads[1]?.answer('{"name":"created since"}');
    assert.equal(bodyOf(await second), '{"name":"created since"}');
  });
});
