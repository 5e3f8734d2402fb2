#!/usr/bin/env node
// `npm run bench`: the service as a user runs it (bin/petstore serve, SQLite file,
// logs as shipped, an Enterprise project) against a bare node:http server answering
// the same 20 pets, both driven by wrk in interleaved rounds on the same machine; and a
// project's site (a 20 KiB index.html from its live deploy) against node:http sending those bytes,
// and over HTTPS on a custom domain against node:https with the same certificate and bytes.
//
// Environment: BENCH_SMOKE=1 (tiny table, 1 s per run, one round: checks the
// harness end to end), BENCH_PETS, BENCH_ORDER_PETS (available pets placeOrder orders, one each), BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS,
// BENCH_SCENARIOS (comma-separated names), BENCH_OUT (results directory),
// BENCH_PROFILE=1 (CPU-profile the service and print its hottest functions).
// The PostgreSQL + Redis scenarios (pg*) run when BENCH_POSTGRES_URL and BENCH_REDIS_URL (else
// PETSTORE_TEST_POSTGRES_URL and PETSTORE_TEST_REDIS_URL) are set: a database of their own each, created
// and dropped by the run, and a Redis key prefix of their own; each is also compared with a hand-written
// peer (peer-server.mjs) in the same rounds. BENCH_COUNT_REQUESTS: the sequential requests of the pass that
// counts their round trips (default 300). BENCH_PG_POOL_SIZE: the services' DATABASE_POOL_SIZE in the pg* scenarios
// (default the service's own, 10), for a sweep. BENCH_WRITE_RATES: the createPet rates (per second, comma-separated;
// default 1,10,100,500) of the scenarios that read while the project takes writes (pgListPetsW<rate>, pgGetPetW<rate>).
// BENCH_BASELINE=<git ref> or BENCH_VARIANTS=<JSON list>: instead, builds or settings compared in the same rounds (ab.mjs),
// on fresh service processes each round unless BENCH_RESTART=0.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { runVariants, variantsFromEnv, writeVariantResults } from './ab.mjs';
import { selfSignedCertificate, seedIssuedDomain } from './custom-domain.mjs';
import { cpuSeconds, memory, petstoreJson, petstoreMigrate, ROOT, startBare, startService, watchRss } from './processes.mjs';
import { summariseProfile } from './profile-summary.mjs';
import { costRatio, cpuDelta, cpuRatio, printScaleOutTable, printTable, printTargets, printWritingTable, summarise } from './report.mjs';
import { seedPets } from './seed.mjs';
import { requestLogCost } from './request-log.mjs';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  postgresCpu,
  postgresCpuDelta,
  prepareScaleOut,
  redisPid,
  SCALE_OUT,
  scaleOutUrls,
  startCountingProxy,
  startPeer,
  WRITE_RATES,
  writingDatabase,
  writingScenarios,
} from './postgres.mjs';
import { startWriter } from './writer.mjs';
import { hasWrk, runWrk, writeMixScript, writeScript, writeSequenceScript, wrkVersion } from './wrk.mjs';

const env = process.env;
const smoke = env.BENCH_SMOKE === '1';
const int = (raw, fallback) => (raw && /^\d+$/.test(raw) ? Number(raw) : fallback);
const settings = {
  smoke,
  pets: int(env.BENCH_PETS, smoke ? 1000 : 1_000_000),
  // Available pets for placeOrder, one per order: enough for the warm-up and every round at a few thousand orders/s.
  orderPets: int(env.BENCH_ORDER_PETS, smoke ? 20_000 : 300_000),
  seconds: int(env.BENCH_SECONDS, smoke ? 1 : 3),
  warmupSeconds: smoke ? 0 : 2,
  rounds: int(env.BENCH_ROUNDS, smoke ? 1 : 5),
  connections: int(env.BENCH_CONNECTIONS, 50),
  // One wrk thread keeps a core for the server: the machine this was built for has two.
  threads: 1,
  profile: env.BENCH_PROFILE === '1',
  // Comparing variants: each round on fresh service processes (BENCH_RESTART=0 keeps the first ones throughout).
  restartEachRound: env.BENCH_RESTART !== '0',
  countRequests: int(env.BENCH_COUNT_REQUESTS, smoke ? 50 : 300),
  writeRates: env.BENCH_WRITE_RATES ? env.BENCH_WRITE_RATES.split(',').map((r) => int(r.trim(), NaN)) : smoke ? [100] : WRITE_RATES,
};
if (!settings.writeRates.every((r) => r > 0))
  throw new Error(`BENCH_WRITE_RATES: whole numbers above 0, not ${String(env.BENCH_WRITE_RATES)}`);
const outDir = env.BENCH_OUT ?? join(ROOT, 'bench-results');
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (msg) => console.log(`[bench ${elapsed()}] ${msg}`);

if (!hasWrk()) {
  console.error(
    'npm run bench needs the wrk load generator, which was not found on PATH.\n' +
      'Install it with: apt-get install -y wrk   (Debian/Ubuntu; other systems: https://github.com/wg/wrk)',
  );
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
const dbFile = join(work, 'petstore.db');
const profileDir = join(outDir, 'profiles');
// The service reads only what a user would set; LOG_LEVEL stays at its shipped default.
// A SECRETS_KEY of the bench's own, so it can sign the deep cursors the service would issue.
const serviceEnv = {
  DATABASE_URL: `sqlite:${dbFile}`,
  LOG_LEVEL: '',
  METRICS_ENABLED: '',
  SECRETS_KEY: randomBytes(24).toString('base64url'),
};
/** The bench project's custom domain: verified, its certificate issued (self-signed), served on HTTPS_PORT. */
const DOMAIN = 'www.bench-shop.test';
const running = [];
/** What undoes the run's outside state (PostgreSQL databases, Redis keys), run at the end whatever happened. */
const cleanups = [];
/** Processes still starting: a run that fails meanwhile waits for them, so that they are stopped too. */
const starting = new Set();
const stopAll = async () => {
  await Promise.allSettled([...starting]);
  await Promise.all(running.splice(0).map((p) => p.stop()));
};
/** A process once it has started, kept in `running` so that it is stopped at the end. */
const kept = async (start) => {
  starting.add(start);
  try {
    const proc = await start;
    running.push(proc);
    return proc;
  } finally {
    starting.delete(start);
  }
};

/**
 * GET with a Host header of its own (fetch does not let a caller set one); over
 * HTTPS to 127.0.0.1 whatever the URL's host, sent as the server name and trusting `ca` only.
 */
function getWithHost(url, host, ca) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const onResponse = (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: new Headers(), text: async () => text }));
    };
    const req =
      u.protocol === 'https:'
        ? httpsGet(
            {
              host: '127.0.0.1',
              port: u.port,
              path: `${u.pathname}${u.search}`,
              servername: u.hostname,
              ca,
              agent: false,
              headers: { host },
            },
            onResponse,
          )
        : httpGet(url, { headers: { host } }, onResponse);
    req.on('error', reject);
  });
}

