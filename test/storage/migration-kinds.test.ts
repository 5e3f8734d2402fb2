import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MIGRATIONS } from '../../src/features.js';
import { BASELINE } from '../../src/storage/baseline.js';
import { plan, type FeatureMigrations, type PlannedMigration } from '../../src/storage/migrations.js';
import { openStorage } from '../../src/storage/open.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';

/*
 * The rule of docs/upgrading.md, enforced: a migration that drops or renames a table, column or
 * constraint, changes a column's type, makes a column required or adds a required column without a
 * default breaks the release before it, which still serves during a rolling upgrade: it must be declared
 * `contract`. The migrations 1.0.0 shipped are the baseline (src/storage/baseline.ts) and run as they
 * always did.
 */

const SHAPES: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|CONSTRAINT|VIEW)\b/i, 'drops a $1'],
  [/\bRENAME\s+(TO|COLUMN|CONSTRAINT)\b/i, 'renames (RENAME $1)'],
  [/\bALTER\s+COLUMN\s+\S+\s+(SET\s+NOT\s+NULL|(SET\s+DATA\s+)?TYPE)\b/i, 'rewrites a column ($1)'],
  [/\bADD\s+(COLUMN\s+)?(?!CONSTRAINT\b)[^,;]*\bNOT\s+NULL\b(?![^,;]*\bDEFAULT\b)/i, 'adds a required column without a default'],
];

/** What in a migration's SQL removes or rewrites something the previous release uses. */
function breakingChanges(sql: string): string[] {
  const text = sql.replace(/--[^\n]*/g, '');
  return SHAPES.flatMap(([shape, what]) => {
    const found = shape.exec(text);
    return found ? [what.replace('$1', (found[1] ?? '').toUpperCase())] : [];
  });
}

/** Every migration after the baseline that breaks the previous release without being declared contract. */
function undeclared(features: readonly FeatureMigrations[]): string[] {
  return (['sqlite', 'postgres'] as const).flatMap((engine) =>
    plan(features, engine)
      .filter((m) => m.kind !== 'baseline' && m.kind !== 'contract')
      .flatMap((m) => breakingChanges(m.sql).map((what) => `${m.feature} ${String(m.version)} [${engine}] ${what}, declared ${m.kind}`)),
  );
}

const label = (m: PlannedMigration) => `${m.feature} ${String(m.version)}`;

