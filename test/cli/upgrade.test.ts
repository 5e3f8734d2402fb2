import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { MIGRATIONS } from '../../src/features.js';
import { MIGRATIONS_TABLE } from '../../src/storage/migrations.js';
import { openStorage } from '../../src/storage/open.js';
import { VERSION } from '../../src/version.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { BIN, runCli, startServer } from '../helpers/processes.js';
import { rowsOf } from '../helpers/storage-sql.js';

const PACKAGE_BIN = resolve(import.meta.dirname, '../../packages/cli/bin/petstore.js');
const BACKUP_NAME = /^petstore-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.backup$/;
const TOTAL = MIGRATIONS.reduce((n, f) => n + f.sqlite.length, 0);

/** A database as a release without the backup capability's migration left it: that one migration pending. */
const WITHOUT_BACKUP = MIGRATIONS.filter((f) => f.feature !== 'backup');

const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** One line on stderr, nothing on stdout, no stack trace. */
function oneLine(r: { code: number; stdout: string; stderr: string }, pattern: RegExp) {
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, pattern);
}

describe('versions', () => {
  test('petstore --version prints the release from package.json; the installable CLI prints its own package version', async () => {
    const run = promisify(execFile);
    assert.equal((await run(process.execPath, [BIN, '--version'])).stdout, `${VERSION}\n`);
    assert.match(VERSION, /^\d+\.\d+\.\d+$/);
    const cliPackage = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal((await run(process.execPath, [PACKAGE_BIN, '--version'])).stdout, `${cliPackage.version}\n`);
    assert.match((await run(process.execPath, [BIN, 'help'])).stdout, /--version .*\n(.|\n)*migrate --status \[--json\]/);
  });
});

