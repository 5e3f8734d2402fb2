import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRef } from '../../scripts/bench/baseline.mjs';

const hasWrk = !spawnSync('wrk', ['--version']).error;

interface VariantFigures {
  label: string;
  rps: number;
  cpuUsPerRequest: number;
  ratioToBare: number;
  rpsRatio?: { median: number; min: number; max: number };
  cpuRatio?: { median: number; min: number; max: number };
}
interface AbResult {
  variants: { label: string; root: string; env: Record<string, string>; commit?: string }[];
  summary: Record<string, { bareRps: number; loadAverage: { median: number }; variants: VariantFigures[] }>;
  rounds: Record<string, { bare: { requests: number }; variants: { requests: number; errors: Record<string, number> }[] }>[];
  failures: string[];
}

/** `npm run bench` comparing variants in its smoke mode; returns its output and its results file. */
function runBench(env: Record<string, string>, timeout: number): { stdout: string; result: AbResult } {
  const out = mkdtempSync(join(tmpdir(), 'petstore-bench-ab-'));
  try {
    const run = spawnSync(process.execPath, ['scripts/bench/run.mjs'], {
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_OUT: out, ...env },
      encoding: 'utf8',
      timeout,
    });
    assert.equal(run.status, 0, `bench failed:\n${run.stdout}\n${run.stderr}`);
    return { stdout: run.stdout, result: JSON.parse(readFileSync(join(out, 'latest-ab.json'), 'utf8')) as AbResult };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Every scenario measured on every variant and on bare in each round, with same-round ratios to the first. */
function assertCompared(result: AbResult, labels: string[], scenarios: string[], rounds = 1): void {
  assert.deepEqual(result.failures, []);
  assert.deepEqual(
    result.variants.map((v) => v.label),
    labels,
  );
  assert.deepEqual(Object.keys(result.summary).sort(), [...scenarios].sort());
  assert.equal(result.rounds.length, rounds);
  for (const name of scenarios) {
    for (const round of result.rounds) {
      const run = round[name];
      assert.ok(run && run.bare.requests > 0, `${name}: bare not measured`);
      assert.equal(run.variants.length, labels.length);
      for (const [i, m] of run.variants.entries()) {
        assert.ok(m.requests > 0 && m.errors.non2xx3xx === 0, `${name} ${labels[i]}: ${JSON.stringify(m)}`);
      }
    }
    const s = result.summary[name];
    assert.ok(s && s.bareRps > 0 && Number.isFinite(s.loadAverage.median), `${name}: ${JSON.stringify(s)}`);
    for (const [i, v] of s.variants.entries()) {
      assert.ok(v.rps > 0 && v.cpuUsPerRequest > 0 && v.ratioToBare > 0, `${name} ${v.label}: ${JSON.stringify(v)}`);
      if (i === 0) assert.equal(v.rpsRatio, undefined);
      else
        assert.ok(v.rpsRatio && v.rpsRatio.median > 0 && v.cpuRatio && v.cpuRatio.median > 0, `${name} ${v.label}: ${JSON.stringify(v)}`);
    }
  }
}

/** One build under two settings: the same machinery as builds compared, without a second build; two rounds, the second on fresh processes. */
test('the bench compares one build under two settings in the same rounds', { timeout: 300_000 }, (t) => {
  if (!hasWrk) {
    if (process.env.CI === 'true') assert.fail('wrk is not installed; .ci/run installs it (apt-get install -y wrk)');
    t.skip('wrk is not installed (apt-get install -y wrk)');
    return;
  }
  const variants = [{ label: 'metrics off', env: { METRICS_ENABLED: 'false' } }, { label: 'metrics on' }];
  const { stdout, result } = runBench(
    { BENCH_VARIANTS: JSON.stringify(variants), BENCH_SCENARIOS: 'listPets,getPet,createPet', BENCH_ROUNDS: '2' },
    290_000,
  );
  assertCompared(result, ['metrics off', 'metrics on'], ['listPets', 'getPet', 'createPet'], 2);
  assert.deepEqual(result.variants[0]?.env, { METRICS_ENABLED: 'false' });
  assert.match(stdout, /listPets: "metrics on" \/ "metrics off" CPU per request/);
});

/**
 * BENCH_BASELINE: a git ref built in a folder of its own (here HEAD's commit, whose package-lock.json is this
 * checkout's, so node_modules is linked rather than installed) and compared with this checkout; built once.
 */
test('the bench builds a baseline ref apart and compares it with this build', { timeout: 600_000 }, (t) => {
  if (!hasWrk) {
    if (process.env.CI === 'true') assert.fail('wrk is not installed; .ci/run installs it (apt-get install -y wrk)');
    t.skip('wrk is not installed (apt-get install -y wrk)');
    return;
  }
  const builds = mkdtempSync(join(tmpdir(), 'petstore-bench-builds-'));
  const saved = process.env.BENCH_BUILDS;
  try {
    // HEAD's commit, named before the run: a commit made meanwhile would move HEAD.
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    assert.match(head, /^[0-9a-f]{40}$/);
    const { stdout, result } = runBench({ BENCH_BASELINE: head, BENCH_BUILDS: builds, BENCH_SCENARIOS: 'listPets' }, 590_000);
    assertCompared(result, [`baseline ${head}`, 'this build'], ['listPets']);
    assert.equal(result.variants[0]?.commit, head);
    assert.equal(result.variants[0]?.root, join(builds, head));
    assert.match(stdout, new RegExp(`building ${head} .*node_modules linked`));
    assert.ok(existsSync(join(builds, head, 'dist')) && lstatSync(join(builds, head, 'node_modules')).isSymbolicLink());
    // The folder holds the commit's files only: no git worktree registered for it.
    const worktrees = spawnSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' }).stdout;
    assert.ok(!worktrees.includes(builds), worktrees);
    // A second run reuses the build.
    process.env.BENCH_BUILDS = builds;
    const said: string[] = [];
    const again = buildRef(head, (m) => said.push(m));
    assert.equal(again.dir, join(builds, head));
    assert.match(said.join('\n'), /reused/);
  } finally {
    if (saved === undefined) delete process.env.BENCH_BUILDS;
    else process.env.BENCH_BUILDS = saved;
    rmSync(builds, { recursive: true, force: true });
  }
});
