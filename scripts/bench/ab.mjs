// `npm run bench` comparing builds or settings: each scenario against every variant (a build and the environment
// its service gets) in the same interleaved rounds, on the same data, with the bare server in every round.
//
// BENCH_BASELINE=<git ref>: the variants are that ref, built in a folder of its own (baseline.mjs), and this
// checkout. BENCH_VARIANTS=<JSON list>: any variants, each { "label", "ref"? | "dir"?, "env"? } (no ref or dir:
// this checkout), e.g. one build under two settings:
//   BENCH_VARIANTS='[{"label":"metrics off","env":{"METRICS_ENABLED":"false"}},{"label":"metrics on"}]'
// The first variant is A, to which the others are compared; its build makes the data (put the oldest build
// first): each variant gets a copy, migrated by its own build.
import { copyFileSync, existsSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildRef } from './baseline.mjs';
import { prepareScaleOut, postgresCpu, postgresCpuDelta, redisPid, SCALE_OUT, writingDatabase, writingScenarios } from './postgres.mjs';
import { cpuSeconds, petstoreJson, petstoreMigrate, ROOT, startBare, startService, treeCpuSeconds, watchTreeRss } from './processes.mjs';
import { median } from './report.mjs';
import { seedPets } from './seed.mjs';
import { startWriter } from './writer.mjs';
import { runWrk, writeMixScript, writeScript } from './wrk.mjs';

/** The scenarios the comparison knows, SQLite then PostgreSQL + Redis (pg*: when both URLs are set). */
const SQLITE = ['listPets', 'getPet', 'listPetsStatus', 'createPet', 'mix'];
/** `workers`: listPets and a 90/10 read/write mix (mix: listPets with a createPet in every ten), WORKERS=1 against 2. */
const WORKERS = ['listPets', 'mix'];
const PG_READS = ['pgListPets', 'pgGetPet'];

/**
 * The variants the environment asks for, built as needed (`log` reports a build), or null for the ordinary
 * bench. Each: { label, root (the build's folder), env (added to its service's), ref?, commit? }.
 */
export function variantsFromEnv(env, log) {
  if (env.BENCH_BASELINE && env.BENCH_VARIANTS) throw new Error('BENCH_BASELINE and BENCH_VARIANTS: set one of them');
  if (env.BENCH_BASELINE) {
    const built = buildRef(env.BENCH_BASELINE, log);
    return [
      { label: `baseline ${env.BENCH_BASELINE}`, root: built.dir, env: {}, ref: env.BENCH_BASELINE, commit: built.commit },
      { label: 'this build', root: ROOT, env: {} },
    ];
  }
  if (!env.BENCH_VARIANTS) {
    // The workers scenario is a comparison of its own: one build under WORKERS=1 and WORKERS=2.
    const only = (env.BENCH_SCENARIOS ?? '').split(',').map((x) => x.trim());
    if (!only.includes('workers')) return null;
    return [
      { label: 'WORKERS=1', root: ROOT, env: { WORKERS: '1' } },
      { label: 'WORKERS=2', root: ROOT, env: { WORKERS: '2' } },
    ];
  }
  let list;
  try {
    list = JSON.parse(env.BENCH_VARIANTS);
  } catch {
    throw new Error('BENCH_VARIANTS: a JSON list of { "label", "ref"?, "dir"?, "env"? }');
  }
  if (!Array.isArray(list) || list.length < 2) throw new Error('BENCH_VARIANTS: a JSON list of at least two variants');
  const labels = new Set();
  return list.map((v, i) => {
    if (typeof v !== 'object' || v === null) throw new Error(`BENCH_VARIANTS[${String(i)}]: an object`);
    const label = typeof v.label === 'string' && v.label ? v.label : `variant ${String(i + 1)}`;
    if (labels.has(label)) throw new Error(`BENCH_VARIANTS: the label "${label}" twice`);
    labels.add(label);
    const extra = v.env ?? {};
    if (typeof extra !== 'object' || Object.values(extra).some((x) => typeof x !== 'string'))
      throw new Error(`BENCH_VARIANTS[${String(i)}].env: an object of strings`);
    if (v.ref && v.dir) throw new Error(`BENCH_VARIANTS[${String(i)}]: "ref" or "dir", not both`);
    if (v.dir && !existsSync(join(v.dir, 'bin', 'petstore')))
      throw new Error(`BENCH_VARIANTS[${String(i)}].dir: no bin/petstore in ${v.dir}`);
    const built = v.ref ? buildRef(v.ref, log) : null;
    return { label, root: built?.dir ?? v.dir ?? ROOT, env: extra, ...(built ? { ref: v.ref, commit: built.commit } : {}) };
  });
}