describeEachEngine('upgrading from the command line', (engine) => {
  let db: FreshDatabase;
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, db.url, env);
  const migrateFirst = async (migrations = WITHOUT_BACKUP) => (await openStorage(db.url, { migrations, poolSize: 1 })).close();

  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
    await migrateFirst();
  });
  after(() => db.drop());

  test('migrate --status [--json]: every capability’s migrations, applied or pending', async () => {
    const r = await cli(['migrate', '--status', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const status = JSON.parse(r.stdout) as {
      version: string;
      migrations: { feature: string; version: number; name: string; applied: boolean; kind: string }[];
      pending: number;
    };
    assert.equal(status.version, VERSION);
    assert.equal(status.migrations.length, TOTAL);
    assert.equal(status.pending, 1);
    assert.deepEqual(
      status.migrations.filter((m) => !m.applied).map((m) => [m.feature, m.version, m.kind]),
      [['backup', 1, 'baseline']],
    );
    assert.deepEqual(Object.keys(status.migrations[0] ?? {}).slice(0, 4), ['feature', 'version', 'name', 'kind']);
    assert.deepEqual(
      [...new Set(status.migrations.map((m) => m.feature))],
      MIGRATIONS.map((f) => f.feature),
    );
    const text = await cli(['migrate', '--status']);
    assert.match(text.stdout, /^ {2}pending {2}backup 1 \(baseline\): the lease of scheduled backups/m);
    assert.match(text.stdout, new RegExp(`^${String(TOTAL - 1)} applied, 1 pending$`, 'm'));
  });

  test('migrate --dry-run prints what would run and applies nothing, with or without --contract and BACKUP_DIR', async () => {
    const backups = temp('petstore-dry-run-');
    const text = await cli(['migrate', '--dry-run'], { BACKUP_DIR: backups });
    assert.equal(text.code, 0, text.stderr);
    assert.equal(
      text.stdout,
      `would write a backup to ${backups} first\nwould apply 1:\n  backup 1 (baseline): the lease of scheduled backups (one instance writes them at a time)\n`,
    );
    const json = await cli(['migrate', '--dry-run', '--contract', '--json']);
    assert.deepEqual(JSON.parse(json.stdout), {
      apply: [
        { feature: 'backup', version: 1, name: 'the lease of scheduled backups (one instance writes them at a time)', kind: 'baseline' },
      ],
      wait: [],
      backup: false,
    });
    assert.deepEqual(readdirSync(backups), []);
    assert.equal((JSON.parse((await cli(['migrate', '--status', '--json'])).stdout) as { pending: number }).pending, 1);
  });

  test('with BACKUP_DIR, migrate writes a backup there before applying, and says where; nothing pending, no backup', async () => {
    const backups = temp('petstore-before-migrate-');
    const r = await cli(['migrate'], { BACKUP_DIR: backups });
    assert.equal(r.code, 0, r.stderr);
    const written = readdirSync(backups);
    assert.equal(written.length, 1);
    assert.match(written[0] ?? '', BACKUP_NAME);
    assert.match(r.stdout, new RegExp(`^backup written to ${join(backups, written[0] ?? '')}\napplied backup 1 \\(baseline\\)`));
    assert.match(r.stdout, new RegExp(`database schema is up to date: ${String(TOTAL)} migrations applied\n$`));
    // The backup is of the database before the migration: it records one migration fewer.
    const restored = await freshDatabase(engine.name, { onDisk: true });
    try {
      await (await openStorage(restored.url, { migrations: MIGRATIONS, poolSize: 1 })).close();
      const back = await runCli(['restore', join(backups, written[0] ?? ''), '--json'], restored.url);
      assert.equal(back.code, 0, back.stderr);
      assert.equal((JSON.parse(back.stdout) as { schemaVersion: number }).schemaVersion, TOTAL - 1);
    } finally {
      await restored.drop();
    }

    for (const args of [['migrate'], ['migrate', '--contract']]) {
      const again = await cli(args, { BACKUP_DIR: backups });
      assert.equal(again.code, 0, again.stderr);
      assert.equal(again.stdout, `database schema is up to date: ${String(TOTAL)} migrations applied\n`);
    }
    assert.equal(readdirSync(backups).length, 1, 'nothing to apply: no backup');
  });

  test('serve with pending migrations and BACKUP_DIR backs up first and logs where; with none pending it does not', async () => {
    const fresh = await freshDatabase(engine.name, { onDisk: true });
    const backups = temp('petstore-serve-backup-');
    try {
      await (await openStorage(fresh.url, { migrations: WITHOUT_BACKUP, poolSize: 1 })).close();
      const env = { DATABASE_URL: fresh.url, BACKUP_DIR: backups };
      const first = await startServer(env);
      try {
        const line = await first.waitForLog((l) => l.msg === 'backup written before migrating');
        assert.match(String(line.file), new RegExp(`^${backups}/petstore-.*\\.backup$`));
        assert.ok(existsSync(String(line.file)));
        assert.deepEqual((await first.waitForLog((l) => l.msg === 'migrations applied')).migrations, ['backup 1']);
        const ready = (await (await fetch(`${first.url}/readyz`)).json()) as { version: string; schema: { status: string } };
        assert.equal(ready.version, VERSION);
        assert.equal(ready.schema.status, 'current');
      } finally {
        await first.stop();
      }
      const second = await startServer(env);
      await second.stop();
      assert.equal(second.logs.filter((l) => l.msg === 'backup written before migrating' || l.msg === 'migrations applied').length, 0);
    } finally {
      await fresh.drop();
    }
  });

  test('a migration recorded by a newer release: serve, migrate and the other commands exit 1 with one schema_too_new line', async () => {
    const storage = await openStorage(db.url, { migrations: MIGRATIONS, poolSize: 1 });
    try {
      await rowsOf(storage, `INSERT INTO ${MIGRATIONS_TABLE} (feature, version, name, applied_at, release) VALUES (?, ?, ?, ?, ?)`, [
        'deploys',
        99,
        'deploys numbered per project',
        engine.name === 'sqlite' ? Date.now() : new Date(),
        '9.0.0',
      ]);
    } finally {
      await storage.close();
    }
    const line = new RegExp(
      `^petstore: schema_too_new: the database's schema is from Petstore 9\\.0\\.0 \\(it has deploys 99 "deploys numbered per project", which this build does not know\\); this build is Petstore ${VERSION.replace(/\./g, '\\.')}`,
    );
    for (const args of [
      ['serve'],
      ['migrate'],
      ['migrate', '--contract'],
      ['migrate', '--status'],
      ['users', 'create', 'a@b.test'],
      ['keys', 'list'],
    ]) {
      oneLine(await cli(args, { PORT: '0', HOST: '127.0.0.1' }), line);
    }
  });
});
