// The PostgreSQL + Redis side of the bench: a database of its own per scenario (created, seeded, dropped),
// the CPU its backends and Redis use, and the round trips a request makes, counted by transparent proxies.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuSeconds } from './processes.mjs';

const PEER = fileURLToPath(new URL('./peer-server.mjs', import.meta.url));

/** Where the PostgreSQL + Redis scenarios run: BENCH_POSTGRES_URL / BENCH_REDIS_URL, else the test suite's. */
export function scaleOutUrls(env) {
  const postgres = env.BENCH_POSTGRES_URL || env.PETSTORE_TEST_POSTGRES_URL;
  const redis = env.BENCH_REDIS_URL || env.PETSTORE_TEST_REDIS_URL;
  return postgres && redis ? { postgres, redis } : null;
}

export function databaseUrl(adminUrl, name) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const createDatabase = (adminUrl, name) => admin(adminUrl, `CREATE DATABASE "${name}"`);
export const dropDatabase = (adminUrl, name) => admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

const STATUSES = "CASE x % 3 WHEN 0 THEN 'available' WHEN 1 THEN 'pending' ELSE 'sold' END";

/** seed.mjs's seedPets for PostgreSQL: `count` pets in project `slug`, one statement; returns the id range. */
export async function seedPetsPg(url, slug, count, { status } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const project = (await client.query('SELECT id FROM projects WHERE slug = $1', [slug])).rows[0];
    if (!project) throw new Error(`project ${slug} not found`);
    await client.query('BEGIN');
    const last = Number(
      (await client.query('SELECT COALESCE(MAX(id), 0) AS last FROM pets WHERE project_id = $1', [project.id])).rows[0].last,
    );
    await client.query(
      `INSERT INTO pets (project_id, id, name, category_id, status, created_at)
       SELECT $1, $2::bigint + x, 'Pet ' || x, x % 1000 + 1, ${status ? `'${status}'` : STATUSES}, now() FROM generate_series(1, $3::bigint) AS x`,
      [project.id, last, count],
    );
    await client.query(
      `INSERT INTO pet_sequences (project_id, last_id) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET last_id = excluded.last_id`,
      [project.id, last + count],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE pets');
    return { projectId: Number(project.id), firstId: last + 1, lastId: last + count };
  } finally {
    await client.end();
  }
}

/** Starts peer-server.mjs on `url` and `redisUrl`, answering the keys of `keys` ({ key: projectId }). */
export async function startPeer(url, redisUrl, prefix, keys) {
  const child = spawn(process.execPath, [PEER, url, redisUrl, prefix, JSON.stringify(keys)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`peer server exited with code ${String(code)}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { pid: child.pid, base: `http://127.0.0.1:${String(port)}`, stop };
}

/** The pids of PostgreSQL processes whose title names `database` (its backends), plus the shared writers. */
function postgresPids(database) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ')) continue;
    // "postgres: 15/main: <user> <database> <client> <state>", or an auxiliary process's name.
    if (title.includes(` ${database} `) || /: (walwriter|checkpointer|background writer)/.test(title)) pids.push(Number(entry));
  }
  return pids;
}

/** CPU seconds so far of each PostgreSQL process serving `database`. */
export function postgresCpu(database) {
  const cpu = new Map();
  for (const pid of postgresPids(database)) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // it ended
    }
  }
  return cpu;
}

/** CPU seconds PostgreSQL spent for `database` between two postgresCpu snapshots (new backends from zero). */
export function postgresCpuDelta(before, after) {
  let sum = 0;
  for (const [pid, s] of after) sum += s - (before.get(pid) ?? 0);
  return sum;
}

/** The pid of the redis-server at `url` (it must run on this machine for its CPU to be read). */
export async function redisPid(url) {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    const info = await r.info('server');
    return Number(/process_id:(\d+)/.exec(info)?.[1]);
  } finally {
    r.disconnect();
  }
}

/** Deletes every key under `prefix` (the bench's own), with SCAN so that other users of the server are not blocked. */
export async function deleteRedisPrefix(url, prefix) {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await r.connect();
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await r.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

/**
 * Frontend messages of the PostgreSQL protocol, counted as they pass: each Sync ('S') or simple Query ('Q')
 * is one round trip (the client waits for ReadyForQuery). The first message of a connection (startup,
 * or an SSL request) has no type byte.
 */
function countPostgres(counts) {
  let buf = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (!started) {
        if (buf.length < 4) return;
        const len = buf.readInt32BE(0);
        if (buf.length < len) return;
        const code = buf.readInt32BE(4);
        buf = buf.subarray(len);
        // An SSLRequest (80877103) is followed by another startup message.
        if (code !== 80877103) started = true;
        continue;
      }
      if (buf.length < 5) return;
      const len = buf.readInt32BE(1);
      if (buf.length < len + 1) return;
      const type = String.fromCharCode(buf[0]);
      if (type === 'S' || type === 'Q') counts.roundTrips++;
      if (type === 'Q' || type === 'P') counts.statements++;
      buf = buf.subarray(len + 1);
    }
  };
}

