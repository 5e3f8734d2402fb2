import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const hasWrk = !spawnSync('wrk', ['--version']).error;

interface Measured {
  requests: number;
  errors: { non2xx3xx: number; statuses?: { shed: number; other: number } };
  written?: { sent: number; created: number; failed: number; shed: number };
}

/**
 * Answers of status 400 and above other than 503 with Retry-After, which a database past its time bound gives
 * on a loaded runner (the smoke run counts those apart and so must have the split for every measurement).
 */
function unexpected(m: Measured): number {
  assert.ok(m.errors.statuses, `the smoke run tells the statuses apart: ${JSON.stringify(m.errors)}`);
  assert.equal(m.errors.statuses.shed + m.errors.statuses.other, m.errors.non2xx3xx, JSON.stringify(m.errors));
  // A few, on a loaded runner; a path that sheds most of its load is broken.
  assert.ok(m.errors.statuses.shed * 10 <= m.requests, `shed a tenth or more of ${String(m.requests)}: ${JSON.stringify(m.errors)}`);
  return m.errors.statuses.other;
}

/** The PostgreSQL + Redis scenarios run when the bench is given both (its own variables, else the test suite's). */
const scaleOut =
  Boolean(process.env.BENCH_POSTGRES_URL || process.env.PETSTORE_TEST_POSTGRES_URL) &&
  Boolean(process.env.BENCH_REDIS_URL || process.env.PETSTORE_TEST_REDIS_URL);
const SCALE_OUT = ['pgListPets', 'pgGetPet', 'pgCreatePet', 'pgPlaceOrder'];
/** listPets and getPet while the project takes writes (in smoke mode at one rate, 100 createPet a second). */
const WRITING = ['pgListPetsW100', 'pgGetPetW100'];

/**
 * `npm run bench` end to end in its smoke mode (a small table, one round of
 * one second per scenario): the real scripts, servers and wrk. It checks that
 * the harness works and reports every scenario, never how fast anything is.
 */
