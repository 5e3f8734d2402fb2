import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerCredits, type Returned } from '../../src/limits/credits.js';
import { CountersHost, creditSize } from '../../src/workers/counters-host.js';
import type { AdmitAnswer, CounterCall } from '../../src/workers/messages.js';

type ToPrimary = { t: 'call'; call: CounterCall; done: (value: unknown) => void } | ({ t: 'returned'; id?: number } & Returned);
type ToWorker = { t: 'answer'; value: unknown; done: (value: unknown) => void } | { t: 'recall'; id: number; subject: string };

/** A seeded generator, so a failing interleaving can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The primary and its workers with the IPC channels as ordered queues, delivered in a random interleaving: each
 * worker admits from its credit or asks, as limits/ipc.ts does, and the host answers as workers/primary.ts.
 */
function cluster(workers: number) {
  const toPrimary: ToPrimary[][] = Array.from({ length: workers }, () => []);
  const toWorker: ToWorker[][] = Array.from({ length: workers }, () => []);
  const host = new CountersHost(
    () => workers,
    (worker, id, subject) => toWorker[worker as number]?.push({ t: 'recall', id, subject }),
    () => 100 * 60_000,
  );
  const credits = toPrimary.map((queue) => new WorkerCredits((returned) => queue.push({ t: 'returned', ...returned })));
  /** `done` runs as the answer is delivered, before any message after it (channel.ts `received`). */
  const ask = (w: number, call: CounterCall, done: (value: unknown) => void) => toPrimary[w]?.push({ t: 'call', call, done });
  const deliver = (pick: () => number): boolean => {
    const queues = [
      ...toPrimary.map((q, w) => ({ q, w, to: 'primary' as const })),
      ...toWorker.map((q, w) => ({ q, w, to: 'worker' as const })),
    ].filter((x) => x.q.length > 0);
    if (queues.length === 0) return false;
    const { q, w, to } = queues[Math.floor(pick() * queues.length)] as (typeof queues)[number];
    if (to === 'primary') {
      const message = q.shift() as ToPrimary;
      if (message.t === 'call') host.take(w, message.call, (value) => toWorker[w]?.push({ t: 'answer', value, done: message.done }));
      else host.returned(w, message);
    } else {
      const message = q.shift() as ToWorker;
      if (message.t === 'answer') message.done(message.value);
      else toPrimary[w]?.push({ t: 'returned', id: message.id, ...(credits[w] as WorkerCredits).recall(message.subject) });
    }
    return true;
  };
  return { host, credits, ask, deliver };
}

/** `n` requests of one subject in one minute, spread over the workers and interleaved at random; how many were admitted. */
function admitted(seed: number, n: number, quota: { perMinute: number; perDay: number }, workers = 2): number {
  const pick = random(seed);
  const { credits, ask, deliver } = cluster(workers);
  const minuteKey = 'p1:100';
  const dayKey = 'p1:1';
  let yes = 0;
  const request = (w: number) => {
    const own = credits[w] as WorkerCredits;
    const meter = pick() < 0.2;
    if (own.take(minuteKey, dayKey, quota.perMinute, meter ? undefined : quota.perDay) !== null) {
      yes++;
      return;
    }
    if (meter) {
      const call: CounterCall = { op: 'incrementWindows', minuteKey, dayKey, perMinute: quota.perMinute, refused: false };
      ask(w, call, (v) => {
        const { minute, day } = v as { minute: number; day: number };
        if (minute <= quota.perMinute && day <= quota.perDay) yes++;
      });
      return;
    }
    const call: CounterCall = { op: 'admitWindows', minuteKey, dayKey, perMinute: quota.perMinute, perDay: quota.perDay, credit: true };
    ask(w, call, (v) => {
      const answer = v as AdmitAnswer;
      if (answer === null) return;
      yes++;
      if (answer.credit !== undefined)
        own.grant(minuteKey, dayKey, quota.perMinute, quota.perDay, answer.credit, answer.minute, answer.day);
    });
  };
  for (let sent = 0; sent < n;) {
    if (pick() < 0.5) {
      request(Math.floor(pick() * workers));
      sent++;
    } else deliver(pick);
  }
  while (deliver(pick));
  return yes;
}

