import type pg from 'pg';
import { type TableStart, type Value } from '../file/format.js';
import type { OnRows } from '../progress.js';
import { readBackup, type VerifiedBackup } from '../file/reader.js';
import type { ReleaseFacts } from '../release.js';
import { ident, postgresSchema, SCHEMA_RECORDS, type ColumnKind } from '../file/schema.js';
import { closeClient, postgresClient } from '../file/snapshot.js';
import { invalid } from './refusals.js';
import { checkCounter, highest, match, naming } from './checks.js';
import { checkEmpty, seededRows } from './seeded.js';
import { checkValues, placeholder, toPostgres } from './values.js';

/** Most parameters in one INSERT (PostgreSQL allows 65535). */
const MAX_PARAMS = 30_000;
/** Most bytes of values in one INSERT, so deploy files go a few at a time. */
const MAX_BYTES = 16 * 1024 * 1024;

async function insertPostgres(client: pg.Client, t: TableStart, kinds: ColumnKind[], rows: Value[][]): Promise<void> {
  const columns = t.columns.map(ident).join(', ');
  let batch: unknown[] = [];
  let values: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (values.length === 0) return;
    await client.query(`INSERT INTO ${ident(t.name)} (${columns}) VALUES ${values.join(', ')}`, batch);
    batch = [];
    values = [];
    bytes = 0;
  };
  for (const row of rows) {
    if (batch.length + row.length > MAX_PARAMS) await flush();
    const marks = row.map((v, i) => {
      batch.push(toPostgres(v, kinds[i] ?? 'text'));
      if (Buffer.isBuffer(v)) bytes += v.length;
      return placeholder(batch.length, kinds[i] ?? 'text');
    });
    values.push(`(${marks.join(', ')})`);
    if (bytes >= MAX_BYTES) await flush();
  }
  await flush();
}

export async function restorePostgres(
  databaseUrl: string,
  file: string,
  verified: VerifiedBackup,
  options: ReleaseFacts,
  onRows?: OnRows,
): Promise<void> {
  const seeded = await seededRows(options.migrations);
  const client = await postgresClient(databaseUrl);
  try {
    await client.query('BEGIN');
    const schema = await postgresSchema(client);
    const tables = match(verified.header, schema, options.migrations);
    const candidates = schema.tables.filter((t) => !options.leaveOut.has(t.name));
    // Locked, so nothing lands in them between the check and the commit.
    if (candidates.length > 0) await client.query(`LOCK TABLE ${candidates.map((t) => ident(t.name)).join(', ')} IN EXCLUSIVE MODE`);
    await checkEmpty(
      candidates,
      seeded,
      async (name) => Number((await client.query<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${ident(name)}`)).rows[0]?.n ?? 0),
      async (name, columns) =>
        (await client.query<unknown[]>({ text: `SELECT ${columns.map(ident).join(', ')} FROM ${ident(name)}`, rowMode: 'array' })).rows,
    );
    for (const t of [...candidates].reverse()) if (seeded.has(t.name)) await client.query(`DELETE FROM ${ident(t.name)}`);
    await readBackup(file, {
      rows: (t, rows, at) =>
        naming(t.name, async () => {
          if (SCHEMA_RECORDS.has(t.name)) return onRows?.(t, rows.length, at);
          const kinds = tables.get(t.name)?.kinds ?? [];
          checkValues(t, kinds, rows);
          await insertPostgres(client, t, kinds, rows);
          onRows?.(t, rows.length, at);
        }),
      sequences: async (recorded) => {
        for (const t of schema.tables) {
          if (!t.serial || !tables.has(t.name)) continue;
          const serial = t.serial;
          await naming(t.name, async () => {
            const max =
              (await client.query<{ m: bigint | null }>(`SELECT MAX(${ident(serial)})::int8 AS m FROM ${ident(t.name)}`)).rows[0]?.m ??
              null;
            const value = highest(recorded, t.name, max);
            if (value <= 0n) return;
            checkCounter(t.name, value);
            await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, true)', [ident(t.name), serial, value.toString()]);
          });
        }
      },
    });
    for (const check of options.checks) if ((await client.query(check.sql)).rows.length > 0) throw invalid(check.table, check.breach);
    // Deferred constraints, if a table has any, are checked here.
    await naming('a deferred constraint', () => client.query('COMMIT'));
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await closeClient(client);
  }
}
