import pg from 'pg';
import { tracing } from '../../telemetry/tracing.js';
import { inTrace, StatementSpans } from '../statement-spans.js';
import { StorageUnavailableError } from '../unavailable.js';
import { ConnectionGate } from './gate.js';

/**
 * Time budgets that keep a request under 2 s when PostgreSQL is down or silent:
 * opening a connection is bounded by CONNECT_TIMEOUT_MS, a query on a connection
 * that stopped answering by QUERY_TIMEOUT_MS, and once one operation has found
 * the database unreachable the others fail at once (see ConnectionGate). The
 * server cancels a statement a little earlier, so a slow but live connection stays usable.
 */
export const CONNECT_TIMEOUT_MS = 800;
export const QUERY_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 900;
/** A healthy but busy database: how long an operation may wait for a free connection. */
const WAIT_FOR_CONNECTION_MS = 5000;
const PROBE_INTERVAL_MS = 250;

const INT8_OID = 20;

/** Parses int8 as an exact bigint for this pool only; the pg module's global parsers stay untouched. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** SQLSTATE classes and codes meaning "the database cannot serve now", not "this request is wrong". */
const UNAVAILABLE_CLASSES = ['08', '53', '57P', '58'];
const UNAVAILABLE_CODES = new Set(['57014', '55P03', '40001', '40P01', '25006']);
/** Of those, the ones saying the server is gone or not accepting connections. */
const GONE_CODES = new Set(['57P01', '57P02', '57P03']);
const TRANSPORT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg reports connect and read timeouts and lost connections without a code.
const TRANSPORT_MESSAGES = /timeout|terminated|connection|not queryable|after calling end on the pool/i;

function isTransportError(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof pg.DatabaseError) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && TRANSPORT_CODES.has(code)) || TRANSPORT_MESSAGES.test(err.message);
}

/** True when an error from pg means the database is unreachable, overloaded, restarting or too slow. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof pg.DatabaseError) {
    const code = err.code ?? '';
    return UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.some((c) => code.startsWith(c));
  }
  return isTransportError(err);
}

/** Whether the database answered (even with an error), could not be reached, or neither can be told. */
function reachability(err: unknown): 'unreachable' | 'answered' | 'unknown' {
  if (err instanceof pg.DatabaseError) {
    const code = err.code ?? '';
    return code.startsWith('08') || GONE_CODES.has(code) ? 'unreachable' : 'answered';
  }
  return isTransportError(err) ? 'unreachable' : 'unknown';
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

const statementNames = new Map<string, string>();

/** The name of a prepared statement's text, the same in every pool of the process (a name goes with one text). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) statementNames.set(text, (name = `petstore_${String(statementNames.size + 1)}`));
  return name;
}

/** A PostgreSQL connection pool whose operations fail fast with StorageUnavailableError when it is unreachable. */
export class PgDatabase {
  readonly pool: pg.Pool;
  private readonly gate: ConnectionGate;
  /** Statement spans, when telemetry was on as the pool was made; null leaves every call as it was. */
  private readonly spans: StatementSpans | null;

  constructor(databaseUrl: string, poolSize: number) {
    this.spans = tracing().enabled ? statementSpans(databaseUrl) : null;
    this.pool = new pg.Pool({
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
    this.pool.on('error', () => undefined);
    // pg-pool listens for a connection's `error` only while it is idle: while one is checked out (a
    // transaction between its statements, the migration runner) a drop (57P01 at a restart or
    // pg_terminate_backend, ECONNRESET) would be an `error` event with no listener, which ends the process.
    // This listener stays for the connection's whole life. The failure itself reaches the caller as the
    // query it fails (or, between statements, the next one: "not queryable"), and pg-pool discards a
    // connection that is no longer queryable when it is released.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.gate = new ConnectionGate({ size: poolSize, waitMs: WAIT_FOR_CONNECTION_MS, probeIntervalMs: PROBE_INTERVAL_MS });
  }

  private run<T>(fn: () => Promise<T>): Promise<T> {
    return guard(() => this.gate.run(fn, reachability));
  }

  query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    const t = tracing();
    if (this.spans === null || !inTrace(t)) return this.run(() => this.pool.query<R>(text, values));
    const { name, options } = this.spans.of(text);
    return t.inSpan(name, options, () => this.run(() => this.pool.query<R>(text, values)));
  }

  /**
   * `query` as a named prepared statement: each connection parses and plans it once, then only binds and
   * executes it (a hot statement's parse cost more PostgreSQL CPU than its execution). For statements of
   * fixed text only: each distinct text keeps a name, and a statement, on every connection.
   */
  prepared<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    const name = statementName(text);
    const t = tracing();
    if (this.spans === null || !inTrace(t)) return this.run(() => this.pool.query<R>({ name, text, values }));
    const span = this.spans.of(text);
    return t.inSpan(span.name, span.options, () => this.run(() => this.pool.query<R>({ name, text, values })));
  }

  /**
   * Runs fn inside BEGIN … COMMIT on one connection. A connection that failed in
   * transport is discarded without a ROLLBACK (which would wait for it again);
   * the server rolls back when the connection closes.
   */
  transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.run(async () => {
      const client = await this.pool.connect();
      let broken: Error | undefined;
      if (this.spans !== null) traceClient(client, this.spans);
      try {
        await client.query('BEGIN');
        const result = await fn(client);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        if (isUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
        else {
          await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
            broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
          });
        }
        throw err;
      } finally {
        if (this.spans !== null) untraceClient(client);
        client.release(broken);
      }
    });
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** `db.namespace` (the database's name) and the server's address and port; never the user or password. */
function statementSpans(databaseUrl: string): StatementSpans {
  let url: URL | null = null;
  try {
    url = new URL(databaseUrl);
  } catch {
    // A connection string pg reads but URL does not: the spans go without the server's name.
  }
  return new StatementSpans('postgresql', decodeURIComponent(url?.pathname.slice(1) ?? ''), {
    'server.address': url?.hostname,
    'server.port': url === null ? undefined : Number(url.port || 5432),
  });
}

type Query = (config: string | pg.QueryConfig, values?: unknown) => unknown;

/**
 * A span for each statement a transaction sends on its connection (BEGIN and COMMIT included: each is a round
 * trip, COMMIT the wait for the WAL's flush), child of the span active where it is sent. Set for the time of
 * one transaction, on that connection only: `pool.query` (through `query`, which has its own span) may take it next.
 */
function traceClient(client: pg.PoolClient, spans: StatementSpans): void {
  const query = client.query.bind(client) as Query;
  const traced: Query = (config, values) => {
    const t = tracing();
    const text = typeof config === 'string' ? config : config.text;
    if (!inTrace(t) || typeof values === 'function') return query(config, values);
    const { name, options } = spans.of(text);
    const span = t.startSpan(name, options);
    let sent: unknown;
    try {
      sent = query(config, values);
    } catch (err) {
      span.fail(err);
      span.end();
      throw err;
    }
    if (!(sent instanceof Promise)) {
      span.end();
      return sent;
    }
    return sent.then(
      (result: unknown) => {
        span.end();
        return result;
      },
      (err: unknown) => {
        span.fail(err);
        span.end();
        throw err;
      },
    );
  };
  (client as unknown as { query: Query }).query = traced;
}

function untraceClient(client: pg.PoolClient): void {
  delete (client as unknown as { query?: Query }).query;
}
