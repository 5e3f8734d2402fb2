import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { readBackup } from '../../src/backup/file/reader.js';
import { createUnlimitedKey, startServer, type RunningServer } from '../helpers/processes.js';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { freePort, redisServerAvailable, startRedisServer, stopRedisServer } from '../helpers/redis-server.js';

const pgAvailable = privatePostgresAvailable();
const redisAvailable = redisServerAvailable();
const skip = pgAvailable !== true ? pgAvailable : redisAvailable !== true ? redisAvailable : undefined;

/** Longer than any answer may take: a write while Redis is away waits 5 s; past this a request hung. */
const CLIENT_TIMEOUT_MS = 15_000;
/** Both instances serve again (healthz and a write) within this of a fault's start. */
const RECOVERY_MS = 15_000;
/** Answers a request may get while faults come and go: success, or 503 for one a fault interrupted. */
const EXPECTED = new Set([200, 201, 503]);

type FaultKind =
  | 'postgres restart -m fast'
  | 'postgres restart -m immediate'
  | 'kill -9 of the postmaster'
  | "pg_terminate_backend of the service's connections"
  | 'postgres restart during a scheduled backup'
  | 'redis restart without its data'
  | 'redis restart with its data';

const FAULTS: readonly FaultKind[] = [
  'postgres restart -m fast',
  "pg_terminate_backend of the service's connections",
  'redis restart without its data',
  'postgres restart -m immediate',
  'kill -9 of the postmaster',
  'postgres restart during a scheduled backup',
  "pg_terminate_backend of the service's connections",
  'redis restart with its data',
  'postgres restart -m fast',
  'postgres restart -m immediate',
  'kill -9 of the postmaster',
  "pg_terminate_backend of the service's connections",
  'redis restart without its data',
  'postgres restart during a scheduled backup',
  'postgres restart -m fast',
  'postgres restart -m immediate',
  'redis restart with its data',
  'kill -9 of the postmaster',
  "pg_terminate_backend of the service's connections",
  'postgres restart -m fast',
];

interface Outcome {
  op: string;
  status: number | string;
  ms: number;
}

/**
 * The scale-out path under its own services' faults: two instances of the built server (`bin/petstore serve`) on a
 * PostgreSQL cluster and a redis-server of the test's own, with keyed and unkeyed writes, orders and reads on both
 * and scheduled backups running, through PostgreSQL restarts (fast and immediate), kill -9 of the postmaster,
 * pg_terminate_backend of the service's connections, restarts during a scheduled backup, and Redis restarts with
 * and without its data. No instance dies; both serve again within 15 s of each fault; every 201 is in the database
 * afterwards; nothing but 503 answers a request a fault interrupted (no other status, no hang, no reset).
 */
