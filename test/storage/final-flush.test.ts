import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import pg from 'pg';
import { after, before, test } from 'node:test';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { uniqueSlug } from '../helpers/harness.js';
import { createUnlimitedKey, startServer, type LogLine, type RunningServer } from '../helpers/processes.js';

const CALLS = 50;
/** The tables the last flush writes: the request log, usage, and calls of deprecated operations (with their event). */
const FLUSHED_TABLES = ['request_blocks', 'usage_minutes', 'usage_days', 'usage_key_days', 'usage_deprecated_calls'];

/** Another session that keeps the flushed tables from being written until `release()`. */
interface Lock {
  release(): Promise<void>;
}

async function lockTables(engine: 'sqlite' | 'postgres', url: string): Promise<Lock> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${FLUSHED_TABLES.join(', ')} IN ACCESS EXCLUSIVE MODE`);
    return {
      release: async () => {
        await client.query('ROLLBACK');
        await client.end();
      },
    };
  }
  // SQLite: another connection holding the write lock (the database is busy for every other writer).
  const db = new Database(url.slice('sqlite:'.length));
  db.exec('BEGIN IMMEDIATE');
  return {
    release: async () => {
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

/** What the database holds of the project's calls: request-log entries, usage, deprecated calls and their events. */
async function written(engine: 'sqlite' | 'postgres', url: string, slug: string) {
  const queries = {
    requestLog: `SELECT COALESCE(SUM(b.count), 0) AS n FROM request_blocks b JOIN projects p ON p.id = b.project_id WHERE p.slug = $slug`,
    usage: `SELECT COALESCE(SUM(d.requests), 0) AS n FROM usage_days d JOIN projects p ON p.id = d.project_id WHERE p.slug = $slug`,
    deprecatedCalls: `SELECT COALESCE(SUM(c.requests), 0) AS n FROM usage_deprecated_calls c JOIN projects p ON p.id = c.project_id WHERE p.slug = $slug`,
    events: `SELECT COUNT(*) AS n FROM events e JOIN projects p ON p.id = e.project_id WHERE p.slug = $slug AND e.type = 'api.deprecated_call'`,
  };
  const out: Record<string, number> = {};
  if (engine === 'sqlite') {
    const db = new Database(url.slice('sqlite:'.length), { readonly: true });
    try {
      for (const [name, sql] of Object.entries(queries)) out[name] = Number((db.prepare(sql).get({ slug }) as { n: number }).n);
    } finally {
      db.close();
    }
    return out;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [name, sql] of Object.entries(queries))
      out[name] = Number((await client.query<{ n: string }>(sql.replace('$slug', '$1'), [slug])).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
  return out;
}

async function getPets(server: RunningServer, key: string, petId: string): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: CALLS }, () =>
      fetch(`${server.url}/v1/pets/${petId}`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status),
    ),
  );
  assert.deepEqual(new Set(statuses), new Set([200]));
}

describeEachEngine('the last flush at SIGTERM', (engine) => {
  let db: FreshDatabase;
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
  });
  after(async () => {
    await db.drop();
  });

  /**
   * A project with a key and a pet, the server started, 50 getPet calls, and the tables locked by another session.
   * PostgreSQL: locked before the calls, as the review did. SQLite: once the calls are in the request log (written
   * every 250 ms; usage every 10 s), since a busy SQLite holds the whole process in each write's 5 s wait for the lock.
   */
  async function callsWithTablesLocked() {
    const slug = uniqueSlug('flush');
    const key = await createUnlimitedKey(db.url, slug);
    // No webhook worker: its claims are writes, and one under way when SIGTERM arrives would make SQLite hold the
    // process for its 5 s busy wait before the shutdown even starts (the budget this test times).
    const server = await startServer({ DATABASE_URL: db.url, WEBHOOK_WORKER: 'false' });
    const created = await fetch(`${server.url}/v1/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    const logged = async (n: number) => {
      const deadline = Date.now() + 5000;
      while (((await written(engine.name, db.url, slug)).requestLog ?? 0) < n) {
        assert.ok(Date.now() < deadline, `${String(n)} requests reached the request log`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // The createPet is in the request log before the lock, so what follows counts the getPets alone.
    await logged(1);
    if (engine.name === 'postgres') {
      const lock = await lockTables(engine.name, db.url);
      await getPets(server, key, String(id));
      return { slug, server, lock, loggedBefore: 1 };
    }
    await getPets(server, key, String(id));
    await logged(1 + CALLS);
    return { slug, server, lock: await lockTables(engine.name, db.url), loggedBefore: 1 + CALLS };
  }

  test('the lock released within the shutdown budget: everything is written, exit 0', async () => {
    const { slug, server, lock } = await callsWithTablesLocked();
    let released = false;
    try {
      server.proc.kill('SIGTERM');
      await server.waitForLog((l) => l.msg === 'shutting down: finishing in-flight requests', 10_000);
      // Released once the final flush has been refused at least once (not after a fixed pause, which a busy
      // machine's slower drain can outlast): what follows must be the retry that writes everything.
      await server.waitForLog(
        (l) => l.level === 40 && /^shutdown: the (request log|usage) is not written yet; trying again/.test(l.msg ?? ''),
        6000,
      );
      released = true;
      await lock.release();
      const exit = await server.exited;
      assert.deepEqual(exit, { code: 0, signal: null }, server.logs.map((l) => JSON.stringify(l)).join('\n'));
      assert.ok(!server.logs.some((l) => (l.level as number) >= 50), 'no error');
      const stored = await written(engine.name, db.url, slug);
      assert.deepEqual(stored, { requestLog: 1 + CALLS, usage: 1 + CALLS, deprecatedCalls: CALLS, events: 1 });
    } finally {
      if (!released) await lock.release();
      await server.stop('SIGKILL');
    }
  });

  test('the lock kept past the budget: an error line with what is lost, counted, and exit status 3', async () => {
    const { slug, server, lock, loggedBefore } = await callsWithTablesLocked();
    try {
      const started = Date.now();
      server.proc.kill('SIGTERM');
      const exit = await server.exited;
      const took = Date.now() - started;
      assert.deepEqual(exit, { code: 3, signal: null }, server.logs.map((l) => JSON.stringify(l)).join('\n'));
      assert.ok(took > 7000 && took < 10_000, `tried until shortly before SHUTDOWN_TIMEOUT_MS (10 s): ${String(took)} ms`);
      const error = server.logs.find(
        (l): l is LogLine & { unwritten: unknown } => l.level === 50 && /^shutdown: not written/.test(l.msg ?? ''),
      );
      assert.ok(error, 'an error line');
      const usage = { usage: { requests: 1 + CALLS, deprecatedCalls: CALLS } };
      assert.deepEqual(error.unwritten, loggedBefore === 1 ? { 'request log': { requests: CALLS }, ...usage } : usage);
      assert.match(
        error.msg ?? '',
        new RegExp(
          `^shutdown: not written within SHUTDOWN_TIMEOUT_MS \\(10000 ms\\): usage 51 requests, 50 deprecatedCalls${loggedBefore === 1 ? '; request log 50 requests' : ''} lost \\(and the day's api\\.deprecated_call event`,
        ),
      );
      assert.ok(server.logs.some((l) => l.msg === 'stopped; exit status 3: records were not written'));
    } finally {
      await lock.release();
      await server.stop('SIGKILL');
    }
    assert.deepEqual(await written(engine.name, db.url, slug), { requestLog: loggedBefore, usage: 0, deprecatedCalls: 0, events: 0 });
  });
});
