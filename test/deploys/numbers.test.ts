import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { MIGRATIONS } from '../../src/features.js';
import type { FeatureMigrations } from '../../src/storage/migrations.js';
import { openStorage, type Storage } from '../../src/storage/open.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { rowsOf } from '../helpers/storage-sql.js';

/** The schema as the release before per-project deploy numbers left it (deploys up to version 3). */
const BEFORE_NUMBERS: FeatureMigrations[] = MIGRATIONS.map((f) =>
  f.feature === 'deploys'
    ? { ...f, sqlite: f.sqlite.filter((m) => m.version <= 3), postgres: f.postgres.filter((m) => m.version <= 3) }
    : f,
);

describeEachEngine('deploys numbered per project: the migration', (engine) => {
  let db: FreshDatabase;
  const opened: Storage[] = [];
  const open = async (migrations: readonly FeatureMigrations[]) => {
    const s = await openStorage(db.url, { migrations: [...migrations], poolSize: 2 });
    opened.push(s);
    return s;
  };
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
  });
  after(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
    await db.drop();
  });

  const time = engine.name === 'sqlite' ? Date.now() : new Date();
  /** A deploy as the release before numbers wrote it: no `number` column named. */
  const insertAsBefore = (s: Storage, projectId: number) =>
    rowsOf(
      s,
      `INSERT INTO deploys (project_id, status, reason, message, file_count, total_bytes, created_at) VALUES (?, 'failed', 'missing_index', 'x', 0, 0, ?)`,
      [projectId, time],
    );
  const numbers = async (s: Storage) =>
    (await rowsOf<{ id: unknown; project_id: unknown; number: unknown }>(s, 'SELECT id, project_id, number FROM deploys ORDER BY id')).map(
      (r) => [Number(r.project_id), Number(r.number)],
    );

  test('existing deploys are numbered 1, 2, 3… per project in id order; deploys a release without numbers writes get the next', async () => {
    const old = await open(BEFORE_NUMBERS);
    for (const slug of ['one', 'two'])
      await rowsOf(old, `INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES (?, 'free', 10, 100, ?)`, [slug, time]);
    const [one, two] = (await rowsOf<{ id: unknown }>(old, `SELECT id FROM projects WHERE slug IN ('one', 'two') ORDER BY slug`)).map((r) =>
      Number(r.id),
    ) as [number, number];
    for (const p of [one, two, one, one, two]) await insertAsBefore(old, p);
    await old.close();

    const now = await open(MIGRATIONS);
    assert.deepEqual(await numbers(now), [
      [one, 1],
      [two, 1],
      [one, 2],
      [one, 3],
      [two, 2],
    ]);
    // The previous release keeps writing deploys during a rolling upgrade: each is numbered all the same.
    await insertAsBefore(now, two);
    await insertAsBefore(now, one);
    assert.deepEqual((await numbers(now)).slice(-2), [
      [two, 3],
      [one, 4],
    ]);
  });
});