/** The scenarios to compare: those of BENCH_SCENARIOS the comparison knows, else its defaults. */
function chosenScenarios(only, scaleOut, writeRates) {
  const writing = writingScenarios(writeRates).map((w) => w.name);
  const known = [...SQLITE, ...PG_READS, ...writing];
  if (only?.has('workers')) {
    only = new Set([...only].filter((n) => n !== 'workers'));
    for (const n of WORKERS) only.add(n);
  }
  if (only) {
    const unknown = [...only].filter((n) => !known.includes(n));
    if (unknown.length) throw new Error(`BENCH_SCENARIOS with variants: ${unknown.join(', ')} not compared (known: ${known.join(', ')})`);
    const names = known.filter((n) => only.has(n));
    if (!scaleOut && names.some((n) => n.startsWith('pg')))
      throw new Error(
        'the pg* scenarios need BENCH_POSTGRES_URL and BENCH_REDIS_URL (or PETSTORE_TEST_POSTGRES_URL and PETSTORE_TEST_REDIS_URL)',
      );
    return names;
  }
  return [...SQLITE, ...(scaleOut ? [...PG_READS, ...writing] : [])];
}

/**
 * Runs the comparison. `settings`: run.mjs's; `work`: the run's folder; `serviceEnv`: the services' environment
 * (SQLite file and secrets key); `cleanups`, `kept`: run.mjs's, so that everything is undone however the run ends.
 */
