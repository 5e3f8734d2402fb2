import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { after, before, test } from 'node:test';
import { MIGRATIONS_TABLE } from '../../src/storage/migrations.js';
import { buildBackup, parseBackup, tableOf, type BackupContents } from '../helpers/backup-files.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { runCli, type CliResult } from '../helpers/processes.js';

function refusal(r: CliResult): { code: string; message: string } {
  assert.equal(r.code, 1, r.stdout + r.stderr);
  return (JSON.parse(r.stdout) as { error: { code: string; message: string } }).error;
}

/** The tables of a PostgreSQL database (none in a new one). */
async function postgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map(
      (r) => r.t,
    );
  } finally {
    await client.end();
  }
}

describeEachEngine('a refused restore leaves nothing behind', (engine) => {
  let dir: string;
  let source: FreshDatabase;
  let good: Buffer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-restore-nothing-'));
    source = await freshDatabase(engine.name, { onDisk: true });
    assert.equal((await runCli(['keys', 'create', '--json'], source.url)).code, 0);
    const file = join(dir, 'good.backup');
    const r = await runCli(['backup', file, '--json'], source.url);
    assert.equal(r.code, 0, r.stderr);
    good = readFileSync(file);
  });
  after(async () => {
    await source.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A file made from the good backup: truncated, from a newer release, or with rows no database may hold. */
  const damaged: [string, () => Buffer, string][] = [
    ['truncated', () => good.subarray(0, good.length - 10), 'backup_corrupt'],
    [
      'newer',
      () => {
        const c = parseBackup(good);
        c.header.migrations.push({ feature: 'pets', version: 99 });
        return buildBackup(c);
      },
      'backup_too_new',
    ],
    [
      'invalid',
      () => {
        const c = parseBackup(good);
        const keys = tableOf(c, 'api_keys');
        keys.rows.push([...(keys.rows[0] ?? [])]);
        return buildBackup(c);
      },
      'backup_invalid',
    ],
  ];

  if (engine.name === 'sqlite') {
    test('SQLite: no database file where there was none (nor its folder), an empty file stays empty, no side or partial file', async () => {
      for (const [name, bytes, code] of damaged) {
        const path = join(dir, `${name}.backup`);
        writeFileSync(path, bytes());
        const place = mkdtempSync(join(tmpdir(), 'petstore-restore-place-'));
        try {
          const missing = join(place, 'data', 'petstore.db');
          assert.equal(refusal(await runCli(['restore', path, '--json'], `sqlite:${missing}`)).code, code, name);
          assert.deepEqual(readdirSync(place), [], `${name}: nothing created, not even the folder`);

          const empty = join(place, 'petstore.db');
          writeFileSync(empty, '');
          assert.equal(refusal(await runCli(['restore', path, '--json'], `sqlite:${empty}`)).code, code, name);
          assert.equal(statSync(empty).size, 0, `${name}: the empty file stays empty`);
          assert.deepEqual(readdirSync(place), ['petstore.db'], `${name}: no side file, no partial database`);
        } finally {
          rmSync(place, { recursive: true, force: true });
        }
      }
    });

    test('SQLite: the good backup then makes the database, 0600, and nothing beside it', async () => {
      const place = mkdtempSync(join(tmpdir(), 'petstore-restore-place-'));
      try {
        const path = join(dir, 'good.backup');
        const file = join(place, 'petstore.db');
        const r = await runCli(['restore', path, '--json'], `sqlite:${file}`);
        assert.equal(r.code, 0, r.stderr + r.stdout);
        assert.deepEqual(readdirSync(place), ['petstore.db']);
        assert.equal(statSync(file).mode & 0o777, 0o600);
        assert.ok(readFileSync(file).subarray(0, 16).equals(Buffer.from('SQLite format 3\0')));
        const keys = await runCli(['keys', 'list', '--json'], `sqlite:${file}`);
        assert.equal(keys.code, 0, keys.stderr);
        assert.equal((JSON.parse(keys.stdout) as unknown[]).length, 1, 'the key came with it');
      } finally {
        rmSync(place, { recursive: true, force: true });
      }
    });
  } else {
    test('PostgreSQL: a damaged or newer backup leaves a new database without a table', async () => {
      for (const [name, bytes, code] of damaged.filter(([, , c]) => c !== 'backup_invalid')) {
        const path = join(dir, `${name}.backup`);
        writeFileSync(path, bytes());
        const target = await freshDatabase('postgres');
        try {
          assert.equal(refusal(await runCli(['restore', path, '--json'], target.url)).code, code, name);
          assert.deepEqual(await postgresTables(target.url), [], `${name}: nothing created`);
        } finally {
          await target.drop();
        }
      }
    });
  }
});