test('the bench runs end to end and reports every scenario', { timeout: scaleOut ? 600_000 : 300_000 }, (t) => {
  if (!hasWrk) {
    if (process.env.CI === 'true') assert.fail('wrk is not installed; .ci/run installs it (apt-get install -y wrk)');
    t.skip('wrk is not installed (apt-get install -y wrk)');
    return;
  }
  const out = mkdtempSync(join(tmpdir(), 'petstore-bench-smoke-'));
  try {
    const run = spawnSync(process.execPath, ['scripts/bench/run.mjs'], {
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_OUT: out },
      encoding: 'utf8',
      timeout: scaleOut ? 590_000 : 290_000,
    });
    // The runner shows a failure's first line: it says how the bench ended and the last thing it said.
    const ended =
      run.error !== undefined ? run.error.message : run.signal !== null ? `ended by ${run.signal}` : `exit ${String(run.status)}`;
    const last = run.stderr.trimEnd().split('\n').at(-1) ?? '';
    assert.equal(run.status, 0, `bench failed (${ended}): ${last}\n${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /ratio to bare/);
    assert.match(run.stdout, /bare node:http \(fixed 20 pets\)/);

    const result = JSON.parse(readFileSync(join(out, 'latest.json'), 'utf8')) as {
      settings: { smoke: boolean; rounds: number };
      summary: Record<string, { rps: number; p99Ms: number; ratio: number; peakRssMb: number }>;
      rounds: Record<
        string,
        {
          bare: Measured;
          service: Measured;
          peer?: Measured;
          off?: Measured;
        }
      >[];
      failures: string[];
      memory: { service: { peakMb: number } };
      metricsCost: { cpuUsPerRequest: number } | null;
      usageCost: { rps: number; rpsWithout: number; cpuUsPerRequest: number } | null;
      tlsHandshakes: { perSecond: number; barePerSecond: number; ratio: number } | null;
      targets: { name: string }[];
      errorFlood: { bodyBytes: number; responseBytes: number } | null;
      roundTrips: Record<string, Record<'service' | 'peer', { pgRoundTrips: number; redisCommands: number }>>;
      requestLog: Record<
        'sqlite' | 'postgres',
        { eventLoopUsPerRequest: number; totalUsPerRequest: number; bytesPerMillion: number } | undefined
      >;
    };
    assert.equal(result.settings.smoke, true);
    assert.deepEqual(result.failures, []);
    const scenarios = [
      'listPets',
      'bareWithHeaders',
      'listPetsStaging',
      'listPetsStatus',
      'listPetsDeep',
      'listPetsDeepStatus',
      'getPet',
      'listPetsUsage',
      'listPetsNoUsage',
      'listPetsNoMetrics',
      'createPet',
      'createPetWebhook',
      'createPetNoWebhook',
      'createPetOutboxOnly',
      'placeOrder',
      'mixed',
      'errorFlood',
      'staticSite',
      'httpsSite',
      'httpsHandshakes',
      ...(scaleOut ? [...SCALE_OUT, ...WRITING] : []),
    ];
    assert.deepEqual(Object.keys(result.summary).sort(), [...scenarios].sort());
    assert.equal(result.rounds.length, 1);
    for (const name of scenarios) {
      const run1 = result.rounds[0]?.[name];
      assert.ok(run1 && run1.service.requests > 0 && run1.bare.requests > 0, `${name}: no requests measured`);
      if (run1.peer) assert.equal(unexpected(run1.peer), 0, `${name}: the peer's error responses`);
      // The error flood is answered 400 throughout; every other scenario never errs (503 with Retry-After aside).
      assert.equal(unexpected(run1.service), name === 'errorFlood' ? run1.service.requests : 0, `${name}: error responses`);
      const s = result.summary[name];
      assert.ok(s && s.rps > 0 && s.ratio > 0 && s.peakRssMb > 0, `${name}: incomplete summary ${JSON.stringify(s)}`);
    }
    assert.ok(result.memory.service.peakMb > 0);
    assert.equal(typeof result.metricsCost?.cpuUsPerRequest, 'number');
    assert.ok(result.usageCost && result.usageCost.rps > 0 && result.usageCost.rpsWithout > 0, JSON.stringify(result.usageCost));
    assert.ok(result.tlsHandshakes && result.tlsHandshakes.perSecond > 0 && result.tlsHandshakes.barePerSecond > 0);
    assert.match(run.stdout, /new TLS connections per second/);
    // The request log's cost: CPU per request and growth per million requests, on each engine the run had.
    for (const engine of ['sqlite', ...(scaleOut ? ['postgres' as const] : [])] as const) {
      const r = result.requestLog[engine];
      assert.ok(
        r && r.eventLoopUsPerRequest > 0 && r.totalUsPerRequest >= r.eventLoopUsPerRequest && r.bytesPerMillion > 0,
        `${engine}: ${JSON.stringify(r)}`,
      );
    }
    assert.match(run.stdout, /request log \(/);
    assert.equal(result.targets.length, scaleOut ? 19 : 13);
    assert.ok(result.targets.some((t) => t.name === 'listPets through the staging address / production (same rounds)'));
    for (const name of scaleOut ? SCALE_OUT : []) {
      const s = result.summary[name] as { peerRps?: number; peerRatio?: number; pgCpuUsPerRequest?: number };
      assert.ok(s.peerRps && s.peerRps > 0 && s.peerRatio && s.peerRatio > 0, `${name}: no peer figures ${JSON.stringify(s)}`);
      assert.equal(typeof s.pgCpuUsPerRequest, 'number');
      const counted = result.roundTrips[name];
      // Every request reads or writes PostgreSQL and counts itself in Redis, the service's and the peer's alike.
      for (const who of ['service', 'peer'] as const) {
        assert.ok(
          counted && counted[who].pgRoundTrips >= 1 && counted[who].redisCommands >= 1,
          `${name} ${who}: ${JSON.stringify(counted)}`,
        );
      }
    }
    // While writing: the service with held answers, the one with HELD_ANSWERS=false and the peer each took reads and writes.
    for (const name of scaleOut ? WRITING : []) {
      const r = result.rounds[0]?.[name];
      for (const who of ['service', 'off', 'peer'] as const) {
        const m = r?.[who];
        assert.ok(m && m.requests > 0 && unexpected(m) === 0, `${name} ${who}: ${JSON.stringify(m)}`);
        assert.ok(
          m.written && m.written.created > 0 && m.written.failed === m.written.shed && m.written.shed * 10 <= m.written.sent,
          `${name} ${who} writes: ${JSON.stringify(m.written)}`,
        );
      }
      const s = result.summary[name] as { offRps?: number; offPeerRatio?: number; writesPerSecond?: number };
      assert.ok(s.offRps && s.offPeerRatio && s.writesPerSecond, `${name}: ${JSON.stringify(s)}`);
    }
    if (scaleOut) assert.match(run.stdout, /reads while writing/);
    assert.match(run.stdout, scaleOut ? /hand-written peer/ : /ratio to bare/);
    assert.ok(result.targets.some((t) => t.name === 'getPet ratio to bare'));
    assert.ok(result.targets.some((t) => /HTTPS/.test(t.name)));
    assert.ok(
      result.errorFlood && result.errorFlood.bodyBytes > 14_000 && result.errorFlood.responseBytes < 4096,
      JSON.stringify(result.errorFlood),
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
