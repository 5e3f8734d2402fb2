import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { MIGRATIONS } from '../../src/features.js';
import { openProjectRepository } from '../../src/projects/repository.js';
import type { FeatureMigrations } from '../../src/storage/migrations.js';
import { openStorage } from '../../src/storage/open.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness, exactIds, type Harness } from '../helpers/harness.js';
import { openRepositories } from '../helpers/repositories.js';
import { rowsOf } from '../helpers/storage-sql.js';

const json = { 'content-type': 'application/json' };

/** Every capability's migrations as the release before per-project ids had them: pets at version 1, no secrets. */
const BEFORE_PER_PROJECT_IDS: FeatureMigrations[] = MIGRATIONS.filter((f) => f.feature !== 'secrets').map((f) =>
  f.feature === 'pets' ? { ...f, sqlite: f.sqlite.filter((m) => m.version === 1), postgres: f.postgres.filter((m) => m.version === 1) } : f,
);

describeEachEngine('pet ids numbered per project', (engine) => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const create = async (auth: { authorization: string }, name: string) => {
    const res = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...auth, ...json },
      payload: JSON.stringify({ name, categoryId: 1 }),
    });
    assert.equal(res.statusCode, 201, res.body);
    return exactIds(res.body)[0] ?? '';
  };

  test('two projects creating pets alternately each see ids 1, 2, 3, …', async () => {
    const a = await h.newProject();
    const b = await h.newProject();
    const seen: Record<string, string[]> = { a: [], b: [] };
    for (let i = 0; i < 5; i++) {
      seen.a?.push(await create(a.auth, `a${String(i)}`));
      seen.b?.push(await create(b.auth, `b${String(i)}`));
    }
    assert.deepEqual(seen, { a: ['1', '2', '3', '4', '5'], b: ['1', '2', '3', '4', '5'] });
    for (const [p, prefix] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      const got = await h.request({ method: 'GET', url: '/v1/pets/3', headers: p.auth });
      assert.equal(got.json().name, `${prefix}2`, 'each project reads its own pet 3');
      const listed = await h.request({ method: 'GET', url: '/v1/pets', headers: p.auth });
      assert.deepEqual(exactIds(listed.body), ['1', '2', '3', '4', '5']);
    }
  });

  test('an Idempotency-Key replays its own project’s pet when another project has one with the same id', async () => {
    const a = await h.newProject();
    const b = await h.newProject();
    const post = (auth: { authorization: string }, name: string) =>
      h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...auth, ...json, 'idempotency-key': 'same-key' },
        payload: JSON.stringify({ name, categoryId: 1 }),
      });
    const first = await post(a.auth, 'Ours');
    assert.equal((await post(b.auth, 'Theirs')).json().id, first.json().id);
    const replay = await post(a.auth, 'Ours');
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body, first.body);
  });

  test('two instances creating in one project at once get distinct ids, ascending in commit order', async () => {
    const db: FreshDatabase = await freshDatabase(engine.name, { onDisk: true });
    const one = await openRepositories(db.url, { poolSize: 5 });
    const two = await openRepositories(db.url, { poolSize: 5 });
    try {
      const project = await one.projects.create('both', 'free', { perMinute: 60, perDay: 1000 }, new Date());
      const now = new Date();
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 ? one : two).pets.create(project.id, { name: `p${String(i)}`, categoryId: BigInt(i), status: 'available' }, now),
        ),
      );
      const ids = results.map((r) => (r.kind === 'created' ? r.pet.id : -1n));
      assert.equal(new Set(ids.map(String)).size, 200, 'no id given twice');
      assert.ok(
        ids.every((id) => id >= 1n && id <= 200n),
        'every id is within 1..200',
      );
      const listed = await two.pets.list(project.id, { limit: 100 });
      const rest = await one.pets.list(project.id, { limit: 100, after: listed.at(-1)?.id });
      assert.deepEqual(
        [...listed, ...rest].map((p) => p.id),
        [...ids].sort((x, y) => (x < y ? -1 : 1)),
      );
      const next = await one.pets.create(project.id, { name: 'last', categoryId: 1n, status: 'sold' }, now);
      assert.equal(next.kind === 'created' && next.pet.id, 201n, 'the next id follows the highest');
    } finally {
      await one.close();
      await two.close();
      await db.drop();
    }
  });

  test('pets created at once in two projects each get what they sent, and their events and deliveries follow their ids', async () => {
    const db = await freshDatabase(engine.name, { onDisk: true });
    const repos = await openRepositories(db.url);
    try {
      const now = new Date();
      const at = engine.name === 'sqlite' ? now.getTime() : now;
      const a = (await repos.projects.create('at-once-a', 'free', { perMinute: 60, perDay: 1000 }, now)).id;
      const b = (await repos.projects.create('at-once-b', 'free', { perMinute: 60, perDay: 1000 }, now)).id;
      const enabled = engine.name === 'sqlite' ? 1 : true;
      const endpoint = `INSERT INTO webhook_endpoints (project_id, url, events, secret, enabled, created_at) VALUES (?, 'https://example.com/h', ?, 's', ?, ?)`;
      await rowsOf(repos.storage, endpoint, [a, ',pet.created,', enabled, at]);
      await rowsOf(repos.storage, endpoint, [b, ',order.placed,', enabled, at]);

      const inputs = Array.from({ length: 150 }, (_, i) => ({
        project: i % 3 === 0 ? b : a,
        pet: {
          // What an array literal must quote: quotes, backslashes, braces, commas, the word NULL.
          name: i === 7 ? 'NULL' : `n${String(i)} "q" \\ {a,b} ü`,
          categoryId: BigInt(1000 + i),
          status: (['available', 'pending', 'sold'] as const)[i % 3] ?? 'sold',
        },
      }));
      const results = await Promise.all(inputs.map(({ project, pet }) => repos.pets.create(project, pet, now)));
      results.forEach((r, i) => {
        assert.equal(r.kind, 'created');
        const { id, ...rest } = r.kind === 'created' ? r.pet : { id: 0n };
        assert.deepEqual(rest, inputs[i]?.pet, `write ${String(i)} gets back its own pet`);
        assert.ok(id > 0n);
      });
      for (const [project, count] of [
        [a, 100],
        [b, 50],
      ] as const) {
        const mine = results.filter((_, i) => inputs[i]?.project === project).map((r) => (r.kind === 'created' ? r.pet : null));
        assert.deepEqual(
          mine.map((p) => p?.id).sort((x, y) => ((x ?? 0n) < (y ?? 0n) ? -1 : 1)),
          Array.from({ length: count }, (_, i) => BigInt(i + 1)),
          'each project numbers its pets 1..n',
        );
        const events = await rowsOf<{ data: string }>(repos.storage, 'SELECT data FROM events WHERE project_id = ? ORDER BY seq', [
          project,
        ]);
        const listed = [...(await repos.pets.list(project, { limit: 100 }))];
        assert.deepEqual(
          events.map((e) => JSON.parse(e.data) as unknown),
          listed.map((p) => ({ id: Number(p.id), name: p.name, categoryId: Number(p.categoryId), status: p.status })),
          'one pet.created per pet, in the order of their ids, with the pet as data',
        );
      }
      const deliveries = await rowsOf<{ project_id: unknown; n: unknown }>(
        repos.storage,
        'SELECT e.project_id, COUNT(*) AS n FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq GROUP BY e.project_id',
      );
      assert.deepEqual(
        deliveries.map((d) => [Number(d.project_id), Number(d.n)]),
        [[a, 100]],
        'a delivery for each event of the subscribed endpoint only',
      );
    } finally {
      await repos.close();
      await db.drop();
    }
  });

  test('a database with ids from the one global counter keeps every id, and each project continues after its highest', async () => {
    const db = await freshDatabase(engine.name, { onDisk: true });
    try {
      const old = await openStorage(db.url, { migrations: BEFORE_PER_PROJECT_IDS });
      const projects = openProjectRepository(old.database);
      const a = (await projects.create('old-a', 'free', { perMinute: 60, perDay: 1000 }, new Date())).id;
      const b = (await projects.create('old-b', 'free', { perMinute: 60, perDay: 1000 }, new Date())).id;
      // Global ids: a gets 1, 3, 4; b gets 2, 5.
      for (const [project, name] of [
        [a, 'a1'],
        [b, 'b2'],
        [a, 'a3'],
        [a, 'a4'],
        [b, 'b5'],
      ] as const) {
        await rowsOf(old, "INSERT INTO pets (project_id, name, category_id, status, created_at) VALUES (?, ?, 7, 'sold', ?)", [
          project,
          name,
          engine.name === 'sqlite' ? Date.now() : new Date(),
        ]);
      }
      await rowsOf(old, 'INSERT INTO idempotency_keys (project_id, key, request_hash, pet_id, created_at) VALUES (?, ?, ?, ?, ?)', [
        a,
        'before',
        'hash',
        3,
        engine.name === 'sqlite' ? Date.now() : new Date(),
      ]);
      await old.close();

      const repos = await openRepositories(db.url);
      try {
        const ids = async (project: number) => (await repos.pets.list(project, { limit: 100 })).map((p) => `${p.id.toString()} ${p.name}`);
        assert.deepEqual(await ids(a), ['1 a1', '3 a3', '4 a4']);
        assert.deepEqual(await ids(b), ['2 b2', '5 b5']);
        const now = new Date();
        const made = async (project: number) => {
          const r = await repos.pets.create(project, { name: 'new', categoryId: 1n, status: 'available' }, now);
          return r.kind === 'created' ? r.pet.id : null;
        };
        assert.equal(await made(a), 5n);
        assert.equal(await made(b), 6n);
        const fresh = (await repos.projects.create('new-c', 'free', { perMinute: 60, perDay: 1000 }, now)).id;
        assert.equal(await made(fresh), 1n);
        const replay = await repos.pets.create(a, { name: 'a3', categoryId: 7n, status: 'sold' }, now, {
          key: 'before',
          requestHash: 'hash',
          notBefore: new Date(now.getTime() - 60_000),
          now,
        });
        assert.deepEqual(replay.kind === 'replayed' && [replay.pet.id, replay.pet.name], [3n, 'a3']);
      } finally {
        await repos.close();
      }
    } finally {
      await db.drop();
    }
  });
});
