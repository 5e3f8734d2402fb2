import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { FRAME_OVERHEAD, MAGIC, frameBytes, jsonPayload, type BackupHeader } from '../../src/backup/file/format.js';
import { openAppStorage } from '../../src/features.js';
import { sqlFor } from '../../src/storage/sql.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { cliJson, createUnlimitedKey, runCli } from '../helpers/processes.js';

/** Every table's rows, as text: what "unchanged" is compared on. */
async function contents(databaseUrl: string): Promise<string> {
  const storage = await openAppStorage({ databaseUrl, databasePoolSize: 1 }, { migrate: false });
  try {
    const sql = sqlFor(storage.database);
    const tables =
      storage.engine === 'sqlite'
        ? await sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        : await sql.all<{ name: string }>(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
          );
    const out: string[] = [];
    for (const { name } of tables) {
      const rows = await sql.all(`SELECT * FROM ${name}`);
      out.push(`${name}: ${JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
    }
    return out.sort().join('\n');
  } finally {
    await storage.close();
  }
}

/** The frames of a backup file: [offset, kind, payload length]. */
function frames(bytes: Buffer): { at: number; kind: string; length: number }[] {
  const out: { at: number; kind: string; length: number }[] = [];
  let at = MAGIC.length;
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at + 1);
    out.push({ at, kind: bytes.toString('ascii', at, at + 1), length });
    at += FRAME_OVERHEAD + length;
  }
  return out;
}

describeEachEngine('restore refusals', (engine) => {
  let dir: string;
  let source: FreshDatabase;
  let file: string;
  let target: FreshDatabase;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-refusals-'));
    source = await freshDatabase(engine.name, { onDisk: true });
    await createUnlimitedKey(source.url, 'refused');
    file = join(dir, 'good.backup');
    await cliJson(['backup', file, '--json'], source.url);
    target = await freshDatabase(engine.name, { onDisk: true });
    const migrated = await runCli(['migrate'], target.url);
    assert.equal(migrated.code, 0, migrated.stderr);
  });
  after(async () => {
    await source.drop();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Restores `bytes` into the target: refused with `code`, exit 1, the target as it was. */
  async function refused(name: string, bytes: Buffer, code: string, databaseUrl = target.url): Promise<void> {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    const beforeRestore = await contents(databaseUrl);
    const r = await runCli(['restore', path, '--json'], databaseUrl);
    assert.equal(r.code, 1, `${name}: ${r.stderr}`);
    const body = JSON.parse(r.stdout) as { error: { code: string; message: string } };
    assert.equal(body.error.code, code, `${name}: ${body.error.message}`);
    assert.equal(await contents(databaseUrl), beforeRestore, `${name}: the target is unchanged`);
    const plain = await runCli(['restore', path], databaseUrl);
    assert.equal(plain.code, 1);
    assert.match(plain.stderr, new RegExp(`\\(${code}\\)`));
  }

  test('one damaged byte anywhere (header, rows, trailer, the marker) → backup_corrupt, nothing written', async () => {
    const good = readFileSync(file);
    const list = frames(good);
    const rows = list.find((f) => f.kind === 'R');
    assert.ok(rows, 'the backup has rows');
    const places = [3, (list[0]?.at ?? 0) + 10, rows.at + 9, good.length - 40, good.length - 1];
    for (const [i, at] of places.entries()) {
      const damaged = Buffer.from(good);
      damaged[at] = (damaged[at] ?? 0) ^ 0x20;
      await refused(`damaged-${String(i)}.backup`, damaged, 'backup_corrupt');
    }
  });

  test('a truncated file (at any length) → backup_corrupt, nothing written', async () => {
    const good = readFileSync(file);
    for (const length of [0, 10, Math.floor(good.length / 2), good.length - 1]) {
      await refused(`truncated-${String(length)}.backup`, good.subarray(0, length), 'backup_corrupt');
    }
  });

  test('a backup from a newer schema → backup_too_new, nothing written', async () => {
    const good = readFileSync(file);
    const [first] = frames(good);
    assert.ok(first);
    const header = JSON.parse(good.toString('utf8', first.at + 5, first.at + 5 + first.length)) as BackupHeader;
    const newer: BackupHeader = {
      ...header,
      schemaVersion: header.schemaVersion + 1,
      migrations: [...header.migrations, { feature: 'pets', version: 99 }],
    };
    // A well-formed file (every checksum right) whose header names a migration this release does not have.
    const rest = good.subarray(first.at + FRAME_OVERHEAD + first.length);
    const rebuilt = Buffer.concat([MAGIC, frameBytes('H', jsonPayload(newer))]);
    const { createHash } = await import('node:crypto');
    const body = Buffer.concat([rebuilt, rest]);
    const list = frames(body);
    const trailer = list[list.length - 1];
    assert.ok(trailer && trailer.kind === 'Z');
    const before = body.subarray(0, trailer.at);
    const old = JSON.parse(body.toString('utf8', trailer.at + 5, trailer.at + 5 + trailer.length)) as { tables: unknown };
    const sha256 = createHash('sha256').update(before).digest('hex');
    await refused('newer.backup', Buffer.concat([before, frameBytes('Z', jsonPayload({ tables: old.tables, sha256 }))]), 'backup_too_new');
  });

  test('a target that holds data → database_not_empty, nothing written', async () => {
    await refused('good.backup', readFileSync(file), 'database_not_empty', source.url);
  });

  test('the good file restores into the migrated target, then a second restore is refused', async () => {
    const first = await runCli(['restore', file, '--json'], target.url);
    assert.equal(first.code, 0, first.stderr + first.stdout);
    await refused('again.backup', readFileSync(file), 'database_not_empty');
  });
});
