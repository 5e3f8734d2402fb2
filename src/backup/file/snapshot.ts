import { Socket } from 'node:net';
import type pg from 'pg';
import { sqlitePath, type SqliteDb } from '../../storage/sqlite/database.js';
import { MIGRATIONS_TABLE } from '../../storage/migrations.js';
import { Micros, type SequenceValue, type Value } from './format.js';
import { ident, postgresSchema, sqliteSchema, type Schema, type TableShape } from './schema.js';

/** Rows handed over at a time, fewer when they are large: the memory a backup holds besides the largest single value. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

const rowBytes = (row: Value[]) =>
  row.reduce<number>((n, v) => n + (Buffer.isBuffer(v) ? v.length : typeof v === 'string' ? v.length : 8), 0);

/**
 * One consistent view of a whole database, read on a connection of its own
 * (the server's connections keep serving meanwhile): SQLite, one read
 * transaction on a read-only connection (WAL lets writers go on); PostgreSQL,
 * one REPEATABLE READ READ ONLY transaction, read through a cursor.
 */
export interface Snapshot {
  engine: 'sqlite' | 'postgres';
  schema: Schema;
  migrations: { feature: string; version: number }[];
  rows(table: TableShape): AsyncIterable<Value[][]>;
  /** The rows of these tables together, counted in the snapshot, for a progress estimate. */
  estimateRows(tables: readonly TableShape[]): Promise<number>;
  sequences(tables: readonly TableShape[]): Promise<SequenceValue[]>;
  /** Why the connection was lost between statements (PostgreSQL: what the server said), or null. */
  connectionError(): Error | null;
  close(): Promise<void>;
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

async function sqliteSnapshot(databaseUrl: string): Promise<Snapshot> {
  const path = sqlitePath(databaseUrl);
  if (path === ':memory:') throw new Error('a backup needs a database file, not sqlite::memory:');
  const { default: Database } = await import('better-sqlite3');
  const db: SqliteDb = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN');
    // The snapshot starts with the transaction's first read.
    const migrations = db
      .prepare(`SELECT feature, version FROM ${MIGRATIONS_TABLE} ORDER BY rowid`)
      .all()
      .map((r) => {
        const { feature, version } = r as { feature: string; version: number };
        return { feature, version: Number(version) };
      });
    const schema = sqliteSchema(db);
    return {
      engine: 'sqlite',
      schema,
      migrations,
      async *rows(table) {
        const statement = db
          .prepare(`SELECT ${table.columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(table.name)}`)
          .raw(true)
          .safeIntegers(true);
        let batch: Value[][] = [];
        let bytes = 0;
        for (const row of statement.iterate() as IterableIterator<Value[]>) {
          batch.push(row);
          bytes += rowBytes(row);
          if (batch.length === BATCH_ROWS || bytes >= BATCH_BYTES) {
            yield batch;
            batch = [];
            bytes = 0;
            // Lets a server that runs a scheduled backup answer between batches.
            await pause();
          }
        }
        if (batch.length > 0) yield batch;
      },
      estimateRows: async (tables) =>
        tables.reduce((n, t) => n + Number((db.prepare(`SELECT COUNT(*) AS n FROM ${ident(t.name)}`).get() as { n: number }).n), 0),
      sequences: async () =>
        (db.prepare('SELECT name, seq FROM sqlite_sequence').safeIntegers(true).all() as { name: string; seq: bigint }[]).map((r) => ({
          table: r.name,
          value: String(r.seq),
        })),
      connectionError: () => null,
      close: async () => {
        db.exec('COMMIT');
        db.close();
      },
    };
  } catch (err) {
    db.close();
    throw err;
  }
}

const INT8_OID = 20;

/**
 * How long a backup's or restore's PostgreSQL connection may wait for an answer: to connect, and for each
 * statement (a cursor's batch, a table's count, a batch of inserts). Far past what a working database takes,
 * so only a database or network that went silent ends one; without it a scheduled backup would wait, its lease
 * renewed, forever, and no instance would back up again.
 */
export const SILENCE_MS = 10 * 60_000;
/** How long closing waits for the database to say goodbye before the connection is dropped. */
const CLOSE_MS = 5000;

const sockets = new WeakMap<pg.Client, Socket>();
/** The error a connection reported between statements (the next statement only says it is "not queryable"). */
const lost = new WeakMap<pg.Client, Error>();

/** Why `client`'s connection was lost between statements, or null. */
export const connectionErrorOf = (client: pg.Client): Error | null => lost.get(client) ?? null;

/**
 * A connection of its own without the pool's time budgets, which protect requests, not a backup or restore:
 * its own bound instead (`silenceMs`, SILENCE_MS unless a test names a shorter one), TCP keepalive on. Close it
 * with `closeClient`.
 */
