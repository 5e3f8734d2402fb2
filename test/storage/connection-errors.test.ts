import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { postgresClient } from '../../src/backup/file/snapshot.js';
import { watchChanges } from '../../src/domains/serving/changes.js';
import { CHANGES_CHANNEL } from '../../src/domains/repository.js';
import { PgDatabase } from '../../src/storage/postgres/database.js';
import { StorageUnavailableError } from '../../src/storage/unavailable.js';
import { describeEachEngine, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';

/**
 * Every PostgreSQL connection the service opens handles its `error` event where it is created: a connection
 * that drops (a restart's 57P01, pg_terminate_backend, a reset) while checked out, idle, or between statements
 * fails what it was doing, and the process goes on. An `error` event without a listener would end this test
 * process (an uncaught exception): each test waits for the connection's end before it goes on, so the event
 * has been emitted by then.
 */
describeEachEngine(
  'PostgreSQL connections that drop',
  () => {
    let db: FreshDatabase;
    let admin: pg.Client;
    const backendsOf = async (applicationName: string) =>
      (
        await admin.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()',
          [applicationName],
        )
      ).rows.map((r) => r.pid);
    // Not events.once: it listens for `error` itself, which would hide a missing listener.
    const endOf = (client: pg.ClientBase) => new Promise<void>((resolve) => client.once('end', () => resolve()));
    const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);
    /** Until `fn` resolves (the pool's gate lets one probe through every 250 ms after a failure). */
    const eventually = async <T>(fn: () => Promise<T>): Promise<T> => {
      for (let i = 0; ; i++) {
        try {
          return await fn();
        } catch (err) {
          if (i === 40) throw err;
          await sleep(100);
        }
      }
    };

    before(async () => {
      db = await freshPostgresDatabase();
      admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
    });
    after(async () => {
      await admin.end();
      await db.drop();
    });

    test("a pool connection dropped between a transaction's statements: the transaction fails as unavailable, the pool serves again", async () => {
      const database = new PgDatabase(db.url, 2);
      try {
        await assert.rejects(
          database.transaction(async (client) => {
            const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
            const ended = endOf(client);
            await terminate(pid);
            // The server's 57P01 and the closed socket arrive while nothing runs on the connection.
            await ended;
            await client.query('SELECT 1');
          }),
          StorageUnavailableError,
        );
        assert.equal((await eventually(() => database.query<{ n: number }>('SELECT 1 AS n'))).rows[0]?.n, 1);
      } finally {
        await database.end();
      }
    });

    test('a pool connection dropped during a statement, and one dropped while idle: the statement fails as unavailable, the pool serves again', async () => {
      const database = new PgDatabase(db.url, 2);
      try {
        // Only the drop may end the statement: no statement timeout (server) or query timeout (client) for it.
        const running = assert.rejects(
          database.transaction(async (client) => {
            await client.query('SET LOCAL statement_timeout = 0');
            const sleeping: pg.QueryConfig & { query_timeout: number } = { text: 'SELECT pg_sleep(30)', query_timeout: 60_000 };
            return client.query(sleeping);
          }),
          StorageUnavailableError,
        );
        // The backend running the sleep itself: a backend of the previous test, terminated but still listed for a
        // moment, or this pool's connection before its statement arrives, would not end it.
        let pid: number | undefined;
        for (const deadline = Date.now() + 10_000; pid === undefined; await sleep(20)) {
          assert.ok(Date.now() < deadline, 'the sleeping statement never showed in pg_stat_activity');
          pid = (
            await admin.query<{ pid: number }>(
              "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'petstore' AND state = 'active' AND query = 'SELECT pg_sleep(30)' AND pid <> pg_backend_pid()",
            )
          ).rows[0]?.pid;
        }
        await terminate(pid);
        await running;
        await eventually(() => database.query('SELECT 1'));
        // The connection that ran that is back in the pool, idle: dropped there too.
        const idle = await backendsOf('petstore');
        assert.ok(idle.length > 0);
        for (const p of idle) await terminate(p);
        await eventually(() => database.query('SELECT 1'));
      } finally {
        await database.end();
      }
    });

    test("a backup's or restore's connection dropped between statements: the next statement fails, the process goes on", async () => {
      const client = await postgresClient(db.url);
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const [pid] = await backendsOf('petstore-backup');
        assert.ok(pid !== undefined);
        const ended = endOf(client);
        await terminate(pid);
        await ended;
        await assert.rejects(client.query('SELECT 1'), /not queryable|terminat/);
      } finally {
        await client.end().catch(() => undefined);
      }
    });

    test("the custom domains' LISTEN connection dropped: one report, one new connection, and changes are seen again", async () => {
      const database = new PgDatabase(db.url, 1);
      let changes = 0;
      const errors: Error[] = [];
      const watcher = watchChanges(
        { engine: 'postgres', pg: database },
        db.url,
        () => changes++,
        (err) => errors.push(err),
      );
      try {
        await watcher.ready;
        const [pid] = await backendsOf('petstore-domains-listen');
        assert.ok(pid !== undefined);
        const seen = changes;
        await terminate(pid);
        // Opened again within about a second; a change made then is seen.
        const listening = await eventually(async () => {
          const now = await backendsOf('petstore-domains-listen');
          assert.ok(now.length === 1 && now[0] !== pid && changes > seen);
          return now;
        });
        assert.equal(listening.length, 1);
        assert.equal(errors.length, 1, errors.map((e) => e.message).join('; '));
        const before = changes;
        await admin.query(`NOTIFY ${CHANGES_CHANNEL}`);
        await eventually(async () => assert.ok(changes > before));
        // And still one connection, a while later.
        await sleep(1_500);
        assert.equal((await backendsOf('petstore-domains-listen')).length, 1);
      } finally {
        await watcher.close();
        await database.end();
      }
    });
  },
  { only: ['postgres'] },
);
