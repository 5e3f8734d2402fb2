import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';

const FIXTURES = 'test/runner/fixtures';
const fixture = (name: string) => `${FIXTURES}/${name}.fixture.ts`;

interface Run {
  code: number | null;
  out: string;
}

/** scripts/run-tests.mjs on some files, as `npm test` runs it, bounded. */
function runTests(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/run-tests.mjs', ...args], { timeout: 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      const code = err === null ? 0 : typeof err.code === 'number' ? err.code : null;
      resolve({ code, out: `${stdout}${stderr}` });
    });
  });
}

/** The summary's entry for one failed file: from its line to the next file's. */
function failure(out: string, name: string): string | undefined {
  const summary = out.slice(out.lastIndexOf('\nfailed files:'));
  const start = summary.indexOf(`✖ ${fixture(name)}:`);
  if (start < 0) return undefined;
  const rest = summary.slice(start + 1);
  const end = rest.search(/\n {2}✖ |\n\n/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Whether a process runs (a zombie waiting for its parent does not). */
function running(pid: number): boolean {
  const stat = `/proc/${String(pid)}/stat`;
  if (!existsSync(stat)) return false;
  return !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
}

describe('scripts/run-tests.mjs: a test file never hangs the run', () => {
  let passing: Run;
  let leaving: Run;
  let bounded: Run;
  let declared: Run;

  before(async () => {
    // At the same time: a file that ends by itself; two that outlive their tests (failed by the 10 s grace, well
    // inside their bound); two that never end, bounded at 3 s: never-ends is ended by its watchdog, spins (whose
    // event loop never turns) by the runner's kill 15 s later.
    [passing, leaving, bounded, declared] = await Promise.all([
      runTests([fixture('finishes')]),
      runTests(['--file-timeout=60', fixture('finishes'), fixture('leaves-child'), fixture('leaves-timer')]),
      runTests(['--file-timeout=3', fixture('never-ends'), fixture('spins')]),
      runTests(['--file-timeout=2', fixture('declares-longer')]),
    ]);
  });

  test('a file that ends by itself passes, and its skipped test is listed with its reason', () => {
    assert.equal(passing.code, 0, passing.out);
    assert.match(passing.out, /▶ test\/runner\/fixtures\/finishes\.fixture\.ts: ok after \d+ s/);
    assert.match(
      passing.out,
      /\nskipped: 1, by reason .*\n {2}the fixture service is not here: set FIXTURE_URL to run \(1\):\n {4}- test\/runner\/fixtures\/finishes\.fixture\.ts › a suite that closes what it opened › is skipped\n/,
    );
    assert.match(passing.out, /\n1 files, 2 tests: 1 passed, 0 failed, 1 skipped; 0 files failed; \d+ s\n$/);
  });

  test('a file that leaves a child process running fails, naming the process, which is stopped', () => {
    assert.equal(leaving.code, 1, leaving.out);
    const entry = failure(leaving.out, 'leaves-child');
    assert.ok(entry, leaving.out);
    assert.match(entry, /still running 10 s after its tests ended:\n\s+child process (\d+): sleep 300\n/);
    const pid = Number(/child process (\d+): sleep 300/.exec(entry)?.[1]);
    assert.equal(running(pid), false, 'the forgotten child was stopped');
  });

  test('a file that leaves a timer running fails, naming where the timer was set', () => {
    const entry = failure(leaving.out, 'leaves-timer');
    assert.ok(entry, leaving.out);
    assert.match(entry, /still running 10 s after its tests ended:\n\s+interval of 60000 ms set at .*leaves-timer\.fixture\.ts:5:3\)/);
  });

  test('beside failing files, the passing one is not listed and the totals count every test', () => {
    assert.equal(failure(leaving.out, 'finishes'), undefined);
    assert.match(leaving.out, /\n3 files, 4 tests: 3 passed, 0 failed, 1 skipped; 2 files failed; \d+ s\n$/);
  });

  test('a file still running at its bound is ended and fails, with what it holds', () => {
    assert.equal(bounded.code, 1, bounded.out);
    const entry = failure(bounded.out, 'never-ends');
    assert.ok(entry, bounded.out);
    assert.match(entry, /still running after 3 s, the bound for one file:\n\s+interval of 1000 ms set at .*never-ends\.fixture\.ts/);
  });

  test('a file whose event loop never turns is killed 15 s after its bound, and fails', () => {
    const entry = failure(bounded.out, 'spins');
    assert.ok(entry, bounded.out);
    assert.match(entry, /killed 18 s after it started \(it did not end by itself\)/);
  });

  test('a test that declares a longer timeout raises its file’s bound to that plus a minute', () => {
    assert.equal(declared.code, 0, declared.out);
    assert.match(declared.out, /\n1 files, 1 tests: 1 passed, 0 failed, 0 skipped; 0 files failed; \d+ s\n$/);
  });
});