export async function postgresClient(databaseUrl: string, silenceMs = SILENCE_MS): Promise<pg.Client> {
  const { default: pgModule } = await import('pg');
  let socket: Socket | undefined;
  const client = new pgModule.Client({
    connectionString: databaseUrl,
    application_name: 'petstore-backup',
    connectionTimeoutMillis: silenceMs,
    query_timeout: silenceMs,
    keepAlive: true,
    // The socket kept, so that closing a connection the database no longer answers on cannot wait forever.
    stream: () => (socket = new Socket()),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (value: string) => BigInt(value)
          : pgModule.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
    },
  });
  // A connection that drops between statements (a restart, pg_terminate_backend) emits `error`, which with no
  // listener ends the process; the backup or restore learns of it from the statement that fails, and why from here.
  client.on('error', (err) => lost.set(client, err));
  if (socket) sockets.set(client, socket);
  try {
    await client.connect();
  } catch (err) {
    socket?.destroy();
    throw err;
  }
  return client;
}

/** Ends the connection, dropping it when the database does not answer within CLOSE_MS (a silent network). */
export async function closeClient(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.end().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_MS);
    }),
  ]);
  clearTimeout(timer);
  sockets.get(client)?.destroy();
}

function selectExpression(column: TableShape['columns'][number]): string {
  const c = ident(column.name);
  switch (column.kind) {
    case 'time':
      return `(EXTRACT(EPOCH FROM ${c}) * 1000000)::int8`;
    case 'int':
      return `${c}::int8`;
    case 'real':
      return `${c}::float8`;
    case 'text':
      return `${c}::text`;
    default:
      return c;
  }
}

async function postgresSnapshot(databaseUrl: string, silenceMs?: number): Promise<Snapshot> {
  const client = await postgresClient(databaseUrl, silenceMs);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = (
      await client.query<{ feature: string; version: bigint }>(
        `SELECT feature, version FROM ${MIGRATIONS_TABLE} ORDER BY applied_at, feature, version`,
      )
    ).rows.map((r) => ({ feature: r.feature, version: Number(r.version) }));
    const schema = await postgresSchema(client);
    return {
      engine: 'postgres',
      schema,
      migrations,
      async *rows(table) {
        const times = table.columns.map((c) => c.kind === 'time');
        await client.query(
          `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${table.columns.map(selectExpression).join(', ')} FROM ${ident(table.name)}`,
        );
        // Tables with bytes (deploy files) start one row at a time and fetch as many as fit BATCH_BYTES.
        let count = table.columns.some((c) => c.kind === 'bytes') ? 1 : BATCH_ROWS;
        for (;;) {
          const res = await client.query<Value[]>({ text: `FETCH ${String(count)} FROM backup_rows`, rowMode: 'array' });
          if (res.rows.length === 0) break;
          const average = res.rows.reduce((n, row) => n + rowBytes(row), 0) / res.rows.length;
          count = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_BYTES / Math.max(1, average))));
          for (const row of res.rows)
            for (let i = 0; i < row.length; i++) if (times[i] && row[i] !== null) row[i] = new Micros(row[i] as bigint);
          yield res.rows;
        }
        await client.query('CLOSE backup_rows');
      },
      async estimateRows(tables) {
        // Counted in the snapshot: the planner's statistics are missing on a database never analyzed (one just restored).
        let n = 0;
        for (const t of tables)
          n += Number((await client.query<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${ident(t.name)}`)).rows[0]?.n ?? 0);
        return n;
      },
      async sequences(tables) {
        const out: SequenceValue[] = [];
        for (const t of tables) {
          if (!t.serial) continue;
          const seq = await client.query<{ s: string | null }>('SELECT pg_get_serial_sequence($1, $2) AS s', [ident(t.name), t.serial]);
          const name = seq.rows[0]?.s;
          if (!name) continue;
          // Sequences are outside transactions: this may be a little past the snapshot, never before it.
          const v = await client.query<{ last_value: bigint; is_called: boolean }>(`SELECT last_value, is_called FROM ${name}`);
          const row = v.rows[0];
          if (row) out.push({ table: t.name, value: String(row.is_called ? row.last_value : row.last_value - 1n) });
        }
        return out;
      },
      connectionError: () => connectionErrorOf(client),
      // A read-only transaction: ending the session ends it, with nothing to commit.
      close: () => closeClient(client),
    };
  } catch (err) {
    await closeClient(client);
    throw err;
  }
}

/** `silenceMs`: PostgreSQL's bound on a silent database (SILENCE_MS by default). */
export function openSnapshot(databaseUrl: string, silenceMs?: number): Promise<Snapshot> {
  return databaseUrl.startsWith('sqlite:') ? sqliteSnapshot(databaseUrl) : postgresSnapshot(databaseUrl, silenceMs);
}
