import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachEngine } from '../helpers/engines.js';
import { exactIds, harness, type Harness } from '../helpers/harness.js';
import { lagPostgresAnswers } from '../helpers/lagged-postgres.js';

const json = { 'content-type': 'application/json' };
describeEachEngine('createPet with Idempotency-Key under load', (engine) => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('150 keyed creations at once, every database answer late: all 201, ids 1-150 once each; each key replays its pet', async () => {
    const { key, auth } = await h.newProject();
    assert.ok(key);
    const keys = Array.from({ length: 150 }, () => randomUUID());
    const post = (k: string, i: number) =>
      h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...auth, ...json, 'idempotency-key': k },
        payload: { name: `p${String(i)}`, categoryId: 1 },
      });
    // Keyed writes never wait on each other across statements: with each answer 60 ms late, a counter lock held
    // from the insert to the commit of a transaction made the 10th writer in line wait past the 0.9 s statement timeout (503).
    const restore = engine.name === 'postgres' ? lagPostgresAnswers() : () => undefined;
    let answers;
    try {
      answers = await Promise.all(keys.map(post));
    } finally {
      restore();
    }
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.statusCode, (statuses.get(a.statusCode) ?? 0) + 1);
    assert.deepEqual(
      [...statuses],
      [[201, 150]],
      `answers: ${JSON.stringify([...statuses])}; ${answers.find((a) => a.statusCode !== 201)?.body ?? ''}`,
    );
    const ids = answers.map((a) => exactIds(a.body)[0] ?? '');
    assert.deepEqual(
      ids.map(Number).sort((a, b) => a - b),
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
    const replays = await Promise.all(keys.map(post));
    assert.ok(replays.every((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === 'true'));
    assert.deepEqual(
      replays.map((r) => exactIds(r.body)[0]),
      ids,
    );
    const other = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...auth, ...json, 'idempotency-key': keys[0] ?? '' },
      payload: { name: 'other', categoryId: 1 },
    });
    assert.equal(other.statusCode, 422);
  });
});