describe('credits (workers counting from blocks the primary counted ahead)', () => {
  test('no credit near a quota: a Free key (60 a minute) never gets any with 2 workers', () => {
    assert.equal(creditSize(59, 2), 0);
    assert.equal(creditSize(127, 2), 0);
    assert.equal(creditSize(128, 2), 16);
    assert.equal(creditSize(999, 2), 64);
  });

  test('blocks grow with a large quota, to at most 1/128 of its minute and 1,024', () => {
    // 1,000 or 8,192 a minute: blocks of at most 64, as under any quota.
    assert.equal(creditSize(999, 2, 1000), 64);
    assert.equal(creditSize(8191, 2, 8192), 64);
    assert.equal(creditSize(99_999, 2, 100_000), 781);
    assert.equal(creditSize(999_999_999, 2, 1_000_000_000), 1024);
    // Still a quarter of what is left, shared by the workers, near the quota: 2,000 left of a million.
    assert.equal(creditSize(2000, 2, 1_000_000), 250);
    assert.equal(creditSize(127, 2, 1_000_000), 0);
  });

  test('exactly the minute quota is admitted of more requests, in any interleaving', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      assert.equal(admitted(seed, 1500, { perMinute: 1000, perDay: 1_000_000 }), 1000, `seed ${String(seed)}`);
    }
  });

  test('exactly a large minute quota, with blocks above 64, in any interleaving', async () => {
    for (let seed = 1; seed <= 5; seed++) {
      assert.equal(admitted(seed, 21_000, { perMinute: 20_000, perDay: 10_000_000 }), 20_000, `seed ${String(seed)}`);
      assert.equal(admitted(seed, 21_000, { perMinute: 20_000, perDay: 10_000_000 }, 3), 20_000, `seed ${String(seed)}, 3 workers`);
    }
  });

  test('exactly the day quota, when it is the tighter', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      assert.equal(admitted(seed, 900, { perMinute: 10_000, perDay: 700 }, 3), 700, `seed ${String(seed)}`);
    }
  });

  test('all of fewer requests than the quota are admitted', async () => {
    for (let seed = 1; seed <= 10; seed++) assert.equal(admitted(seed, 600, { perMinute: 1000, perDay: 1_000_000 }), 600);
  });

  test('a credit is used only for its own windows and quota; the rest is given back', () => {
    const back: Returned[] = [];
    const credits = new WorkerCredits((r) => back.push(r));
    credits.grant('p1:100', 'p1:1', 1000, 5000, 3, 10, 20);
    assert.deepEqual(credits.take('p1:100', 'p1:1', 1000, 5000), { minute: 11, day: 21 });
    assert.equal(credits.take('p2:100', 'p2:1', 1000, 5000), null);
    // The next minute: not used, and the 2 units left go back to the primary.
    assert.equal(credits.take('p1:101', 'p1:1', 1000, 5000), null);
    assert.deepEqual(back, [{ subject: 'p1', minuteKey: 'p1:100', dayKey: 'p1:1', units: 2 }]);
    credits.grant('p1:101', 'p1:1', 1000, 5000, 2, 30, 40);
    // Another quota (a plan changed): given back.
    assert.equal(credits.take('p1:101', 'p1:1', 300, 5000), null);
    assert.equal(back.length, 2);
    credits.grant('p1:102', 'p1:1', 1000, 5000, 4, 30, 40);
    credits.expire(103);
    assert.deepEqual(back.at(-1), { subject: 'p1', minuteKey: 'p1:102', dayKey: 'p1:1', units: 4 });
    assert.equal(credits.size, 0);
  });

  test('units given back are taken off both windows; a worker that ends leaves no recall waiting', () => {
    const recalls: [unknown, string][] = [];
    let now = 100 * 60_000;
    const host = new CountersHost(
      () => 2,
      (worker, _id, subject) => recalls.push([worker, subject]),
      () => now,
    );
    const answers: unknown[] = [];
    const admit = (w: number, perMinute = 1000) =>
      host.take(w, { op: 'admitWindows', minuteKey: 'p1:100', dayKey: 'p1:1', perMinute, perDay: 1_000_000, credit: true }, (v) =>
        answers.push(v),
      );
    admit(1);
    assert.deepEqual(answers[0], { minute: 1, day: 1, credit: 64 });
    host.returned(1, { subject: 'p1', minuteKey: 'p1:100', dayKey: 'p1:1', units: 60 });
    admit(2);
    assert.deepEqual(answers[1], { minute: 6, day: 6, credit: 64 });
    // Near a quota of 80 now: the credit of worker 2 is recalled before the call is answered.
    admit(1, 80);
    assert.equal(answers.length, 2);
    assert.deepEqual(recalls, [[2, 'p1']]);
    host.gone(2);
    assert.deepEqual(answers[2], { minute: 71, day: 71 });
    // A holder whose credit was used up says nothing; two minutes on, it is forgotten: no recall for it.
    host.take(1, { op: 'admitWindows', minuteKey: 'p2:100', dayKey: 'p2:1', perMinute: 1000, perDay: 1_000_000, credit: true }, (v) =>
      answers.push(v),
    );
    assert.deepEqual(answers[3], { minute: 1, day: 1, credit: 64 });
    now = 102 * 60_000;
    host.take(2, { op: 'admitWindows', minuteKey: 'p2:102', dayKey: 'p2:1', perMinute: 1000, perDay: 65, credit: true }, (v) =>
      answers.push(v),
    );
    assert.deepEqual(answers[4], null);
    assert.equal(recalls.length, 1);
  });
});