/** Redis commands (RESP arrays, as ioredis sends them) counted as they pass; a pipeline is one write. */
function countRedis(counts) {
  let buf = Buffer.alloc(0);
  // Elements left in the current command; a pending bulk's length (-1 when reading a header).
  let left = 0;
  let bulk = -1;
  return (chunk) => {
    counts.writes++;
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (bulk >= 0) {
        if (buf.length < bulk + 2) return;
        buf = buf.subarray(bulk + 2);
        bulk = -1;
        left--;
        continue;
      }
      const eol = buf.indexOf('\r\n');
      if (eol < 0) return;
      const line = buf.subarray(0, eol).toString('latin1');
      buf = buf.subarray(eol + 2);
      if (line[0] === '*' && left === 0) {
        left = Number(line.slice(1));
        counts.commands++;
      } else if (line[0] === '$') bulk = Number(line.slice(1));
      else if (left === 0) counts.commands++; // an inline command
    }
  };
}

/** A TCP proxy to `target` (a postgres: or redis: URL) that counts what clients send through it. */
export function startCountingProxy(target, kind) {
  const u = new URL(target);
  const counts = kind === 'postgres' ? { roundTrips: 0, statements: 0 } : { commands: 0, writes: 0 };
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(Number(u.port || (kind === 'postgres' ? 5432 : 6379)), u.hostname);
    sockets.add(client).add(upstream);
    const count = kind === 'postgres' ? countPostgres(counts) : countRedis(counts);
    client.on('data', (d) => {
      count(d);
      upstream.write(d);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = server.address().port;
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      resolve({
        url: url.toString(),
        counts,
        reset: () => {
          for (const k of Object.keys(counts)) counts[k] = 0;
        },
        close: () =>
          new Promise((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}

/** The PostgreSQL + Redis scenarios, each on a database of its own: what it seeds and which process answers. */
export const SCALE_OUT = [
  { name: 'pgListPets', db: 'list', seed: 'pets' },
  { name: 'pgGetPet', db: 'get', seed: 'pets' },
  { name: 'pgCreatePet', db: 'create', seed: 'few' },
  { name: 'pgPlaceOrder', db: 'order', seed: 'orderPets' },
];

/** The write rates (createPet per second, to the project read) of the scenarios that read while it takes writes. */
export const WRITE_RATES = [1, 10, 100, 500];

/**
 * listPets and getPet while the project takes writes, one scenario per operation and rate (`pgListPetsW100`: 100
 * createPet a second), all on one database, read by two services (held answers on, and `HELD_ANSWERS=false`) and
 * the peer, each written to by its own requests at that rate while it is measured.
 */
export const writingScenarios = (rates) =>
  rates.flatMap((rate) => [
    { name: `pgListPetsW${String(rate)}`, op: 'listPets', rate },
    { name: `pgGetPetW${String(rate)}`, op: 'getPet', rate },
  ]);

/** The database the writing scenarios share, wanted when any of `scenarios` is. */
export const writingDatabase = (scenarios) => ({ name: 'pgWriting', db: 'writing', seed: 'pets', scenarios });

/**
 * Creates each scenario database of `defs` (`<runId>_<db>`), migrates it through the CLI, creates an Enterprise
 * project and a key, and seeds its pets. `cleanups` receives what undoes each step as soon as it is done.
 */
export async function prepareScaleOut({ urls, runId, defs, serviceEnv, counts, petstoreJson, petstoreMigrate, cleanups }) {
  const setups = [];
  for (const def of defs) {
    const database = `${runId}_${def.db}`;
    const prefix = `${runId}:${def.db}`;
    cleanups.push(
      () => dropDatabase(urls.postgres, database),
      () => deleteRedisPrefix(urls.redis, prefix),
    );
    await createDatabase(urls.postgres, database);
    const url = databaseUrl(urls.postgres, database);
    const env = {
      ...serviceEnv,
      DATABASE_URL: url,
      REDIS_URL: urls.redis,
      REDIS_KEY_PREFIX: prefix,
      ...(process.env.BENCH_PG_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_PG_POOL_SIZE } : {}),
    };
    petstoreMigrate(env);
    petstoreJson(['projects', 'create', 'bench', '--plan', 'enterprise', '--per-minute', '1000000000', '--per-day', '1000000000'], env);
    const { key } = petstoreJson(['keys', 'create', '--project', 'bench', '--name', 'bench'], env);
    const count = def.seed === 'pets' ? counts.pets : def.seed === 'orderPets' ? counts.orderPets : 1000;
    const seed = await seedPetsPg(url, 'bench', count, def.seed === 'orderPets' ? { status: 'available' } : {});
    setups.push({ ...def, database, prefix, url, env, key, seed });
  }
  return setups;
}