async function fetchChecked(url, init, expectStatus) {
  const host = init?.headers?.Host ?? (url.startsWith('https:') ? new URL(url).host : undefined);
  const { ca, ...fetchInit } = init ?? {};
  const res = host ? await getWithHost(url, host, ca) : await fetch(url, fetchInit);
  const text = await res.text();
  if (res.status !== expectStatus)
    throw new Error(`${init?.method ?? 'GET'} ${url}: expected ${String(expectStatus)}, got ${String(res.status)} ${text}`);
  return { res, text };
}

/** The V8 heap spaces of a running service, read from its Prometheus metrics. */
async function heapOf(target) {
  try {
    const text = await (await fetch(`${target.base}/metrics`)).text();
    const value = (re) => Number(re.exec(text)?.[1] ?? NaN);
    const space = (name) => value(new RegExp(`^nodejs_heap_space_size_total_bytes\\{space="${name}"\\} (\\S+)`, 'm'));
    return { new: space('new'), old: space('old'), code: space('code'), external: value(/^nodejs_external_memory_bytes (\S+)/m) };
  } catch {
    return null;
  }
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};

/** The delivery worker's state from a service's Prometheus metrics: attempts by outcome, the oldest due delivery's age. */
async function webhookState(target) {
  try {
    const text = await (await fetch(`${target.base}/metrics`)).text();
    const value = (re) => Number(re.exec(text)?.[1] ?? NaN);
    return {
      succeeded: value(/^webhook_deliveries_total\{outcome="succeeded"\} (\S+)/m),
      oldestDueS: value(/^webhook_oldest_due_delivery_age_seconds (\S+)/m),
    };
  } catch {
    return null;
  }
}

