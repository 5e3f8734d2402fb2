#!/usr/bin/env node
// Measures `petstore backup` and `petstore restore` (time and peak RSS) on a database of
// 1,000,000 pets and 200 MB of deploy files: SQLite backup → PostgreSQL restore → PostgreSQL
// backup → SQLite restore. Needs `npm run build`, /usr/bin/time and PostgreSQL:
//   PETSTORE_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test node scripts/measure-backup.mjs
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const { openAppStorage } = await import(join(root, 'dist/features.js'));
const PETS = Number(process.env.PETS ?? 1_000_000);
const FILES = Number(process.env.FILES ?? 200);
const FILE_BYTES = 1024 * 1024;
const server = process.env.PETSTORE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const dir = mkdtempSync(join(tmpdir(), 'petstore-measure-'));
const source = `sqlite:${join(dir, 'source.db')}`;
const storage = await openAppStorage({ databaseUrl: source });
const db = storage.database.sqlite;
const now = Date.now();
db.transaction(() => {
  const project = Number(
    db.prepare(`INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES ('big', 'pro', 300, 10000, ?)`).run(now)
      .lastInsertRowid,
  );
  const pet = db.prepare(`INSERT INTO pets (project_id, id, name, category_id, status, created_at) VALUES (?, ?, ?, ?, 'available', ?)`);
  for (let i = 1; i <= PETS; i++) pet.run(project, i, `pet number ${i}`, i % 1000, now + i);
  db.prepare('INSERT INTO pet_sequences (project_id, last_id) VALUES (?, ?)').run(project, PETS);
  const deploy = Number(
    db
      .prepare(`INSERT INTO deploys (project_id, status, file_count, total_bytes, created_at) VALUES (?, 'ready', ?, ?, ?)`)
      .run(project, FILES, FILES * FILE_BYTES, now).lastInsertRowid,
  );
  const blob = db.prepare('INSERT INTO deploy_blobs (hash, size, bytes, seen_at) VALUES (?, ?, ?, ?)');
  const file = db.prepare(
    `INSERT INTO deploy_files (deploy_id, path, hash, size, media_type) VALUES (?, ?, ?, ?, 'application/octet-stream')`,
  );
  for (let i = 0; i < FILES; i++) {
    const bytes = randomBytes(FILE_BYTES);
    const hash = createHash('sha256').update(bytes).digest('hex');
    blob.run(hash, FILE_BYTES, bytes, now);
    file.run(deploy, `files/${i}.bin`, hash, FILE_BYTES);
  }
})();
await storage.close();

const pgName = `petstore_measure_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${pgName}`);
const pgUrl = Object.assign(new URL(server), { pathname: `/${pgName}` }).toString();

const results = [];

/** Runs bin/petstore under /usr/bin/time: seconds and peak RSS. */
function timed(label, args, databaseUrl) {
  const res = execFileSync(
    'sh',
    ['-c', `/usr/bin/time -f 'TIME %e %M %x' "$0" "$@" 2>&1 >/dev/null | tail -1`, process.execPath, join(root, 'bin/petstore'), ...args],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  const m = /TIME ([\d.]+) (\d+) (\d+)/.exec(res);
  if (!m || m[3] !== '0') throw new Error(`${label} failed: ${res}`);
  const row = { step: label, seconds: Number(m[1]), peakRssMB: Math.round(Number(m[2]) / 1024) };
  results.push(row);
  console.log(JSON.stringify(row));
}

try {
  const a = join(dir, 'a.backup');
  const b = join(dir, 'b.backup');
  timed('backup SQLite', ['backup', a], source);
  console.log(`backup size ${(statSync(a).size / 1e6).toFixed(0)} MB`);
  timed('restore into PostgreSQL', ['restore', a], pgUrl);
  timed('backup PostgreSQL', ['backup', b], pgUrl);
  timed('restore into SQLite', ['restore', b], `sqlite:${join(dir, 'restored.db')}`);
  console.table(results);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