describeEachEngine('a backup of an older schema', (engine) => {
  let dir: string;
  let source: FreshDatabase;
  let good: Buffer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-older-schema-'));
    source = await freshDatabase(engine.name, { onDisk: true });
    assert.equal((await runCli(['keys', 'create', '--name', 'kept', '--json'], source.url)).code, 0);
    // A database first made by a release before capabilities owned their migrations keeps its `schema_migrations`.
    const legacy = `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL);
      INSERT INTO schema_migrations VALUES (1, 'one', 0), (2, 'key bans', 0)`;
    if (engine.name === 'sqlite') {
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(source.url.slice('sqlite:'.length));
      db.exec(legacy);
      db.close();
    } else {
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      await client.query(legacy);
      await client.end();
    }
    const file = join(dir, 'good.backup');
    const r = await runCli(['backup', file, '--json'], source.url);
    assert.equal(r.code, 0, r.stderr);
    good = readFileSync(file);
  });
  after(async () => {
    await source.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function restore(name: string, c: BackupContents): Promise<CliResult & { url: string; drop(): Promise<void> }> {
    const path = join(dir, `${name}.backup`);
    writeFileSync(path, buildBackup(c));
    const target = await freshDatabase(engine.name, { onDisk: true });
    return { ...(await runCli(['restore', path, '--json'], target.url)), url: target.url, drop: () => target.drop() };
  }

  test('the legacy record of migrations (schema_migrations) is not backed up, and a backup that has it restores', async () => {
    const c = parseBackup(good);
    assert.ok(!c.tables.some((t) => t.name === 'schema_migrations' || t.name === MIGRATIONS_TABLE));
    // As backups made before it was left out carry it.
    c.header.tables.unshift({ name: 'schema_migrations', columns: ['version', 'name', 'applied_at'] });
    c.tables.unshift({
      name: 'schema_migrations',
      columns: ['version', 'name', 'applied_at'],
      rows: [
        [1n, 'one', 0n],
        [2n, 'key bans', 0n],
      ],
    });
    const r = await restore('legacy', c);
    try {
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const keys = await runCli(['keys', 'list', '--json'], r.url);
      assert.deepEqual(
        (JSON.parse(keys.stdout) as { name: string }[]).map((k) => k.name),
        ['kept'],
      );
    } finally {
      await r.drop();
    }
  });

  test('one from before later migrations (their tables and columns absent) restores, its rows kept, the new columns at their defaults', async () => {
    const c = parseBackup(good);
    // As release 1.0.0 wrote it: no `usage 3` (the table usage_deprecated_calls) and no `keys 5` (api_keys.replaced_by).
    c.header.migrations = c.header.migrations.filter(
      (m) => !(m.feature === 'usage' && m.version >= 3) && !(m.feature === 'keys' && m.version >= 5),
    );
    c.header.schemaVersion = c.header.migrations.length;
    c.header.tables = c.header.tables.filter((t) => t.name !== 'usage_deprecated_calls');
    c.tables = c.tables.filter((t) => t.name !== 'usage_deprecated_calls');
    for (const list of [c.header.tables, c.tables]) {
      const keys = list.find((t) => t.name === 'api_keys');
      assert.ok(keys);
      const at = keys.columns.indexOf('replaced_by');
      keys.columns = keys.columns.filter((_, i) => i !== at);
      if ('rows' in keys) keys.rows = (keys.rows as unknown[][]).map((row) => row.filter((_, i) => i !== at)) as never;
    }
    const r = await restore('older', c);
    try {
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const keys = await runCli(['keys', 'list', '--json'], r.url);
      assert.deepEqual(
        (JSON.parse(keys.stdout) as { name: string }[]).map((k) => k.name),
        ['kept'],
      );
    } finally {
      await r.drop();
    }
  });

  test('a table this release no longer has: backup_too_old from an older schema, backup_invalid from this one (made by hand); nothing created', async () => {
    const withTable = (older: boolean) => {
      const c = parseBackup(good);
      if (older) c.header.migrations = c.header.migrations.filter((m) => !(m.feature === 'usage' && m.version >= 3));
      c.header.tables.push({ name: 'retired_things', columns: ['id'] });
      c.tables.push({ name: 'retired_things', columns: ['id'], rows: [[1n]] });
      return c;
    };
    for (const [older, code, message] of [
      [
        true,
        'backup_too_old',
        /^The backup comes from an older schema \(schema \d+; it lacks usage 3\) and holds the table retired_things, which a later migration removed/,
      ],
      [false, 'backup_invalid', /table retired_things: this release's schema has no such table \(made by hand in the source database\?\)/],
    ] as const) {
      const r = await restore(code, withTable(older));
      try {
        const error = refusal(r);
        assert.equal(error.code, code, error.message);
        assert.match(error.message, message);
        if (engine.name === 'sqlite') assert.equal(statSync(r.url.slice('sqlite:'.length)).size, 0, 'the empty target stays empty');
        else assert.deepEqual(await postgresTables(r.url), [], 'nothing created');
      } finally {
        await r.drop();
      }
    }
    assert.ok(!existsSync(join(dir, 'retired_things')));
  });
});