/** fetchChecked, retried for a few seconds while the listener may still be starting (HTTPS opens after PORT). */
async function checkedWhenListening(url, init, expectStatus) {
  const until = Date.now() + 5000;
  for (;;) {
    try {
      return await fetchChecked(url, init, expectStatus);
    } catch (err) {
      if (Date.now() > until || !/ECONNREFUSED/.test(String(err?.code ?? err))) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** BENCH_BASELINE / BENCH_VARIANTS: the variants compared scenario by scenario in the same rounds, and nothing else. */
async function compareVariants(variants) {
  const only = env.BENCH_SCENARIOS ? new Set(env.BENCH_SCENARIOS.split(',').map((s) => s.trim())) : null;
  const result = await runVariants({
    variants,
    settings,
    only,
    scaleOut: scaleOutUrls(env),
    work,
    serviceEnv,
    cleanups,
    kept,
    log,
    runId: `petstore_bench_${randomBytes(4).toString('hex')}`,
  });
  const file = writeVariantResults(outDir, started, {
    startedAt: new Date(started).toISOString(),
    durationS: (Date.now() - started) / 1000,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, wrk: wrkVersion() },
    settings,
    ...result,
  });
  console.log(`\nresults: ${file} (also latest-ab.json); whole run ${elapsed()}`);
  if (result.failures.length) {
    console.error(`\nsome requests failed, so these figures do not describe successful requests:\n  ${result.failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

async function main() {
  log(`settings ${JSON.stringify(settings)}; work dir ${work}`);
  const variants = variantsFromEnv(env, log);
  if (variants) return compareVariants(variants);
  petstoreMigrate(serviceEnv);
  petstoreJson(
    ['projects', 'create', 'bench', '--plan', 'enterprise', '--per-minute', '1000000000', '--per-day', '1000000000'],
    serviceEnv,
  );
  const { key } = petstoreJson(['keys', 'create', '--project', 'bench', '--name', 'bench'], serviceEnv);
  // A published site: a 20 KiB index.html, deployed the way a user deploys.
  const siteDir = join(work, 'site');
  mkdirSync(siteDir);
  const line = '<p>Petstore storefront: dogs, cats, birds and fish, all waiting for a home.</p>\n';
  const page = `<!doctype html>\n<title>Bench shop</title>\n${line.repeat(Math.ceil(20480 / line.length))}`.slice(0, 20480);
  writeFileSync(join(siteDir, 'index.html'), page);
  const deployed = petstoreJson(['deploy', 'bench', siteDir], serviceEnv);
  if (deployed.status !== 'ready') throw new Error(`the bench site did not deploy: ${JSON.stringify(deployed)}`);
  // The same site on a custom domain, in the state an issued ACME order leaves it (no CA needed).
  const certificate = selfSignedCertificate(work, DOMAIN);
  await seedIssuedDomain({
    databaseUrl: serviceEnv.DATABASE_URL,
    secretsKey: serviceEnv.SECRETS_KEY,
    slug: 'bench',
    name: DOMAIN,
    certificate,
  });
  // placeOrder orders each pet once: a project of its own, all its pets available.
  petstoreJson(
    ['projects', 'create', 'bench-orders', '--plan', 'enterprise', '--per-minute', '1000000000', '--per-day', '1000000000'],
    serviceEnv,
  );
  const ordersKey = petstoreJson(['keys', 'create', '--project', 'bench-orders', '--name', 'bench'], serviceEnv).key;
  const seedStart = Date.now();
  const seed = seedPets(dbFile, 'bench', settings.pets);
  const orderPets = seedPets(dbFile, 'bench-orders', settings.orderPets, { status: 'available' });
  log(`seeded ${String(settings.pets)} pets (ids ${String(seed.firstId)}..${String(seed.lastId)}) in ${String(Date.now() - seedStart)} ms`);

  const only = env.BENCH_SCENARIOS ? new Set(env.BENCH_SCENARIOS.split(',').map((s) => s.trim())) : null;
  // The project's staging environment with the same pets (copied, ids kept), read with a staging key at /staging/v1.
  let stagingKey = null;
  if (!only || only.has('listPetsStaging')) {
    const copied = petstoreJson(['staging', 'copy-pets', 'bench'], serviceEnv);
    stagingKey = petstoreJson(['keys', 'create', '--project', 'bench', '--name', 'bench', '--env', 'staging'], serviceEnv).key;
    log(`copied ${String(copied.copied)} pets into the staging environment`);
  }
  const nodeArgs = settings.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  if (settings.profile) mkdirSync(profileDir, { recursive: true });
  const logFiles = ['service', 'service-no-metrics', 'service-usage', 'service-no-usage', 'service-https'].map((name) =>
    join(work, `${name}.log`),
  );
  // createPet with one webhook endpoint subscribed to pet.created against none: processes alike, each on a database
  // file of its own (no other process's writes or delivery worker share its write lock), each with its project; a
  // bare node:http server receives the webhooks. The process with the endpoint delivers them itself (WEBHOOK_WORKER
  // as shipped), so each 201 pays for its event, its delivery and the record of the attempt. A third process has the
  // endpoint and WEBHOOK_WORKER=false: what the outbox alone costs (its deliveries stay queued).
  const hookScenarios = ['createPetWebhook', 'createPetNoWebhook', 'createPetOutboxOnly'];
  const hookNames = ['on', 'off', 'outbox'];
  const hookSetups = [];
  if (!only || hookScenarios.some((n) => only.has(n))) {
    const receiverBody = join(work, 'receiver-body.json');
    writeFileSync(receiverBody, '{}');
    const hookReceiver = await kept(startBare(receiverBody));
    for (const [name, subscribed, worker] of [
      ['on', true, true],
      ['off', false, true],
      ['outbox', true, false],
    ]) {
      const hookEnv = {
        ...serviceEnv,
        DATABASE_URL: `sqlite:${join(work, `hooks-${name}.db`)}`,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        ...(worker ? {} : { WEBHOOK_WORKER: 'false' }),
      };
      petstoreMigrate(hookEnv);
      petstoreJson(
        ['projects', 'create', 'bench-hooks', '--plan', 'enterprise', '--per-minute', '1000000000', '--per-day', '1000000000'],
        hookEnv,
      );
      const hookKey = petstoreJson(['keys', 'create', '--project', 'bench-hooks', '--name', 'bench'], hookEnv).key;
      if (subscribed)
        petstoreJson(['webhooks', 'add', 'bench-hooks', `${hookReceiver.base}/hook`, '--events', 'pet.created', '--json'], hookEnv);
      logFiles.push(join(work, `service-hooks-${name}.log`));
      hookSetups.push({ env: hookEnv, logFile: logFiles.at(-1), key: hookKey });
    }
  }

  // PostgreSQL + Redis: a database and a key prefix of their own per scenario, with the service and its peer on them.
  const scaleOut = scaleOutUrls(env);
  const wantedPg = (name) => !only || only.has(name);
  const writing = writingScenarios(settings.writeRates).filter((w) => wantedPg(w.name));
  const pgDefs = [...SCALE_OUT.filter((d) => wantedPg(d.name)), ...(writing.length ? [writingDatabase(writing)] : [])];
  let pgSetups = [];
  if (pgDefs.length) {
    if (!scaleOut && only)
      throw new Error(
        'the pg* scenarios need BENCH_POSTGRES_URL and BENCH_REDIS_URL (or PETSTORE_TEST_POSTGRES_URL and PETSTORE_TEST_REDIS_URL)',
      );
    if (!scaleOut) log('PostgreSQL + Redis scenarios skipped: set BENCH_POSTGRES_URL and BENCH_REDIS_URL');
    else {
      const pgStart = Date.now();
      pgSetups = await prepareScaleOut({
        urls: scaleOut,
        runId: `petstore_bench_${randomBytes(4).toString('hex')}`,
        defs: pgDefs,
        serviceEnv,
        counts: { pets: settings.pets, orderPets: settings.orderPets },
        petstoreJson,
        petstoreMigrate,
        cleanups,
      });
      log(`PostgreSQL databases ${pgSetups.map((p) => p.database).join(', ')} created and seeded in ${String(Date.now() - pgStart)} ms`);
    }
  }
  const redisServerPid = pgSetups.length ? await redisPid(scaleOut.redis) : null;
  const pgProcs = await Promise.all(
    pgSetups.map(async (p) => {
      logFiles.push(join(work, `service-${p.name}.log`));
      const logFile = logFiles.at(-1);
      // The scenarios that read while the project takes writes: a second instance with HELD_ANSWERS=false too.
      if (p.scenarios) logFiles.push(join(work, `service-${p.name}-held-off.log`));
      const [proc, peer, off] = await Promise.all([
        kept(startService({ env: p.env, logFile, nodeArgs })),
        kept(startPeer(p.url, scaleOut.redis, `${p.prefix}:peer`, { [p.key]: p.seed.projectId })),
        p.scenarios ? kept(startService({ env: { ...p.env, HELD_ANSWERS: 'false' }, logFile: logFiles.at(-1) })) : null,
      ]);
      return { ...p, proc, peer, off };
    }),
  );

  // The processes start together (nothing is measured before all are up); each is stopped at the end even when
  // another failed to start.
  const [service, noMetrics, usageOn, usageOff, withHttps, ...hookProcs] = await Promise.all([
    kept(startService({ env: serviceEnv, logFile: logFiles[0], nodeArgs })),
    kept(startService({ env: { ...serviceEnv, METRICS_ENABLED: 'false' }, logFile: logFiles[1] })),
    // listPets with and without usage recording (issue 13's "within noise"), in the same rounds, on two
    // processes that serve nothing else: the main one's heap and JIT state after the other scenarios differ.
    kept(startService({ env: serviceEnv, logFile: logFiles[2] })),
    kept(startService({ env: { ...serviceEnv, USAGE_RECORDING: 'false' }, logFile: logFiles[3] })),
    // The custom-domain scenarios on a process of their own with HTTPS_PORT set, so TLS buffers do not count in the
    // main process's memory target.
    kept(startService({ env: serviceEnv, logFile: logFiles[4], https: true })),
    ...hookSetups.map(({ env: hookEnv, logFile }) => kept(startService({ env: hookEnv, logFile }))),
  ]);
  const hooks = Object.fromEntries(hookProcs.map((proc, i) => [hookNames[i], { proc, key: hookSetups[i].key }]));

  const auth = { Authorization: `Bearer ${key}` };
  const firstPage = await fetchChecked(`${service.base}/v1/pets?limit=20`, { headers: auth }, 200);
  if (!firstPage.res.headers.get('link')) throw new Error('the first page has no Link header: is the table seeded?');
  const bareBody = join(work, 'bare-body.json');
  writeFileSync(bareBody, firstPage.text);
  // The first page's header fields as the service sent them, but for those node:http adds itself.
  const framedHeaders = join(work, 'bare-headers.json');
  const nodeAdds = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  writeFileSync(framedHeaders, JSON.stringify([...firstPage.res.headers].filter(([name]) => !nodeAdds.has(name)).flat()));
  const [bare, bareSite, bareHttps, bareFramed] = await Promise.all([
    kept(startBare(bareBody)),
    kept(startBare(join(siteDir, 'index.html'), 'text/html; charset=utf-8')),
    kept(startBare(join(siteDir, 'index.html'), 'text/html; charset=utf-8', certificate)),
    kept(startBare(bareBody, undefined, undefined, framedHeaders)),
  ]);
  // wrk sends the URL's host as SNI and Host, and connects to 127.0.0.1 (the script's `address`).
  const httpsService = { pid: withHttps.pid, base: `https://${DOMAIN}:${String(withHttps.httpsPort)}` };
  const httpsBare = { pid: bareHttps.pid, base: `https://${DOMAIN}:${String(bareHttps.port)}` };

  // A cursor is opaque to clients; the bench signs deep ones as the service does, under its SECRETS_KEY.
  const { Keyring } = await import(join(ROOT, 'dist/secrets/keyring.js'));
  const { CursorCodec } = await import(join(ROOT, 'dist/http/pagination/cursors.js'));
  const cursors = new CursorCodec(Keyring.fromSecretsKey(serviceEnv.SECRETS_KEY).key('cursors/v1'));
  const deep = cursors.encode({ kind: 'pets', projectId: seed.projectId, filter: '' }, BigInt(seed.lastId - 100));
  const deepStatus = cursors.encode({ kind: 'pets', projectId: seed.projectId, filter: 'available' }, BigInt(seed.lastId - 300));
  const midId = seed.firstId + Math.floor((seed.lastId - seed.firstId) / 2);
  const newPet = JSON.stringify({ name: 'Bench pet', categoryId: 7, status: 'pending' });
  // A hostile body: 14.7 KB of 2,000 unknown fields, each a validation problem.
  const unknownFields = JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [i.toString(36), 0])));

  const all = [
    { name: 'listPets', title: 'listPets limit=20 (first page)', path: '/v1/pets?limit=20', status: 200 },
    {
      // Not the service: the bare server sending listPets's header fields too (rate limits, link, request id), the
      // most any server sending them can reach against bare.
      name: 'bareWithHeaders',
      title: "bare node:http with listPets's header fields",
      path: '/',
      status: 200,
      target: bareFramed,
    },
    {
      name: 'listPetsStaging',
      title: 'listPets limit=20 through the staging address',
      path: '/staging/v1/pets?limit=20',
      status: 200,
      headers: { Authorization: `Bearer ${String(stagingKey)}` },
    },
    { name: 'listPetsStatus', title: 'listPets status=available (first page)', path: '/v1/pets?limit=20&status=available', status: 200 },
    {
      name: 'listPetsDeep',
      title: `listPets cursor near id ${String(seed.lastId)}`,
      path: `/v1/pets?limit=20&cursor=${deep}`,
      status: 200,
    },
    {
      name: 'listPetsDeepStatus',
      title: 'listPets status=available, cursor near the end',
      path: `/v1/pets?limit=20&status=available&cursor=${deepStatus}`,
      status: 200,
    },
    { name: 'getPet', title: `getPet ${String(midId)}`, path: `/v1/pets/${String(midId)}`, status: 200 },
    {
      name: 'listPetsUsage',
      title: 'listPets limit=20, usage recording on (own process)',
      path: '/v1/pets?limit=20',
      status: 200,
      target: usageOn,
    },
    {
      name: 'listPetsNoUsage',
      title: 'listPets limit=20, USAGE_RECORDING=false (own process)',
      path: '/v1/pets?limit=20',
      status: 200,
      target: usageOff,
    },
    {
      name: 'listPetsNoMetrics',
      title: 'listPets limit=20, METRICS_ENABLED=false',
      path: '/v1/pets?limit=20',
      status: 200,
      target: noMetrics,
    },
    {
      name: 'createPet',
      title: 'createPet (durable 201)',
      path: '/v1/pets',
      status: 201,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: newPet,
    },
    ...(hooks.on
      ? [
          ['createPetWebhook', 'createPet, one webhook endpoint subscribed to pet.created (own process)', hooks.on],
          ['createPetNoWebhook', 'createPet, no webhook endpoint (own process)', hooks.off],
          ['createPetOutboxOnly', 'createPet, one webhook endpoint, WEBHOOK_WORKER=false (own process)', hooks.outbox],
        ].map(([name, title, h]) => ({
          name,
          title,
          path: '/v1/pets',
          status: 201,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${h.key}` },
          body: newPet,
          target: h.proc,
        }))
      : []),
    {
      // Each order on a fresh available pet, which becomes pending in the same transaction.
      name: 'placeOrder',
      title: 'placeOrder, each on a fresh pet (durable 201)',
      path: '/v1/store/orders',
      status: 201,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ordersKey}` },
      body: JSON.stringify({ petId: orderPets.firstId }),
      sequence: { field: 'petId', next: orderPets.firstId + 1, last: orderPets.lastId },
    },
    {
      // The read cache is emptied by every commit: this is listPets when a tenth of the requests write.
      name: 'mixed',
      title: 'listPets, every 10th request a createPet',
      path: '/v1/pets?limit=20',
      status: 200,
      mix: { every: 10, other: { method: 'POST', path: '/v1/pets', headers: { 'Content-Type': 'application/json' }, body: newPet } },
    },
    {
      // Every answer is a 400: its size and the service's memory must not grow with the number of problems.
      name: 'errorFlood',
      title: 'error flood: createPet with 2,000 unknown fields (400)',
      path: '/v1/pets',
      status: 400,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: unknownFields,
      maxResponseBytes: 4096,
    },
    {
      name: 'staticSite',
      title: 'site index.html 20 KiB (bench.localhost)',
      path: '/',
      status: 200,
      headers: { Host: 'bench.localhost' },
      bare: bareSite,
      expect: page,
    },
    {
      name: 'httpsSite',
      title: `site index.html over HTTPS (${DOMAIN}, keep-alive)`,
      path: '/',
      status: 200,
      target: httpsService,
      bare: httpsBare,
      address: '127.0.0.1',
      expect: page,
    },
    {
      // Every request on a new connection: a TLS handshake (the SNI lookup included) per request.
      name: 'httpsHandshakes',
      title: `new TLS connection per request (${DOMAIN}, Connection: close)`,
      path: '/',
      status: 200,
      headers: { Connection: 'close' },
      target: httpsService,
      bare: httpsBare,
      address: '127.0.0.1',
      expect: page,
    },
    ...pgProcs.flatMap((p) => {
      const headers = { Authorization: `Bearer ${p.key}` };
      const common = { name: p.name, target: p.proc, peer: p.peer, pg: p, status: 200 };
      const mid = p.seed.firstId + Math.floor((p.seed.lastId - p.seed.firstId) / 2);
      if (p.scenarios)
        return p.scenarios.map(({ name, op, rate }) => ({
          ...common,
          name,
          off: p.off,
          writes: { rate, headers, body: newPet },
          ...(op === 'listPets'
            ? { title: `PostgreSQL + Redis: listPets limit=20, ${String(rate)} createPet/s`, path: '/v1/pets?limit=20', list: true }
            : { title: `PostgreSQL + Redis: getPet ${String(mid)}, ${String(rate)} createPet/s`, path: `/v1/pets/${String(mid)}` }),
          headers,
        }));
      if (p.name === 'pgListPets')
        return { ...common, title: 'PostgreSQL + Redis: listPets limit=20', path: '/v1/pets?limit=20', headers, list: true };
      if (p.name === 'pgGetPet')
        return { ...common, title: `PostgreSQL + Redis: getPet ${String(mid)}`, path: `/v1/pets/${String(mid)}`, headers };
      const json = { ...headers, 'Content-Type': 'application/json' };
      if (p.name === 'pgCreatePet')
        return {
          ...common,
          title: 'PostgreSQL + Redis: createPet (durable 201)',
          path: '/v1/pets',
          status: 201,
          method: 'POST',
          headers: json,
          body: newPet,
        };
      return {
        ...common,
        title: 'PostgreSQL + Redis: placeOrder, each on a fresh pet (durable 201)',
        path: '/v1/store/orders',
        status: 201,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ petId: p.seed.firstId }),
        sequence: { field: 'petId', next: p.seed.firstId + 1, last: p.seed.lastId },
      };
    }),
  ];
  const scenarios = all.filter((s) => !only || only.has(s.name));
  for (const s of scenarios) {
    s.target ??= service;
    s.script = s.sequence
      ? freshSequence(s)
      : s.mix
        ? writeMixScript(work, s.name, {
            main: { path: s.path, headers: auth },
            other: { ...s.mix.other, headers: { ...auth, ...s.mix.other.headers } },
            every: s.mix.every,
          })
        : writeScript(work, s.name, { method: s.method, headers: { ...auth, ...s.headers }, body: s.body, address: s.address });
    // A server of its own gets the scenario's request without the key (its Host, Connection and address).
    s.bareScript = s.bare ? writeScript(work, `${s.name}-bare`, { headers: s.headers, address: s.address }) : null;
    const { text } = await checkedWhenListening(
      `${s.target.base}${s.path}`,
      { method: s.method, headers: { ...auth, ...s.headers }, body: s.body, ca: certificate.cert },
      s.status,
    );
    if (s.bare) {
      const bareText = (await checkedWhenListening(`${s.bare.base}/`, { headers: s.headers, ca: certificate.cert }, 200)).text;
      if (bareText !== text) throw new Error(`${s.name}: the bare server does not answer the service's bytes`);
    }
    if (s.status === 200 && (s.list || s.name.startsWith('list')) && JSON.parse(text).length !== 20)
      throw new Error(`${s.name}: expected 20 pets`);
    for (const [who, server] of [
      ['the peer', s.peer],
      ['the instance with HELD_ANSWERS=false', s.off],
    ]) {
      if (!server) continue;
      const body = s.sequence ? JSON.stringify({ [s.sequence.field]: s.sequence.next++ }) : s.body;
      const otherText = (
        await fetchChecked(`${server.base}${s.path}`, { method: s.method, headers: { ...auth, ...s.headers }, body }, s.status)
      ).text;
      if (s.list && JSON.parse(otherText).length !== 20) throw new Error(`${s.name}: ${who} did not answer 20 pets`);
    }
    s.responseBytes = Buffer.byteLength(text);
    if (s.maxResponseBytes && s.responseBytes > s.maxResponseBytes) {
      throw new Error(`${s.name}: a ${String(s.responseBytes)}-byte answer, more than ${String(s.maxResponseBytes)}`);
    }
    if (s.expect !== undefined && text !== s.expect) throw new Error(`${s.name}: the service did not answer the expected bytes`);
  }
  const bareScript = writeScript(work, 'bare', {});

  /**
   * A script per run whose values start after every value an earlier run may have sent: at most
   * its completed requests plus one in flight per connection (wrk does not pipeline).
   */
  function freshSequence(s) {
    const script = () => {
      if (s.sequence.next + settings.connections > s.sequence.last)
        throw new Error(`${s.name}: out of fresh values; raise BENCH_ORDER_PETS`);
      return writeSequenceScript(work, s.name, {
        path: s.path,
        headers: { ...auth, ...s.headers },
        field: s.sequence.field,
        first: s.sequence.next,
      });
    };
    script.ran = (requests) => {
      s.sequence.next += requests + settings.connections;
    };
    return script;
  }
  const bareOf = (s) => ({ server: s.bare ?? bare, script: s.bareScript ?? bareScript });

  /** Measures `target` under wrk; with `writes`, while a writer sends it createPet at `writes.rate` a second. */
  const measure = async (target, script, path, seconds, pg, writes) => {
    // Logs are written as shipped; only the latest run's are kept, so a long run cannot fill the disk.
    for (const f of logFiles) truncateSync(f, 0);
    // On PostgreSQL + Redis, their CPU as well: the scenario database's backends (and the shared writers), redis-server.
    const pg0 = pg ? postgresCpu(pg.database) : null;
    const redis0 = pg ? cpuSeconds(redisServerPid) : 0;
    const cpu0 = cpuSeconds(target.pid);
    const stopWatch = watchRss(target.pid);
    const file = typeof script === 'function' ? script() : script;
    const writer = writes ? startWriter({ base: target.base, headers: writes.headers, body: writes.body, rate: writes.rate }) : null;
    const r = await runWrk({
      url: `${target.base}${path}`,
      script: file,
      connections: settings.connections,
      threads: settings.threads,
      seconds,
      statuses: settings.smoke,
    });
    if (typeof script === 'function') script.ran(r.requests);
    const written = writer ? await writer.stop() : undefined;
    const peakRssMb = stopWatch();
    const perRequest = (seconds) => (seconds * 1e6) / Math.max(1, r.requests);
    const cpuUsPerRequest = perRequest(cpuSeconds(target.pid) - cpu0);
    if (!pg) return { ...r, cpuUsPerRequest, peakRssMb };
    return {
      ...r,
      cpuUsPerRequest,
      peakRssMb,
      written,
      pgCpuUsPerRequest: perRequest(postgresCpuDelta(pg0, postgresCpu(pg.database))),
      redisCpuUsPerRequest: perRequest(cpuSeconds(redisServerPid) - redis0),
    };
  };

  if (settings.warmupSeconds > 0) {
    log(`warm-up: ${String(settings.warmupSeconds)} s per scenario`);
    await measure(bare, bareScript, '/', settings.warmupSeconds);
    const warmed = new Set([bare]);
    for (const s of scenarios) {
      const b = bareOf(s);
      if (!warmed.has(b.server)) await measure(b.server, b.script, '/', settings.warmupSeconds);
      warmed.add(b.server);
      await measure(s.target, s.script, s.path, settings.warmupSeconds, s.pg, s.writes);
      if (s.off) await measure(s.off, s.script, s.path, settings.warmupSeconds, s.pg, s.writes);
      if (s.peer) await measure(s.peer, s.script, s.path, settings.warmupSeconds, s.pg, s.writes);
    }
  }

  /**
   * A measurement of `settings.seconds`. The smoke run's 1 s without warm-up can end before a loaded machine (a CI
   * runner beside other suites) completes one request on new TLS connections: a target that answered none in it
   * is measured once more, for 3 s, before it counts as answering nothing.
   */
  const measureRound = async (target, script, path, pg, writes) => {
    const r = await measure(target, script, path, settings.seconds, pg, writes);
    if (!settings.smoke || r.requests > 0) return r;
    log(`${target.base}${path}: no request completed in ${String(settings.seconds)} s; measured again for 3 s`);
    return measure(target, script, path, 3, pg, writes);
  };

  /** Of `shed` answers (503 with Retry-After) among `total`, those the smoke run lets pass: a tenth of `total` at most. */
  const shedAllowed = (shed = 0, total = 0) => (settings.smoke && shed * 10 <= total ? shed : 0);

  const rounds = [];
  const failures = [];
  for (let i = 0; i < settings.rounds; i++) {
    const round = {};
    for (const s of scenarios) {
      const b = await measureRound(bareOf(s).server, bareOf(s).script, '/');
      const m = await measureRound(s.target, s.script, s.path, s.pg, s.writes);
      const o = s.off ? await measureRound(s.off, s.script, s.path, s.pg, s.writes) : null;
      const p = s.peer ? await measureRound(s.peer, s.script, s.path, s.pg, s.writes) : null;
      for (const [who, r, errorsExpected] of [
        ['bare', b, false],
        [s.name, m, s.status >= 400],
        ...(o ? [[`${s.name} HELD_ANSWERS=false`, o, false]] : []),
        ...(p ? [[`${s.name} peer`, p, false]] : []),
      ]) {
        const e = r.errors;
        // wrk counts answers of status 400 and above: a scenario of errors must get nothing else. The smoke run
        // (beside other suites on a CI runner) tells 503 with Retry-After, a database past its time bound, apart
        // and reports it as shed load rather than a failure, as long as it is a few answers (a tenth at most: a
        // path that sheds most of its load is broken, not busy); every other status still fails it.
        const unexpected = e.non2xx3xx - shedAllowed(e.statuses?.shed, r.requests);
        const wrongStatus = errorsExpected ? e.non2xx3xx !== r.requests : unexpected > 0;
        if (wrongStatus || e.timeout || e.connect)
          failures.push(`round ${String(i + 1)} ${who}: ${JSON.stringify({ requests: r.requests, ...e })}`);
        else if (!errorsExpected && e.statuses?.shed)
          log(
            `round ${String(i + 1)} ${who}: ${String(e.statuses.shed)} of ${String(r.requests)} answered 503 with Retry-After (load shed)`,
          );
        const failedWrites = (r.written?.failed ?? 0) - shedAllowed(r.written?.shed, r.written?.sent);
        if (failedWrites > 0) failures.push(`round ${String(i + 1)} ${who}: ${String(r.written.failed)} writes failed`);
      }
      // Whether delivery kept up: how old the oldest due delivery is when the round's load stops. Then the
      // process catches up before the next scenario (whose measurement its deliveries would otherwise share),
      // and the CPU it takes is reported with the round's: the cost of each 201 with its delivery.
      if (s.name === 'createPetWebhook') {
        m.webhooks = (await webhookState(s.target)) ?? { succeeded: NaN, oldestDueS: NaN };
        const cpu0 = cpuSeconds(s.target.pid);
        const until = Date.now() + 30_000;
        while ((await webhookState(s.target))?.oldestDueS > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        m.webhooks.catchUpS = (Date.now() - (until - 30_000)) / 1000;
        m.cpuUsWithDelivery = m.cpuUsPerRequest + ((cpuSeconds(s.target.pid) - cpu0) * 1e6) / Math.max(1, m.requests);
      }
      round[s.name] = { bare: b, service: m, ...(p ? { peer: p } : {}), ...(o ? { off: o } : {}), loadAverage: loadavg()[0] };
      log(
        `round ${String(i + 1)}/${String(settings.rounds)} ${s.name}: ${m.rps.toFixed(0)} req/s (bare ${b.rps.toFixed(0)}${o ? `, held answers off ${o.rps.toFixed(0)}` : ''}${p ? `, peer ${p.rps.toFixed(0)}` : ''}), p99 ${m.p99Ms.toFixed(2)} ms` +
          `${m.written ? `; writes ${m.written.perSecond.toFixed(0)}/s` : ''}; load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    rounds.push(round);
  }

  /**
   * Round trips per request on PostgreSQL + Redis: a process like the measured one, started through proxies
   * that count what it sends, answers requests one at a time (after a few that open its connections), then
   * as many at once as wrk's connections (PostgreSQL's round trips only).
   */
  const countRoundTrips = async (s, who) => {
    const pgProxy = await startCountingProxy(s.pg.url, 'postgres');
    const redisProxy = await startCountingProxy(scaleOut.redis, 'redis');
    // Fresh values past any a dropped connection's retried request may have taken.
    if (s.sequence) s.sequence.next += 2 * settings.connections;
    let proc;
    try {
      proc =
        who === 'service'
          ? await startService({
              env: { ...s.pg.env, DATABASE_URL: pgProxy.url, REDIS_URL: redisProxy.url },
              logFile: join(work, 'service-counted.log'),
            })
          : await startPeer(pgProxy.url, redisProxy.url, `${s.pg.prefix}:peer`, { [s.pg.key]: s.pg.seed.projectId });
      const send = async () => {
        const body = s.sequence ? JSON.stringify({ [s.sequence.field]: s.sequence.next++ }) : s.body;
        await fetchChecked(`${proc.base}${s.path}`, { method: s.method, headers: { ...auth, ...s.headers }, body }, s.status);
      };
      for (let i = 0; i < 20; i++) await send();
      pgProxy.reset();
      redisProxy.reset();
      const n = settings.countRequests;
      for (let i = 0; i < n; i++) await send();
      const sequential = {
        pgRoundTrips: pgProxy.counts.roundTrips / n,
        pgStatements: pgProxy.counts.statements / n,
        redisCommands: redisProxy.counts.commands / n,
        redisWrites: redisProxy.counts.writes / n,
      };
      // Then as many at once as wrk keeps in flight: what batching (the writes' group commit) saves.
      pgProxy.reset();
      let sent = 0;
      await Promise.all(
        Array.from({ length: settings.connections }, async () => {
          while (sent < n) {
            sent++;
            await send();
          }
        }),
      );
      return { ...sequential, pgRoundTripsConcurrent: pgProxy.counts.roundTrips / n };
    } finally {
      await proc?.stop();
      await pgProxy.close();
      await redisProxy.close();
    }
  };
  const roundTrips = {};
  for (const s of scenarios.filter((x) => x.pg && !x.writes)) {
    roundTrips[s.name] = { service: await countRoundTrips(s, 'service'), peer: await countRoundTrips(s, 'peer') };
    log(`round trips counted for ${s.name}: ${JSON.stringify(roundTrips[s.name])}`);
  }

  const serviceMemory = memory(service.pid);
  const heap = await heapOf(service);
  const bareMemory = memory(bare.pid);
  const noMetricsMemory = memory(noMetrics.pid);
  const noUsageMemory = memory(usageOff.pid);
  const httpsMemory = memory(withHttps.pid);
  await stopAll();

  // The request log's cost per request and its growth per million requests, after the rounds (nothing else runs).
  let requestLog = null;
  if (!only || only.has('requestLog')) {
    const requests = settings.smoke ? 20_000 : 1_000_000;
    let postgresUrl;
    if (scaleOut) {
      const name = `petstore_bench_log_${randomBytes(4).toString('hex')}`;
      await createDatabase(scaleOut.postgres, name);
      cleanups.push(() => dropDatabase(scaleOut.postgres, name));
      postgresUrl = databaseUrl(scaleOut.postgres, name);
    }
    log(`request log: recording ${String(requests)} requests on SQLite${postgresUrl ? ' and PostgreSQL' : ''}`);
    requestLog = await requestLogCost({ dir: work, postgresUrl, requests });
  }

  const summary = summarise(scenarios, rounds);
  const has = (n) => n in summary;
  const depthCost = has('listPets') && has('listPetsDeep') ? costRatio(rounds, 'listPets', 'listPetsDeep') : NaN;
  const depthStatusCost =
    has('listPetsStatus') && has('listPetsDeepStatus') ? costRatio(rounds, 'listPetsStatus', 'listPetsDeepStatus') : NaN;
  // The same comparisons by CPU time per request, which other load on the machine disturbs less.
  const depthCpu = has('listPets') && has('listPetsDeep') ? cpuRatio(rounds, 'listPets', 'listPetsDeep') : NaN;
  const depthStatusCpu =
    has('listPetsStatus') && has('listPetsDeepStatus') ? cpuRatio(rounds, 'listPetsStatus', 'listPetsDeepStatus') : NaN;
  const metricsCost =
    has('listPets') && has('listPetsNoMetrics')
      ? {
          cpuUsPerRequest: cpuDelta(rounds, 'listPets', 'listPetsNoMetrics'),
          // Same-round median of (with / without).
          throughputRatio: costRatio(rounds, 'listPets', 'listPetsNoMetrics'),
        }
      : null;
  const usageCost =
    has('listPetsUsage') && has('listPetsNoUsage')
      ? {
          rps: summary.listPetsUsage.rps,
          rpsWithout: summary.listPetsNoUsage.rps,
          cpuUsPerRequest: summary.listPetsUsage.cpuUsPerRequest,
          cpuUsPerRequestWithout: summary.listPetsNoUsage.cpuUsPerRequest,
          cpuDeltaUs: cpuDelta(rounds, 'listPetsUsage', 'listPetsNoUsage'),
          // Same-round median of (with / without).
          throughputRatio: costRatio(rounds, 'listPetsUsage', 'listPetsNoUsage'),
        }
      : null;
  const targets = [
    { name: 'listPets limit=20 ratio to bare', value: summary.listPets?.ratio, target: '>= 0.6', met: summary.listPets?.ratio >= 0.6 },
    { name: 'getPet ratio to bare', value: summary.getPet?.ratio, target: '>= 0.6', met: summary.getPet?.ratio >= 0.6 },
    {
      name: 'listPets through the staging address / production (same rounds)',
      value: has('listPets') && has('listPetsStaging') ? costRatio(rounds, 'listPetsStaging', 'listPets') : NaN,
      target: '>= 0.95',
      met: has('listPets') && has('listPetsStaging') && costRatio(rounds, 'listPetsStaging', 'listPets') >= 0.95,
    },
    { name: 'listPets limit=20 p99 ms', value: summary.listPets?.p99Ms, target: '<= 5', met: summary.listPets?.p99Ms <= 5 },
    { name: 'deep page cost / first page', value: depthCost, target: '<= 1.3', met: depthCost <= 1.3 },
    { name: 'deep page with status cost / first page with status', value: depthStatusCost, target: '<= 1.3', met: depthStatusCost <= 1.3 },
    {
      name: 'createPet (durable) ratio to bare',
      value: summary.createPet?.ratio,
      target: '>= 0.25',
      met: summary.createPet?.ratio >= 0.25,
    },
    {
      name: 'createPet with a pet.created webhook / without (same rounds)',
      value: summary.createPetWebhook?.ratio / summary.createPetNoWebhook?.ratio,
      target: '>= 0.85',
      met: summary.createPetWebhook?.ratio / summary.createPetNoWebhook?.ratio >= 0.85,
    },
    {
      name: 'placeOrder (durable, fresh pet each) ratio to bare',
      value: summary.placeOrder?.ratio,
      target: `>= createPet ratio × 0.8 (${(summary.createPet?.ratio * 0.8).toFixed(2)})`,
      met: summary.placeOrder?.ratio >= summary.createPet?.ratio * 0.8,
    },
    {
      name: 'site index.html 20 KiB ratio to bare',
      value: summary.staticSite?.ratio,
      target: '>= 0.5',
      met: summary.staticSite?.ratio >= 0.5,
    },
    {
      name: 'site over HTTPS on a custom domain (keep-alive) ratio to bare',
      value: summary.httpsSite?.ratio,
      target: '>= 0.5',
      met: summary.httpsSite?.ratio >= 0.5,
    },
    ...[
      ['pgListPets', 'PostgreSQL + Redis listPets / hand-written peer', 1.3],
      ['pgGetPet', 'PostgreSQL + Redis getPet / hand-written peer', 1.3],
      ['pgCreatePet', 'PostgreSQL + Redis createPet (durable) / hand-written peer', 1.0],
      ['pgPlaceOrder', 'PostgreSQL + Redis placeOrder (durable) / hand-written peer', 1.0],
    ]
      .filter(([n]) => has(n))
      .map(([n, name, min]) => ({ name, value: summary[n].peerRatio, target: `>= ${min.toFixed(1)}`, met: summary[n].peerRatio >= min })),
    // While the project takes writes, with held answers on (HELD_ANSWERS=false is reported beside, with no target).
    ...scenarios
      .filter((s) => s.writes)
      .map((s) => ({
        name: `PostgreSQL + Redis ${s.list ? 'listPets' : 'getPet'} with ${String(s.writes.rate)} createPet/s / hand-written peer`,
        value: summary[s.name].peerRatio,
        target: '>= 1.0',
        met: summary[s.name].peerRatio >= 1.0,
      })),
    { name: 'service peak RSS MB (VmHWM)', value: serviceMemory.peakMb, target: '<= 150', met: serviceMemory.peakMb <= 150 },
    {
      name: 'service peak RSS MB during the error flood',
      value: summary.errorFlood?.peakRssMb,
      target: '< 150',
      met: summary.errorFlood?.peakRssMb < 150,
    },
  ];

  console.log('');
  console.log(
    `Petstore bench — ${String(settings.connections)} connections, wrk ${String(settings.threads)} thread, ${String(settings.rounds)} round(s) of ${String(settings.seconds)} s, ` +
      `${String(settings.pets)} pets, ${String(cpus().length)} CPUs, Node ${process.version}; medians of same-round ratios`,
  );
  printTable(summary, bareMemory.peakMb);
  console.log('');
  if (Object.keys(roundTrips).length) {
    printScaleOutTable(summary, roundTrips);
    console.log('');
  }
  if (scenarios.some((s) => s.writes)) {
    printWritingTable(summary);
    console.log('');
  }
  if (metricsCost) {
    console.log(
      `/metrics cost on listPets: ${metricsCost.cpuUsPerRequest.toFixed(1)} µs CPU per request; throughput with metrics = ${metricsCost.throughputRatio.toFixed(2)} of without`,
    );
  }
  if (usageCost) {
    console.log(
      `usage recording on listPets: ${usageCost.rps.toFixed(0)} req/s with, ${usageCost.rpsWithout.toFixed(0)} without; ` +
        `CPU ${usageCost.cpuUsPerRequest.toFixed(1)} vs ${usageCost.cpuUsPerRequestWithout.toFixed(1)} µs per request ` +
        `(same-round difference ${usageCost.cpuDeltaUs.toFixed(1)}); throughput with = ${usageCost.throughputRatio.toFixed(2)} of without`,
    );
  }
  if (has('httpsHandshakes')) {
    const h = summary.httpsHandshakes;
    console.log(
      `new TLS connections per second (one GET each): ${h.rps.toFixed(0)} (bare node:https ${h.bareRps.toFixed(0)}), ratio ${h.ratio.toFixed(2)}; ` +
        `${h.cpuUsPerRequest.toFixed(0)} µs CPU per connection (bare ${h.bareCpuUsPerRequest.toFixed(0)})`,
    );
  }
  if (has('createPetWebhook') && has('createPetNoWebhook')) {
    const w = summary.createPetWebhook;
    const n = summary.createPetNoWebhook;
    const lag = rounds.map((r) => r.createPetWebhook?.service.webhooks).filter(Boolean);
    console.log(
      `webhooks: createPet with an endpoint / without ${(w.ratio / n.ratio).toFixed(2)}; CPU ${w.cpuUsPerRequest.toFixed(1)} vs ${n.cpuUsPerRequest.toFixed(1)} µs per request; ` +
        `oldest due delivery at the end of each round: ${lag.map((l) => `${l.oldestDueS.toFixed(1)} s`).join(', ')} ` +
        `(caught up in ${lag.map((l) => `${l.catchUpS.toFixed(1)} s`).join(', ')}); ` +
        `CPU per request with its delivery caught up: ${median(rounds.map((r) => r.createPetWebhook?.service.cpuUsWithDelivery).filter(Number.isFinite)).toFixed(1)} µs`,
    );
    if (has('createPetOutboxOnly')) {
      const o = summary.createPetOutboxOnly;
      console.log(
        `webhooks, the outbox alone (WEBHOOK_WORKER=false): ${(o.ratio / n.ratio).toFixed(2)} of without; CPU ${o.cpuUsPerRequest.toFixed(1)} µs per request ` +
          `(the outbox ${(o.cpuUsPerRequest - n.cpuUsPerRequest).toFixed(1)} µs, delivery ${(w.cpuUsPerRequest - o.cpuUsPerRequest).toFixed(1)} µs of each 201)`,
      );
    }
  }
  if (requestLog) {
    const line = (name, r) =>
      `${name} ${r.eventLoopUsPerRequest.toFixed(1)} µs CPU per request on the event loop, ${r.totalUsPerRequest.toFixed(1)} µs in all; ` +
      `${(r.bytesPerMillion / 1e6).toFixed(0)} MB per million requests`;
    console.log(
      `request log (${String(requestLog.sqlite.requests)} requests recorded, in blocks): ${line('SQLite file:', requestLog.sqlite)}` +
        `${requestLog.postgres ? `; ${line('PostgreSQL:', requestLog.postgres)}` : ''}`,
    );
  }
  console.log(`deep page cost / first page by CPU per request: ${depthCpu.toFixed(2)} (status filter: ${depthStatusCpu.toFixed(2)})`);
  if (heap) {
    const mb = (n) => (n / 1024 / 1024).toFixed(1);
    console.log(
      `service V8 heap at the end (from /metrics): new ${mb(heap.new)} MB, old ${mb(heap.old)} MB, code ${mb(heap.code)} MB; external ${mb(heap.external)} MB`,
    );
  }
  const flood = scenarios.find((s) => s.name === 'errorFlood');
  if (flood) {
    console.log(
      `error flood: a ${String(Buffer.byteLength(flood.body))}-byte body answered with ${String(flood.responseBytes)} bytes; ` +
        `${summary.errorFlood.cpuUsPerRequest.toFixed(0)} µs CPU per request; service peak RSS meanwhile ${summary.errorFlood.peakRssMb.toFixed(1)} MB`,
    );
  }
  console.log(
    `service peak RSS (VmHWM): ${serviceMemory.peakMb.toFixed(1)} MB; without metrics: ${noMetricsMemory.peakMb.toFixed(1)} MB; ` +
      `without usage recording: ${noUsageMemory.peakMb.toFixed(1)} MB; with HTTPS (custom-domain scenarios): ${httpsMemory.peakMb.toFixed(1)} MB; ` +
      `bare: ${bareMemory.peakMb.toFixed(1)} MB`,
  );
  printTargets(targets.filter((t) => Number.isFinite(t.value)));

  let profile = null;
  if (settings.profile) {
    const files = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort();
    // Node names a profile CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile: the main service's, and each PostgreSQL scenario's.
    const pidOf = (f) => Number(f.split('.')[3]);
    const latest = files.filter((f) => pidOf(f) === service.pid).at(-1) ?? files.at(-1);
    if (latest) {
      profile = join(profileDir, latest);
      console.log(`\nCPU profile of the service: ${profile}`);
      summariseProfile(profile, 25);
    }
    for (const p of pgProcs) {
      const own = files.filter((f) => pidOf(f) === p.proc.pid).at(-1);
      if (!own) continue;
      console.log(`\nCPU profile of the ${p.name} service: ${join(profileDir, own)}`);
      summariseProfile(join(profileDir, own), 25);
    }
  }

  mkdirSync(outDir, { recursive: true });
  const result = {
    startedAt: new Date(started).toISOString(),
    durationS: (Date.now() - started) / 1000,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, wrk: wrkVersion() },
    settings,
    summary,
    depthCost: { noFilter: depthCost, statusFilter: depthStatusCost, noFilterByCpu: depthCpu, statusFilterByCpu: depthStatusCpu },
    metricsCost,
    usageCost,
    requestLog,
    roundTrips,
    tlsHandshakes: has('httpsHandshakes')
      ? { perSecond: summary.httpsHandshakes.rps, barePerSecond: summary.httpsHandshakes.bareRps, ratio: summary.httpsHandshakes.ratio }
      : null,
    errorFlood: flood ? { bodyBytes: Buffer.byteLength(flood.body), responseBytes: flood.responseBytes } : null,
    memory: {
      serviceHeapBytes: heap,
      service: serviceMemory,
      serviceWithoutMetrics: noMetricsMemory,
      serviceWithoutUsage: noUsageMemory,
      serviceWithHttps: httpsMemory,
      bare: bareMemory,
    },
    targets,
    failures,
    profile,
    rounds,
  };
  const file = join(outDir, `bench-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nresults: ${file} (also latest.json); whole run ${elapsed()}`);
  if (failures.length) {
    console.error(`\nsome requests failed, so these figures do not describe successful requests:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

/** Stops every process the run started and undoes its outside state; also on Ctrl-C or SIGTERM, mid-run. */
async function tearDown() {
  await stopAll();
  for (const undo of cleanups.splice(0).reverse()) {
    try {
      await undo();
    } catch (err) {
      console.error(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  rmSync(work, { recursive: true, force: true });
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench's processes and dropping its databases`);
    void tearDown().finally(() => process.exit(code));
  });
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await tearDown();
  // A run stopped by an error may leave a handle of its own open (a proxy, a pool): it is over either way.
  process.exit();
}