export async function runVariants({ variants, settings, only, scaleOut, work, serviceEnv, cleanups, kept, log, runId }) {
  const names = chosenScenarios(only, scaleOut, settings.writeRates);
  log(`comparing ${variants.map((v) => `"${v.label}" (${v.root})`).join(' with ')} on ${names.join(', ')}`);
  const first = variants[0];

  // SQLite: the data made once, by the first variant's build; a copy per variant, migrated by its own build.
  const sqlite = names.filter((n) => SQLITE.includes(n));
  const perVariant = variants.map(() => ({}));
  let bareSource = null;
  if (sqlite.length) {
    const master = join(work, 'ab-master.db');
    const masterEnv = { ...serviceEnv, DATABASE_URL: `sqlite:${master}` };
    petstoreMigrate(masterEnv, first.root);
    petstoreJson(
      ['projects', 'create', 'bench', '--plan', 'enterprise', '--per-minute', '1000000000', '--per-day', '1000000000'],
      masterEnv,
      first.root,
    );
    const { key } = petstoreJson(['keys', 'create', '--project', 'bench', '--name', 'bench'], masterEnv, first.root);
    const seed = seedPets(master, 'bench', settings.pets);
    log(`seeded ${String(settings.pets)} pets in SQLite with "${first.label}"'s build`);
    for (const [i, v] of variants.entries()) {
      const file = join(work, `ab-${String(i)}.db`);
      copyFileSync(master, file);
      const env = { ...serviceEnv, DATABASE_URL: `sqlite:${file}`, ...v.env };
      petstoreMigrate(env, v.root);
      perVariant[i].sqlite = { env, key, seed };
    }
  }

  // PostgreSQL + Redis: a database (and key prefix) per variant and scenario, each made and seeded alike by its own build.
  const pgWanted = names.filter((n) => n.startsWith('pg'));
  const redisServerPid = pgWanted.length ? await redisPid(scaleOut.redis) : null;
  if (pgWanted.length) {
    const writing = writingScenarios(settings.writeRates).filter((w) => pgWanted.includes(w.name));
    const defs = [...SCALE_OUT.filter((d) => pgWanted.includes(d.name)), ...(writing.length ? [writingDatabase(writing)] : [])];
    for (const [i, v] of variants.entries()) {
      perVariant[i].pg = await prepareScaleOut({
        urls: scaleOut,
        runId: `${runId}_v${String(i)}`,
        defs,
        serviceEnv,
        counts: { pets: settings.pets, orderPets: 0 },
        petstoreJson: (args, env) => petstoreJson(args, env, v.root),
        petstoreMigrate: (env) => petstoreMigrate(env, v.root),
        cleanups,
      });
    }
    log(`PostgreSQL databases made for ${String(variants.length)} variants`);
  }

  // The services: one per variant on SQLite, one per variant and PostgreSQL database. Their logs are kept for the
  // latest measurement only, so that a long run cannot fill the disk.
  const logFiles = [];
  const logFile = (name) => {
    logFiles.push(join(work, `${name}.log`));
    return logFiles.at(-1);
  };
  const startProcs = () =>
    Promise.all(
      variants.map(async (v, i) => {
        const own = perVariant[i];
        const sqliteProc = own.sqlite
          ? await kept(startService({ env: own.sqlite.env, logFile: logFile(`ab-${String(i)}`), root: v.root }))
          : null;
        const pg = await Promise.all(
          (own.pg ?? []).map(async (p) => ({
            ...p,
            proc: await kept(startService({ env: { ...p.env, ...v.env }, logFile: logFile(`ab-${String(i)}-${p.name}`), root: v.root })),
          })),
        );
        return { sqlite: sqliteProc, pg };
      }),
    );
  let procs = await startProcs();

  const newPet = JSON.stringify({ name: 'Bench pet', categoryId: 7, status: 'pending' });
  /** What each variant is sent for scenario `name`: its server, the request and, on PostgreSQL, its database. */
  const targetOf = (name, i) => {
    if (SQLITE.includes(name)) {
      const { key, seed } = perVariant[i].sqlite;
      const mid = seed.firstId + Math.floor((seed.lastId - seed.firstId) / 2);
      const headers = { Authorization: `Bearer ${key}` };
      const server = procs[i].sqlite;
      if (name === 'listPets') return { server, path: '/v1/pets?limit=20', headers, status: 200, list: true };
      if (name === 'listPetsStatus') return { server, path: '/v1/pets?limit=20&status=available', headers, status: 200, list: true };
      if (name === 'getPet') return { server, path: `/v1/pets/${String(mid)}`, headers, status: 200 };
      if (name === 'mix') return { server, path: '/v1/pets?limit=20', headers, status: 200, list: true, mix: true };
      return {
        server,
        path: '/v1/pets',
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: newPet,
        status: 201,
      };
    }
    const w = writingScenarios(settings.writeRates).find((x) => x.name === name);
    const p = procs[i].pg.find((x) => (w ? x.name === 'pgWriting' : x.name === name));
    const mid = p.seed.firstId + Math.floor((p.seed.lastId - p.seed.firstId) / 2);
    const headers = { Authorization: `Bearer ${p.key}` };
    const list = w ? w.op === 'listPets' : name === 'pgListPets';
    return {
      server: p.proc,
      path: list ? '/v1/pets?limit=20' : `/v1/pets/${String(mid)}`,
      headers,
      status: 200,
      list,
      pg: p,
      ...(w ? { writes: { rate: w.rate, headers, body: newPet } } : {}),
    };
  };

  const scenarios = [];
  for (const name of names) {
    const targets = variants.map((_, i) => targetOf(name, i));
    for (const [i, t] of targets.entries()) {
      const res = await fetch(`${t.server.base}${t.path}`, { method: t.method, headers: t.headers, body: t.body });
      const text = await res.text();
      if (res.status !== t.status)
        throw new Error(`${name} on "${variants[i].label}": expected ${String(t.status)}, got ${String(res.status)} ${text}`);
      if (t.list && JSON.parse(text).length !== 20) throw new Error(`${name} on "${variants[i].label}": expected 20 pets`);
      if (!bareSource && name === 'listPets') bareSource = text;
      t.script = t.mix
        ? writeMixScript(work, `ab-${name}-${String(i)}`, {
            main: { path: t.path, headers: t.headers },
            other: { method: 'POST', path: '/v1/pets', headers: { ...t.headers, 'Content-Type': 'application/json' }, body: newPet },
            every: 10,
          })
        : writeScript(work, `ab-${name}-${String(i)}`, { method: t.method, headers: t.headers, body: t.body });
    }
    scenarios.push({ name, targets });
  }

  // The bare server answers the first page of 20 pets as the first variant sent it (or any 20 pets).
  if (!bareSource) {
    const t = scenarios.flatMap((s) => s.targets).find((x) => x.list) ?? scenarios[0].targets[0];
    bareSource = await (await fetch(`${t.server.base}${t.list ? t.path : '/v1/pets?limit=20'}`, { headers: t.headers })).text();
  }
  const bareBody = join(work, 'ab-bare-body.json');
  writeFileSync(bareBody, bareSource);
  const bare = await kept(startBare(bareBody));
  const bareScript = writeScript(work, 'ab-bare', {});

  const measure = async (server, script, path, seconds, pg, writes) => {
    for (const f of logFiles) truncateSync(f, 0);
    const pg0 = pg ? postgresCpu(pg.database) : null;
    const redis0 = pg ? cpuSeconds(redisServerPid) : 0;
    // The whole server: with WORKERS > 1 the primary and its workers.
    const cpu0 = treeCpuSeconds(server.pid);
    const peakRss = watchTreeRss(server.pid);
    const writer = writes ? startWriter({ base: server.base, headers: writes.headers, body: writes.body, rate: writes.rate }) : null;
    const r = await runWrk({ url: `${server.base}${path}`, script, connections: settings.connections, threads: settings.threads, seconds });
    const written = writer ? await writer.stop() : undefined;
    const perRequest = (s) => (s * 1e6) / Math.max(1, r.requests);
    const out = { ...r, cpuUsPerRequest: perRequest(treeCpuSeconds(server.pid) - cpu0), peakRssMb: peakRss() };
    if (!pg) return out;
    return {
      ...out,
      written,
      pgCpuUsPerRequest: perRequest(postgresCpuDelta(pg0, postgresCpu(pg.database))),
      redisCpuUsPerRequest: perRequest(cpuSeconds(redisServerPid) - redis0),
    };
  };

  const warmUp = async () => {
    if (settings.warmupSeconds <= 0) return;
    log(`warm-up: ${String(settings.warmupSeconds)} s per scenario and variant`);
    await measure(bare, bareScript, '/', settings.warmupSeconds);
    for (const s of scenarios) for (const t of s.targets) await measure(t.server, t.script, t.path, settings.warmupSeconds, t.pg, t.writes);
  };
  await warmUp();

  const rounds = [];
  const failures = [];
  for (let r = 0; r < settings.rounds; r++) {
    // Fresh processes every round (but the first, whose are fresh): a state one process falls into for its
    // lifetime (measured: one of two alike at twice the CPU per request of the other for a whole run) then
    // shows as spread between rounds instead of as a difference between the variants.
    if (r > 0 && settings.restartEachRound) {
      const old = procs.flatMap((x) => [x.sqlite, ...x.pg.map((p) => p.proc)]).filter(Boolean);
      await Promise.all(old.map((p) => p.stop()));
      procs = await startProcs();
      for (const s of scenarios)
        for (const [i, t] of s.targets.entries()) {
          const fresh = targetOf(s.name, i);
          t.server = fresh.server;
          t.pg = fresh.pg;
        }
      await warmUp();
    }
    const round = {};
    for (const s of scenarios) {
      const b = await measure(bare, bareScript, '/', settings.seconds);
      // A, B, … in odd rounds and … B, A in even ones: neither variant always runs first after bare.
      const order = variants.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      const byVariant = new Array(variants.length);
      for (const i of order) {
        const t = s.targets[i];
        byVariant[i] = await measure(t.server, t.script, t.path, settings.seconds, t.pg, t.writes);
      }
      for (const [who, m] of [['bare', b], ...byVariant.map((m, i) => [variants[i].label, m])]) {
        const e = m.errors;
        if (e.non2xx3xx || e.timeout || e.connect)
          failures.push(`round ${String(r + 1)} ${s.name} ${who}: ${JSON.stringify({ requests: m.requests, ...e })}`);
        if (m.written?.failed) failures.push(`round ${String(r + 1)} ${s.name} ${who}: ${String(m.written.failed)} writes failed`);
      }
      round[s.name] = { bare: b, variants: byVariant, loadAverage: loadavg()[0] };
      log(
        `round ${String(r + 1)}/${String(settings.rounds)} ${s.name}: ` +
          `${byVariant.map((m, i) => `${variants[i].label} ${m.rps.toFixed(0)} req/s ${m.cpuUsPerRequest.toFixed(1)} µs CPU`).join(', ')}; ` +
          `bare ${b.rps.toFixed(0)}; load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    rounds.push(round);
  }

  const summary = summariseVariants(variants, names, rounds);
  printVariants(variants, summary);
  return { variants: variants.map(({ label, root, env, ref, commit }) => ({ label, root, env, ref, commit })), summary, rounds, failures };
}

const spread = (xs) => {
  const v = xs.filter(Number.isFinite);
  return { median: median(v), min: Math.min(...v), max: Math.max(...v) };
};

/**
 * Per scenario and variant: medians of req/s, CPU per request (the service process's user + system over its
 * requests), p99 and the ratio to bare; for every variant after the first, the same-round ratios to the first
 * (req/s B/A and CPU per request B/A) with their spread over the rounds; the load average over the rounds.
 */
export function summariseVariants(variants, names, rounds) {
  const summary = {};
  for (const name of names) {
    const runs = rounds.map((r) => r[name]).filter(Boolean);
    const of = (i, k) => median(runs.map((x) => x.variants[i][k]));
    summary[name] = {
      bareRps: median(runs.map((x) => x.bare.rps)),
      loadAverage: spread(runs.map((x) => x.loadAverage)),
      variants: variants.map((v, i) => ({
        label: v.label,
        rps: of(i, 'rps'),
        p99Ms: of(i, 'p99Ms'),
        cpuUsPerRequest: of(i, 'cpuUsPerRequest'),
        peakRssMb: Math.max(...runs.map((x) => x.variants[i].peakRssMb ?? 0)),
        ratioToBare: median(runs.map((x) => x.variants[i].rps / x.bare.rps)),
        ...(runs[0]?.variants[i].pgCpuUsPerRequest !== undefined
          ? { pgCpuUsPerRequest: of(i, 'pgCpuUsPerRequest'), redisCpuUsPerRequest: of(i, 'redisCpuUsPerRequest') }
          : {}),
        ...(runs[0]?.variants[i].written ? { writesPerSecond: median(runs.map((x) => x.variants[i].written.perSecond)) } : {}),
        ...(i === 0
          ? {}
          : {
              rpsRatio: spread(runs.map((x) => x.variants[i].rps / x.variants[0].rps)),
              cpuRatio: spread(runs.map((x) => x.variants[i].cpuUsPerRequest / x.variants[0].cpuUsPerRequest)),
            }),
      })),
    };
  }
  return summary;
}

const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const range = (s) => `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;

/** The comparison as a table, then for each variant after the first whether it costs more CPU per request. */
export function printVariants(variants, summary) {
  const rows = [
    ['scenario', 'variant', 'req/s', 'of bare', 'p99 ms', 'CPU µs/req', 'peak RSS MiB', 'req/s B/A (range)', 'CPU/req B/A (range)', 'load'],
  ];
  for (const [name, s] of Object.entries(summary)) {
    for (const [i, v] of s.variants.entries()) {
      rows.push([
        i === 0 ? name : '',
        v.label,
        fmt(v.rps, 0),
        fmt(v.ratioToBare),
        fmt(v.p99Ms),
        `${fmt(v.cpuUsPerRequest, 1)}${v.pgCpuUsPerRequest === undefined ? '' : ` (PG ${fmt(v.pgCpuUsPerRequest, 0)}, Redis ${fmt(v.redisCpuUsPerRequest, 0)})`}`,
        fmt(v.peakRssMb, 0),
        v.rpsRatio ? range(v.rpsRatio) : '',
        v.cpuRatio ? range(v.cpuRatio) : '',
        i === 0 ? `${fmt(s.loadAverage.median, 1)} (${fmt(s.loadAverage.min, 1)}–${fmt(s.loadAverage.max, 1)})` : '',
      ]);
    }
  }
  const widths = rows[0].map((_, j) => Math.max(...rows.map((r) => String(r[j]).length)));
  console.log('');
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j < 2 ? String(c).padEnd(widths[j]) : String(c).padStart(widths[j]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log('');
  for (const [name, s] of Object.entries(summary)) {
    for (const v of s.variants.slice(1)) {
      const c = v.cpuRatio;
      const verdict =
        c.min === c.max
          ? 'one round, so no spread'
          : c.max <= 1
            ? 'lower in every round'
            : c.min >= 1
              ? 'higher in every round'
              : 'within the spread of the rounds';
      console.log(`${name}: "${v.label}" / "${variants[0].label}" CPU per request ${range(c)}, ${verdict}; req/s ${range(v.rpsRatio)}`);
    }
  }
}

/** Writes the comparison's results beside the ordinary bench's: bench-ab-<time>.json and latest-ab.json. */
export function writeVariantResults(outDir, started, result) {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `bench-ab-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(outDir, 'latest-ab.json'), `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