describe('faults of PostgreSQL and Redis under load, two instances', { skip }, () => {
  let postgres: PrivatePostgres;
  let redis: ChildProcess;
  let redisPort: number;
  const redisDir = mkdtempSync(join(tmpdir(), 'petstore-faults-redis-'));
  const backupDir = mkdtempSync(join(tmpdir(), 'petstore-faults-backups-'));
  let a: RunningServer;
  let b: RunningServer;
  let auth: { authorization: string };

  before(async () => {
    if (skip !== undefined) return;
    postgres = await startPrivatePostgres();
    await postgres.query('CREATE DATABASE petstore');
    redisPort = await freePort();
    redis = await startRedisServer(redisPort, { dir: redisDir });
    const env = {
      DATABASE_URL: postgres.url('petstore'),
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: `redis://127.0.0.1:${String(redisPort)}`,
      BACKUP_DIR: backupDir,
      // A backup every 3.6 s: one is under way, or soon, whenever a fault comes.
      BACKUP_INTERVAL_HOURS: '0.001',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    auth = { authorization: `Bearer ${await createUnlimitedKey(env.DATABASE_URL, 'faults')}` };
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (redis) await stopRedisServer(redis);
    await postgres?.stop();
    rmSync(redisDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  test(`${String(FAULTS.length)} faults: no instance dies, both serve again within 15 s, every 201 is stored, only 503 otherwise`, async (t) => {
    const outcomes: Outcome[] = [];
    const servers = [a, b];
    let turn = 0;
    const next = () => servers[turn++ % 2] as RunningServer;

    /** One request; its outcome is recorded (a status, or `timeout`, or the network error's code). */
    const send = async (server: RunningServer, op: string, method: string, path: string, body?: unknown, key?: string) => {
      const started = Date.now();
      const headers: Record<string, string> = { ...auth };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (key !== undefined) headers['idempotency-key'] = key;
      let status: number | string;
      let text = '';
      try {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        text = await res.text();
        status = res.status;
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        status = e.name === 'TimeoutError' ? 'timeout' : `network error ${e.cause?.code ?? e.message}`;
      }
      outcomes.push({ op, status, ms: Date.now() - started });
      return { status, text };
    };

    const pets = new Set<number>();
    /** Orders answered 201, with the statuses they may have now: the last acknowledged, or the one a 503 left unknown. */
    const orders = new Map<number, string[]>();
    let running = true;

    const keyedCreator = async (loop: number) => {
      for (let n = 0; running; n++) {
        const key = `pet-${String(loop)}-${String(n)}`;
        // Retried with the same key after a 503, as a client that wants exactly one pet does.
        for (let attempt = 0; attempt < 6 && running; attempt++) {
          const res = await send(next(), 'createPet (keyed)', 'POST', '/v1/pets', { name: key, categoryId: loop }, key);
          if (res.status === 201) pets.add((JSON.parse(res.text) as { id: number }).id);
          if (res.status !== 503) break;
          await sleep(100);
        }
        await sleep(10);
      }
    };
    const unkeyedCreator = async () => {
      for (let n = 0; running; n++) {
        const res = await send(next(), 'createPet', 'POST', '/v1/pets', { name: `plain-${String(n)}`, categoryId: 7 });
        if (res.status === 201) pets.add((JSON.parse(res.text) as { id: number }).id);
        await sleep(10);
      }
    };
    const orderFlow = async () => {
      for (let n = 0; running; n++) {
        const pet = await send(next(), 'createPet', 'POST', '/v1/pets', { name: `ordered-${String(n)}`, categoryId: 8 });
        if (pet.status !== 201) continue;
        const petId = (JSON.parse(pet.text) as { id: number }).id;
        pets.add(petId);
        let orderId: number | null = null;
        for (let attempt = 0; attempt < 6 && running && orderId === null; attempt++) {
          const res = await send(next(), 'placeOrder (keyed)', 'POST', '/v1/store/orders', { petId }, `order-${String(n)}`);
          if (res.status === 201) orderId = (JSON.parse(res.text) as { id: number }).id;
          else if (res.status !== 503) break;
          else await sleep(100);
        }
        if (orderId === null) continue;
        orders.set(orderId, ['placed']);
        const moves: [string, string, unknown, string][] =
          n % 3 === 0
            ? [['cancelOrder', 'DELETE', undefined, 'cancelled']]
            : [
                ['updateOrder', 'PATCH', { status: 'approved' }, 'approved'],
                ['updateOrder', 'PATCH', { status: 'delivered' }, 'delivered'],
              ];
        for (const [op, method, body, status] of moves) {
          // A transition answered 503 may have been made or not: the order stops there.
          const res = await send(next(), op, method, `/v1/store/orders/${String(orderId)}`, body);
          const acknowledged = (orders.get(orderId) ?? []).slice(0, 1);
          orders.set(orderId, res.status === 200 ? [status] : [...acknowledged, status]);
          if (res.status !== 200) break;
        }
      }
    };
    const reader = async () => {
      while (running) {
        await send(next(), 'listPets', 'GET', '/v1/pets?limit=20');
        const ids = [...pets];
        if (ids.length > 0) await send(next(), 'getPet', 'GET', `/v1/pets/${String(ids[Math.floor(Math.random() * ids.length)])}`);
        await sleep(10);
      }
    };
    const load = [keyedCreator(1), keyedCreator(2), unkeyedCreator(), orderFlow(), reader(), reader()];

    /** Both instances answer /healthz and a write again: the time since `start`. */
    const deathOf = (server: RunningServer) => server.otherOutput.slice(0, 10).join('\n');
    const recovered = async (start: number): Promise<number> => {
      await Promise.all(
        servers.map(async (server) => {
          for (;;) {
            assert.equal(server.proc.exitCode, null, `${server.url} is running:\n${deathOf(server)}`);
            assert.ok(Date.now() - start < RECOVERY_MS, `${server.url} does not serve again within ${String(RECOVERY_MS)} ms`);
            const healthy = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
              (r) => r.status === 200,
              () => false,
            );
            if (healthy) {
              const res = await send(server, 'createPet (recovery probe)', 'POST', '/v1/pets', { name: 'probe', categoryId: 9 });
              if (res.status === 201) {
                pets.add((JSON.parse(res.text) as { id: number }).id);
                return;
              }
            }
            await sleep(100);
          }
        }),
      );
      return Date.now() - start;
    };

    const backupFailures = () => [...a.logs, ...b.logs].filter((l) => String(l.msg).startsWith('scheduled backup failed')).length;
    const restartRedis = async (keepData: boolean) => {
      await stopRedisServer(redis);
      if (!keepData) for (const file of readdirSync(redisDir)) rmSync(join(redisDir, file), { recursive: true, force: true });
      await sleep(300);
      redis = await startRedisServer(redisPort, { dir: redisDir });
    };
    /** Holds the audit table, which only backups read under this load, until a scheduled backup waits for it; then restarts. */
    const restartDuringBackup = async () => {
      const failuresBefore = backupFailures();
      const lock = new pg.Client({ connectionString: postgres.url('petstore'), application_name: 'test-lock' });
      lock.on('error', () => undefined);
      await lock.connect();
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE audit_log IN ACCESS EXCLUSIVE MODE');
      for (let i = 0; ; i++) {
        const waiting = await postgres.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'petstore-backup' AND wait_event_type = 'Lock'",
          [],
          'petstore',
        );
        if ((waiting[0]?.n ?? 0) > 0) break;
        assert.ok(i < 200, 'no scheduled backup came to the audit table within 20 s');
        await sleep(100);
      }
      await postgres.restart('fast');
      await lock.end().catch(() => undefined);
      for (let i = 0; backupFailures() === failuresBefore; i++) {
        assert.ok(i < 100, 'the interrupted backup is logged as failed');
        await sleep(100);
      }
    };
    const inject: Record<FaultKind, () => Promise<unknown>> = {
      'postgres restart -m fast': () => postgres.restart('fast'),
      'postgres restart -m immediate': () => postgres.restart('immediate'),
      'kill -9 of the postmaster': () => postgres.killAndStart(),
      "pg_terminate_backend of the service's connections": async () =>
        assert.ok((await postgres.terminate('petstore')) > 0, 'connections were terminated'),
      'postgres restart during a scheduled backup': restartDuringBackup,
      'redis restart without its data': () => restartRedis(false),
      'redis restart with its data': () => restartRedis(true),
    };

    const recoveries: { kind: FaultKind; ms: number }[] = [];
    let lastBackupFault = 0;
    try {
      await sleep(1_000);
      for (const kind of FAULTS) {
        const start = Date.now();
        await inject[kind]();
        if (kind === 'postgres restart during a scheduled backup') lastBackupFault = start;
        for (const server of servers)
          assert.equal(server.proc.exitCode, null, `${server.url} is running after ${kind}:\n${deathOf(server)}`);
        recoveries.push({ kind, ms: await recovered(start) });
        await sleep(700);
      }
      // A backup written after the last one a fault interrupted: the schedule retried.
      for (let i = 0; !readdirSync(backupDir).some((f) => backupTime(f) > lastBackupFault); i++) {
        assert.ok(i < 150, 'a scheduled backup is written again after the faults');
        await sleep(100);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }

    // No instance died, and both serve.
    for (const server of servers) {
      assert.equal(server.proc.exitCode, null, `${server.url} is running; its output:\n${server.otherOutput.join('\n')}`);
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    }
    // Every request answered 201 is in the database, and every order is in a status its answers allow.
    const projectId = (await postgres.query<{ id: number }>("SELECT id::int AS id FROM projects WHERE slug = 'faults'", [], 'petstore'))[0]
      ?.id;
    const stored = new Set(
      (
        await postgres.query<{ id: number }>(
          'SELECT id::int AS id FROM pets WHERE project_id = $1 AND id = ANY($2::bigint[])',
          [projectId, [...pets]],
          'petstore',
        )
      ).map((r) => r.id),
    );
    assert.deepEqual(
      [...pets].filter((id) => !stored.has(id)),
      [],
      'pets answered 201 and missing',
    );
    const orderRows = await postgres.query<{ id: number; status: string }>(
      'SELECT id::int AS id, status FROM orders WHERE project_id = $1 AND id = ANY($2::bigint[])',
      [projectId, [...orders.keys()]],
      'petstore',
    );
    assert.equal(orderRows.length, orders.size, 'orders answered 201 are stored');
    for (const row of orderRows) assert.ok(orders.get(row.id)?.includes(row.status), `order ${String(row.id)} is ${row.status}`);

    // Backups: none left half-written, every finished one whole.
    await Promise.all([a.stop(), b.stop()]);
    const files = readdirSync(backupDir);
    assert.deepEqual(
      files.filter((f) => !/^petstore-.*\.backup$/.test(f)),
      [],
      'nothing but finished backups',
    );
    for (const file of files) await readBackup(join(backupDir, file));

    // Nothing but 200, 201 and 503: no other status, no hang past the client's timeout, no reset.
    const unexpected = outcomes.filter((o) => typeof o.status !== 'number' || !EXPECTED.has(o.status));
    const count = (status: number) => outcomes.filter((o) => o.status === status).length;
    const times = recoveries.map((r) => r.ms).sort((x, y) => x - y);
    const kinds = new Map<FaultKind, number>();
    for (const r of recoveries) kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
    t.diagnostic(`faults: ${String(recoveries.length)} (${[...kinds].map(([kind, n]) => `${String(n)} × ${kind}`).join(', ')})`);
    t.diagnostic(
      `requests: ${String(outcomes.length)}: ${String(count(201))} × 201, ${String(count(200))} × 200, ${String(count(503))} × 503, ${String(unexpected.length)} other; ${String(pets.size)} pets and ${String(orders.size)} orders acknowledged, all stored`,
    );
    t.diagnostic(
      `recovery (fault start to both instances serving a write): median ${String(times[Math.floor(times.length / 2)])} ms, max ${String(times.at(-1))} ms; ${recoveries.map((r) => `${r.kind} ${String(r.ms)}`).join('; ')}`,
    );
    t.diagnostic(`backups: ${String(files.length)} finished and whole, ${String(backupFailures())} failed and retried`);
    assert.deepEqual(unexpected.slice(0, 20), [], `${String(unexpected.length)} answers other than 200, 201 or 503`);
  });
});

/** The time a scheduled backup's name carries (milliseconds), 0 for another file. */
function backupTime(file: string): number {
  const m = /^petstore-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.backup$/.exec(file);
  return m ? Date.parse(`${m[1] ?? ''}T${m[2] ?? ''}:${m[3] ?? ''}:${m[4] ?? ''}Z`) : 0;
}
