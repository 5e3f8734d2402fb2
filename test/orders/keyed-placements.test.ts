import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachEngine } from '../helpers/engines.js';
import { exactIds, harness, manualClock, type Harness } from '../helpers/harness.js';
import { lagPostgresAnswers } from '../helpers/lagged-postgres.js';

const json = { 'content-type': 'application/json' };

describeEachEngine('placeOrder with Idempotency-Key under load', (engine) => {
  const clock = manualClock(Date.now());
  let h: Harness;
  before(async () => {
    h = await harness({ clock });
  });
  after(() => h.close());

  /** A project with `count` available pets; their ids. */
  async function projectWithPets(count: number) {
    const project = await h.newProject();
    const pets: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...project.auth, ...json },
        payload: { name: `p${String(i)}`, categoryId: 1 },
      });
      assert.equal(res.statusCode, 201, res.body);
      pets.push(exactIds(res.body)[0] ?? '');
    }
    return { ...project, pets };
  }

  test('150 keyed placements at once, every database answer late: all 201, ids 1-150 once each; each key replays its order', async () => {
    const { auth, pets } = await projectWithPets(150);
    const keys = pets.map(() => randomUUID());
    const place = (k: string, i: number) =>
      h.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: { ...auth, ...json, 'idempotency-key': k },
        payload: `{"petId":${pets[i] ?? '0'},"quantity":1}`,
      });
    // A keyed placement held the project's order counter from its insert to its commit, across the statements
    // between: with each answer 60 ms late, those in line behind it waited past the 0.9 s statement timeout (503).
    const restore = engine.name === 'postgres' ? lagPostgresAnswers() : () => undefined;
    let answers;
    try {
      answers = await Promise.all(keys.map(place));
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
    const replays = await Promise.all(keys.map(place));
    assert.ok(replays.every((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === 'true'));
    assert.deepEqual(
      replays.map((r) => exactIds(r.body)[0]),
      ids,
    );
    // The same key for another request: 422, nothing placed.
    const other = await h.request({
      method: 'POST',
      url: '/v1/store/orders',
      headers: { ...auth, ...json, 'idempotency-key': keys[0] ?? '' },
      payload: `{"petId":${pets[1] ?? '0'},"quantity":2}`,
    });
    assert.equal(other.statusCode, 422, other.body);
  });

  test('after 24 hours a key is forgotten: another placement with it places a new order', async () => {
    const { auth, pets } = await projectWithPets(2);
    const key = randomUUID();
    const place = (petId: string) =>
      h.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: { ...auth, ...json, 'idempotency-key': key },
        payload: `{"petId":${petId}}`,
      });
    const first = await place(pets[0] ?? '');
    assert.equal(first.statusCode, 201, first.body);
    clock.advance(24 * 60 * 60 * 1000 - 1);
    const other = await place(pets[1] ?? '');
    assert.equal(other.statusCode, 422, 'within the day the key names the first placement');
    clock.advance(2);
    const later = await place(pets[1] ?? '');
    assert.equal(later.statusCode, 201, later.body);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.notEqual(exactIds(later.body)[0], exactIds(first.body)[0]);
    const replay = await place(pets[1] ?? '');
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(exactIds(replay.body)[0], exactIds(later.body)[0]);
  });

  test('one key sent twice at once, and a key whose pet is taken: one order, then in use or its replay; no record for a refusal', async () => {
    const { auth, pets } = await projectWithPets(2);
    const key = randomUUID();
    const place = (k: string, petId: string) =>
      h.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: { ...auth, ...json, 'idempotency-key': k },
        payload: `{"petId":${petId}}`,
      });
    const twice = await Promise.all([place(key, pets[0] ?? ''), place(key, pets[0] ?? '')]);
    const placed = twice.filter((a) => a.statusCode === 201);
    assert.ok(placed.length >= 1, twice.map((a) => a.body).join(' '));
    const orderIds = new Set(placed.map((a) => exactIds(a.body)[0]));
    assert.equal(orderIds.size, 1, 'one order, or its replay');
    for (const a of twice.filter((x) => x.statusCode !== 201)) {
      assert.equal(a.statusCode, 409, a.body);
      assert.match(a.body, /"code":"idempotency_key_in_use"/);
    }
    // The pet is taken now: another key for it is refused, and that key stays free for another request.
    const second = randomUUID();
    const refused = await place(second, pets[0] ?? '');
    assert.equal(refused.statusCode, 409, refused.body);
    assert.match(refused.body, /"code":"pet_not_available"/);
    const reused = await place(second, pets[1] ?? '');
    assert.equal(reused.statusCode, 201, reused.body);
    assert.equal(reused.headers['idempotent-replayed'], undefined);
  });
});