describe('migration kinds', () => {
  test('the check sees drops, renames, rewrites and required columns, on either engine’s SQL', () => {
    const cases: [string, boolean][] = [
      ['ALTER TABLE pets DROP COLUMN tag', true],
      ['DROP TABLE request_log', true],
      ['alter table orders drop constraint orders_pet_fk', true],
      ['ALTER TABLE pets RENAME COLUMN name TO title', true],
      ['ALTER TABLE pets_new RENAME TO pets', true],
      ['ALTER TABLE pets ALTER COLUMN name TYPE VARCHAR(100)', true],
      ['ALTER TABLE pets ALTER COLUMN tag SET NOT NULL', true],
      ['ALTER TABLE pets ADD COLUMN env TEXT NOT NULL', true],
      ["ALTER TABLE pets ADD COLUMN env TEXT NOT NULL DEFAULT 'production'", false],
      ['ALTER TABLE pets ADD COLUMN note TEXT', false],
      ['CREATE TABLE staging (id INTEGER PRIMARY KEY, name TEXT NOT NULL)', false],
      ['CREATE INDEX pets_env ON pets (env)', false],
      ['-- DROP TABLE pets, someday\nCREATE TABLE x (id INTEGER)', false],
      ['ALTER TABLE pets ADD CONSTRAINT pets_name_nn CHECK (name IS NOT NULL)', false],
    ];
    for (const [sql, breaks] of cases) assert.equal(breakingChanges(sql).length > 0, breaks, sql);
    const declared = (kind: 'expand' | 'contract', sql: string): FeatureMigrations[] => [
      { feature: 'kinds_fixture', sqlite: [{ version: 1, name: 'x', sql, kind }], postgres: [{ version: 1, name: 'x', sql, kind }] },
    ];
    assert.deepEqual(undeclared(declared('expand', 'ALTER TABLE pets DROP COLUMN tag')), [
      'kinds_fixture 1 [sqlite] drops a COLUMN, declared expand',
      'kinds_fixture 1 [postgres] drops a COLUMN, declared expand',
    ]);
    assert.deepEqual(undeclared(declared('contract', 'ALTER TABLE pets DROP COLUMN tag')), []);
    assert.deepEqual(undeclared(declared('expand', 'ALTER TABLE pets ADD COLUMN note TEXT')), []);
  });

  test('no migration after the baseline drops, renames or rewrites without being declared contract (both engines)', (t) => {
    assert.deepEqual(undeclared(MIGRATIONS), []);
    // The baseline may: it shipped in 1.0.0 and is never edited or split.
    const baseline = plan(MIGRATIONS, 'postgres').filter((m) => m.kind === 'baseline' && breakingChanges(m.sql).length > 0);
    t.diagnostic(`baseline (1.0.0) migrations that rewrite, run as they always did: ${baseline.map(label).join(', ')}`);
  });

  test('every migration after the baseline declares expand or contract, the same on both engines; the baseline names only shipped versions', () => {
    for (const f of MIGRATIONS) {
      const shipped = BASELINE[f.feature] ?? 0;
      assert.ok(
        f.sqlite.filter((m) => m.version <= shipped).length === shipped,
        `baseline.ts names ${f.feature} up to ${String(shipped)}, which it does not have`,
      );
      for (const engine of ['sqlite', 'postgres'] as const) {
        for (const m of f[engine].filter((x) => x.version > shipped)) {
          assert.ok(m.kind === 'expand' || m.kind === 'contract', `${f.feature} ${String(m.version)} [${engine}] declares no kind`);
          const twin = f[engine === 'sqlite' ? 'postgres' : 'sqlite'].find((x) => x.version === m.version);
          assert.equal(twin?.kind, m.kind, `${f.feature} ${String(m.version)} is ${String(m.kind)} on ${engine} only`);
        }
      }
    }
    for (const feature of Object.keys(BASELINE)) {
      assert.ok(
        MIGRATIONS.some((f) => f.feature === feature),
        `baseline.ts names ${feature}, which has no migrations`,
      );
    }
  });
});

/** Each capability's migrations up to its 1.0.0 baseline: a database as release 1.0.0 left it. */
const asShipped = MIGRATIONS.map((f) => ({
  ...f,
  sqlite: f.sqlite.filter((m) => m.version <= (BASELINE[f.feature] ?? 0)),
  postgres: f.postgres.filter((m) => m.version <= (BASELINE[f.feature] ?? 0)),
}));

describeEachEngine('upgrading a 1.0.0 database', (engine) => {
  let db: FreshDatabase;
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
  });
  after(() => db.drop());

  test('every expand migration applies with every contract one still pending; --contract then applies those', async () => {
    await (await openStorage(db.url, { migrations: asShipped, poolSize: 1 })).close();
    const expanded = await openStorage(db.url, { migrations: MIGRATIONS, poolSize: 1 });
    const contracts = plan(MIGRATIONS, engine.name).filter((m) => m.kind === 'contract');
    try {
      assert.deepEqual(expanded.migrated?.waiting.map(label), contracts.map(label));
      assert.ok(expanded.migrated?.applied.every((m) => m.kind === 'expand'));
    } finally {
      await expanded.close();
    }
    const contracted = await openStorage(db.url, { migrations: MIGRATIONS, contract: true, poolSize: 1 });
    try {
      assert.deepEqual(contracted.migrated?.applied.map(label), contracts.map(label));
      assert.deepEqual(
        (await contracted.schema()).migrations.filter((m) => !m.applied),
        [],
      );
    } finally {
      await contracted.close();
    }
  });
});
