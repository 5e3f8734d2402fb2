import pg from 'pg';
import { StorageUnavailableError } from '../../http/errors.js';

/**
 * Time budgets that keep a request under 2 s when PostgreSQL is down or silent:
 * waiting for a pooled connection (or opening one) is bounded by CONNECT_TIMEOUT_MS,
 * a query on a connection that stopped answering by QUERY_TIMEOUT_MS. The server
 * cancels a statement a little earlier, so a slow but live connection stays usable.
 */
export const CONNECT_TIMEOUT_MS = 800;
export const QUERY_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 900;

const INT8_OID = 20;

/** Parses int8 as an exact bigint for this pool only; the pg module's global parsers stay untouched. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export function createPool(databaseUrl: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: 5 * QUERY_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'petstore',
  });
  // An idle connection that drops (server restart, network cut) is removed from the
  // pool here; the next checkout opens a new one, so the service recovers by itself.
  pool.on('error', () => undefined);
  return pool;
}

/** SQLSTATE classes and codes meaning "the database cannot serve now", not "this request is wrong". */
const UNAVAILABLE_CLASSES = ['08', '53', '57P', '58'];
const UNAVAILABLE_CODES = new Set(['57014', '55P03', '40001', '40P01', '25006']);
const TRANSPORT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg reports pool, connect and read timeouts and lost connections without a code.
const TRANSPORT_MESSAGES = /timeout|terminated|connection|not queryable|after calling end on the pool/i;

/** True when an error from pg means the database is unreachable, overloaded, restarting or too slow. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof pg.DatabaseError) {
    const code = err.code ?? '';
    return UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.some((c) => code.startsWith(c));
  }
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && TRANSPORT_CODES.has(code)) return true;
  return TRANSPORT_MESSAGES.test(err.message);
}

/** Runs a storage call, turning "database cannot serve now" into StorageUnavailableError. */
export async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw err;
    if (isUnavailable(err)) throw new StorageUnavailableError(err);
    throw err;
  }
}

/**
 * Runs fn inside BEGIN … COMMIT on one pooled connection. A connection that failed
 * in transport is discarded without a ROLLBACK (which would wait for it again);
 * the server rolls back when the connection closes.
 */
export function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return guard(async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (isUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
      else await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
        broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      });
      throw err;
    } finally {
      client.release(broken);
    }
  });
}
