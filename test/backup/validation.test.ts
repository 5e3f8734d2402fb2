import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openAppStorage } from '../../src/features.js';
import { sqlFor } from '../../src/storage/sql.js';
import { buildBackup, parseBackup, tableOf, type BackupContents } from '../helpers/backup-files.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness } from '../helpers/harness.js';
import { runCli } from '../helpers/processes.js';

/** Every row of the tables a restore would write, as text: what "unchanged" is compared on. */
async function contents(databaseUrl: string): Promise<string> {
  const storage = await openAppStorage({ databaseUrl, databasePoolSize: 1 }, { migrate: false });
  try {
    const sql = sqlFor(storage.database);
    const out: string[] = [];
    for (const name of ['projects', 'pets', 'pet_sequences', 'orders', 'order_sequences', 'events']) {
      const rows = await sql.all(`SELECT * FROM ${name}`);
      out.push(`${name}: ${JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
    }
    return out.join('\n');
  } finally {
    await storage.close();
  }
}

describeEachEngine('restore validates what it writes', (engine) => {
  let dir: string;
  let source: FreshDatabase;
  let target: FreshDatabase;
  let good: Buffer;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-validation-'));
    source = await freshDatabase(engine.name, { onDisk: true });
    const h = await harness({ config: { databaseUrl: source.url } });
    try {
      const headers = { ...h.auth, 'content-type': 'application/json' };
      for (const name of ['Rex', 'Tom']) {
        const pet = await h.request({ method: 'POST', url: '/v1/pets', headers, payload: JSON.stringify({ name, categoryId: 1 }) });
        assert.equal(pet.statusCode, 201, pet.body);
      }
      const order = await h.request({ method: 'POST', url: '/v1/store/orders', headers, payload: JSON.stringify({ petId: 1 }) });
      assert.equal(order.statusCode, 201, order.body);
    } finally {
      await h.app.close();
      await h.storage.close();
    }
    const file = join(dir, 'good.backup');
    const r = await runCli(['backup', file, '--json'], source.url);
    assert.equal(r.code, 0, r.stderr);
    good = readFileSync(file);
    target = await freshDatabase(engine.name, { onDisk: true });
    const migrated = await runCli(['migrate'], target.url);
    assert.equal(migrated.code, 0, migrated.stderr);
  });
  after(async () => {
    await source.drop();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A crafted file (checksums recomputed) from the good one: refused with `code` naming `table`, exit 1, the target as it was. */
  async function refused(name: string, edit: (c: BackupContents) => void, code: string, table: string, databaseUrl = target.url) {
    const c = parseBackup(good);
    edit(c);
    const path = join(dir, `${name}.backup`);
    writeFileSync(path, buildBackup(c));
    const beforeRestore = await contents(databaseUrl);
    const r = await runCli(['restore', path, '--json'], databaseUrl);
    assert.equal(r.code, 1, `${name}: ${r.stderr}${r.stdout}`);
    const body = JSON.parse(r.stdout) as { error: { code: string; message: string } };
    assert.equal(body.error.code, code, `${name}: ${body.error.message}`);
    assert.match(body.error.message, new RegExp(`\\b${table}\\b`), `${name}: the message names ${table}`);
    assert.equal(await contents(databaseUrl), beforeRestore, `${name}: the target is unchanged`);
    const plain = await runCli(['restore', path], databaseUrl);
    assert.equal(plain.code, 1);
    assert.equal(plain.stderr.trim().split('\n').length, 1, `${name}: one line, no stack: ${plain.stderr}`);
    assert.match(plain.stderr, new RegExp(`\\(${code}\\)`));
    assert.doesNotMatch(plain.stderr, /SQLITE_|constraint failed|violates|invalid input syntax|\n\s+at /, `${name}: no driver error`);
  }

  test('the good file is accepted as it is (the crafting keeps what it does not change)', async () => {
    const scratch = await freshDatabase(engine.name, { onDisk: true });
    try {
      const path = join(dir, 'rebuilt.backup');
      writeFileSync(path, buildBackup(parseBackup(good)));
      const r = await runCli(['restore', path, '--json'], scratch.url);
      assert.equal(r.code, 0, r.stderr + r.stdout);
    } finally {
      await scratch.drop();
    }
  });

  test('duplicate ids → backup_invalid naming pets', async () => {
    await refused(
      'duplicate',
      (c) => {
        const pets = tableOf(c, 'pets');
        pets.rows.push([...(pets.rows[0] ?? [])]);
      },
      'backup_invalid',
      'pets',
    );
  });

  test('a row referring to a project that is not there → backup_invalid naming pets', async () => {
    await refused(
      'foreign-key',
      (c) => {
        const pets = tableOf(c, 'pets');
        const row = [...(pets.rows[1] ?? [])];
        row[pets.col('project_id')] = 424242n;
        pets.rows.push(row);
      },
      'backup_invalid',
      'pets',
    );
  });

  test('a value a CHECK refuses → backup_invalid naming pets', async () => {
    await refused(
      'check',
      (c) => {
        const pets = tableOf(c, 'pets');
        (pets.rows[0] ?? [])[pets.col('status')] = 'eaten';
      },
      'backup_invalid',
      'pets',
    );
  });

  test('text in an INTEGER column → backup_invalid naming orders', async () => {
    await refused(
      'text-in-integer',
      (c) => {
        const orders = tableOf(c, 'orders');
        (orders.rows[0] ?? [])[orders.col('quantity')] = 'three';
      },
      'backup_invalid',
      'orders',
    );
  });

  test('an order for a pet its project does not have → backup_invalid naming orders', async () => {
    await refused(
      'orphan-order',
      (c) => {
        const orders = tableOf(c, 'orders');
        (orders.rows[0] ?? [])[orders.col('pet_id')] = 99n;
      },
      'backup_invalid',
      'orders',
    );
  });

  test("a project's pet counter behind its pets' ids → backup_invalid naming pet_sequences", async () => {
    await refused(
      'counter-behind',
      (c) => {
        const seq = tableOf(c, 'pet_sequences');
        for (const row of seq.rows) row[seq.col('last_id')] = 1n;
      },
      'backup_invalid',
      'pet_sequences',
    );
  });

  test('the events sequence near 2^63−1 → backup_invalid naming events', async () => {
    await refused(
      'events-sequence',
      (c) => {
        c.sequences = [...c.sequences.filter((s) => s.table !== 'events'), { table: 'events', value: '9223372036854775806' }];
      },
      'backup_invalid',
      'events',
    );
  });

  test('a target whose only row is a project other than `default` → database_not_empty', async () => {
    const other = await freshDatabase(engine.name, { onDisk: true });
    try {
      assert.equal((await runCli(['migrate'], other.url)).code, 0);
      const storage = await openAppStorage({ databaseUrl: other.url, databasePoolSize: 1 }, { migrate: false });
      try {
        await sqlFor(storage.database).run("UPDATE projects SET slug = 'made-by-hand' WHERE slug = 'default'", []);
      } finally {
        await storage.close();
      }
      await refused('good-into-hand-made', () => undefined, 'database_not_empty', 'projects', other.url);
    } finally {
      await other.drop();
    }
  });
});
