#!/usr/bin/env node
// Runs the test files under test/ and packages/*/test/ with Node's test runner (TypeScript through tsx).
//   node scripts/run-tests.mjs                 every test file
//   node scripts/run-tests.mjs --fast          those that start no other process (in-process app, units)
//   node scripts/run-tests.mjs --slow          those that start processes (bin/petstore, servers, Pebble, openssl)
//   node scripts/run-tests.mjs test/x.test.ts  the files named (other arguments go to node --test)
//   --file-timeout=SECONDS                     the bound for one file (default 600; a test declaring a longer
//                                              `timeout` raises its file's to that plus a minute)
// A file is slow when it, or a test helper it imports, uses node:child_process: no list to keep.
//
// Each file runs in a process group of its own, three at a time, its output printed whole when it ends. A file
// never hangs the run: scripts/test-watchdog.mjs, loaded into it, fails it naming what was left open when its
// process outlives its tests by 10 s or reaches the bound; at the bound plus 15 s the runner kills the group
// (a file stuck in a loop), and processes of the group still alive once the file ended are named and killed.
// The run ends with the count of tests and every skipped test grouped by its reason, then the failed files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const WATCHDOG = join(here, 'test-watchdog.mjs');
const OUTCOMES = join(here, 'test-outcomes.mjs');
/** After the bound, the watchdog has this long to report before the runner kills the file's group. */
const KILL_AFTER_MS = 15_000;

const testsUnder = (dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
const allFiles = () => {
  const packageTests = readdirSync('packages', { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join('packages', d.name, 'test')))
    .flatMap((d) => testsUnder(join('packages', d.name, 'test')));
  return [...testsUnder('test'), ...packageTests].sort();
};

const spawning = new Map();
/** True when the file or a relative import of it under a test folder starts processes. */
function startsProcesses(file) {
  const path = resolve(file);
  if (spawning.has(path)) return spawning.get(path);
  spawning.set(path, false);
  const text = readFileSync(path, 'utf8');
  const imports = [...text.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)]
    .map((m) => resolve(dirname(path), `${m[1]}.ts`))
    .filter((p) => /[/\\]test[/\\]/.test(p) && existsSync(p));
  const result = text.includes("'node:child_process'") || imports.some(startsProcesses);
  spawning.set(path, result);
  return result;
}

const argv = process.argv.slice(2);
const only = argv.includes('--slow') ? 'slow' : argv.includes('--fast') ? 'fast' : undefined;
const timeoutArg = argv.find((a) => a.startsWith('--file-timeout='));
const boundMs = timeoutArg === undefined ? 600_000 : Number(timeoutArg.slice('--file-timeout='.length)) * 1000;
if (!(boundMs > 0)) {
  process.stderr.write(`run-tests: --file-timeout takes a number of seconds, not ${String(timeoutArg)}\n`);
  process.exit(2);
}
const rest = argv.filter((a) => a !== '--slow' && a !== '--fast' && a !== timeoutArg);
const named = rest.filter((a) => !a.startsWith('-') && /\.(ts|mjs|js)$/.test(a));
const nodeFlags = rest.filter((a) => !named.includes(a));
const missing = named.filter((f) => !existsSync(f));
if (missing.length > 0) {
  process.stderr.write(`run-tests: no such file: ${missing.join(', ')}\n`);
  process.exit(2);
}
const files = named.length > 0 ? named : allFiles().filter((f) => only === undefined || startsProcesses(f) === (only === 'slow'));

// Three files at a time on 2 cores: each spends part of its time waiting (on the processes it starts, on
// real timers and schedules). Measured with every suite green: test:slow 228 s against 266 s two at a time,
// test:fast 227 s against 283 s; both sets were also green two at a time on a machine loaded 8 to 17.
const concurrency = 3;
const scratch = mkdtempSync(join(tmpdir(), 'petstore-run-tests-'));
const started = Date.now();

/** Live processes of a process group (the file's leftovers), from ps; empty where ps is missing. */
function groupMembers(pgid) {
  const ps = spawnSync('ps', ['-e', '-o', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  if (ps.status !== 0) return [];
  return ps.stdout
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(l))
    .filter((m) => m !== null && Number(m[2]) === pgid && !m[3].startsWith('Z'))
    .map((m) => `${m[1]}: ${m[4]}`);
}

function killGroup(pgid) {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/**
 * The bound for one file: the run's, or, when a test of the file declares a longer `timeout` (`{ timeout: 30 * 60_000 }`,
 * a container build), that plus a minute for its hooks.
 */
function boundFor(file) {
  const declared = [...readFileSync(file, 'utf8').matchAll(/\btimeout:\s*(\d[\d_]*(?:\s*\*\s*\d[\d_]*)*)\s*[,}]/g)].map((m) =>
    m[1].split('*').reduce((product, factor) => product * Number(factor.trim().replaceAll('_', '')), 1),
  );
  return Math.max(boundMs, ...declared.map((ms) => ms + 60_000));
}

/** Runs one file in a process group of its own; resolves with its outcome and its output. */
function runFile(file, index) {
  const bound = boundFor(file);
  return new Promise((done) => {
    const outcomes = join(scratch, `${String(index)}.jsonl`);
    const env = { ...process.env, PETSTORE_TEST_FILE_BOUND_MS: String(bound) };
    // Set only inside a file's process; a runner started from a test must not inherit it.
    delete env.NODE_TEST_CONTEXT;
    const args = [
      '--import',
      'tsx',
      '--import',
      WATCHDOG,
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${OUTCOMES}`,
      `--test-reporter-destination=${outcomes}`,
      ...nodeFlags,
      file,
    ];
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
    running.add(child.pid);
    child.on('exit', () => running.delete(child.pid));
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    let killed = false;
    const killer = setTimeout(() => {
      killed = true;
      killGroup(child.pid);
    }, bound + KILL_AFTER_MS);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      const output = Buffer.concat(chunks).toString();
      const results = existsSync(outcomes)
        ? readFileSync(outcomes, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [];
      const problems = [];
      if (killed) problems.push(`killed ${String((bound + KILL_AFTER_MS) / 1000)} s after it started (it did not end by itself)`);
      // The watchdog's report: what the file left open.
      const open = /^✖ .*: still running[^\n]*:\n(?: {4}.*\n?)*/m.exec(output);
      if (open !== null) problems.push(open[0].replace(/^✖ [^:]*: /, '').trimEnd());
      // What failed, without the suites failed by their tests and the tests cancelled by a failed hook above them.
      const failed = results.filter(
        (t) => !t.ok && t.todo === undefined && resolve(t.name) !== resolve(file) && t.failure !== 'subtestsFailed',
      );
      const causes = failed.filter((t) => t.failure !== 'cancelledByParent');
      for (const t of causes.length > 0 ? causes : failed) problems.push(`failed: ${t.name}: ${String(t.error)}`);
      if (code !== 0 && !killed && problems.length === 0) {
        // Failed outside any test (an error after the tests ended, a file that does not load): its first error line.
        const error = /^(?:ℹ )?\s*(\w*Error\b.*)$/m.exec(output)?.[1];
        problems.push(`${signal === null ? `exit ${String(code)}` : `ended by ${signal}`}${error === undefined ? '' : `: ${error}`}`);
      }
      const leftovers = groupMembers(child.pid);
      if (leftovers.length > 0) {
        problems.push(`left processes running after it ended (now killed):\n${leftovers.map((l) => `    ${l}`).join('\n')}`);
        killGroup(child.pid);
      }
      done({ file, problems, results, output, seconds: (Date.now() - startedAt) / 1000 });
    });
  });
}

/** The process groups of the files running now: a Ctrl-C or a SIGTERM of the run ends them too (their own groups). */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pgid of running) killGroup(pgid);
    rmSync(scratch, { recursive: true, force: true });
    process.exit(130);
  });
}

const reports = [];
let next = 0;
async function worker() {
  while (next < files.length) {
    const index = next++;
    const file = files[index];
    const report = await runFile(file, index);
    reports.push(report);
    const status = report.problems.length === 0 ? 'ok' : 'FAILED';
    process.stdout.write(`\n▶ ${file}: ${status} after ${report.seconds.toFixed(0)} s\n${report.output}`);
    for (const p of report.problems) process.stdout.write(`✖ ${file}: ${p}\n`);
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
rmSync(scratch, { recursive: true, force: true });

// The file itself appears as a failed test when it fails: its problems are listed below instead.
const tests = reports.flatMap((r) => r.results.map((t) => ({ ...t, file: r.file }))).filter((t) => resolve(t.name) !== resolve(t.file));
const skipped = tests.filter((t) => t.skip !== undefined);
const ran = tests.filter((t) => t.kind === 'test' && t.skip === undefined && t.todo === undefined);
const passed = ran.filter((t) => t.ok).length;
const failedTests = ran.length - passed;
const failedFiles = reports.filter((r) => r.problems.length > 0);

const out = [];
if (skipped.length > 0) {
  const byReason = new Map();
  for (const t of skipped) {
    const reason = t.skip === true ? 'skipped (no reason given)' : String(t.skip);
    byReason.set(reason, [...(byReason.get(reason) ?? []), `${relative('.', t.file)} › ${t.name}`]);
  }
  out.push(`\nskipped: ${String(skipped.length)}, by reason (what each says runs them):`);
  for (const [reason, names] of byReason) {
    out.push(`  ${reason} (${String(names.length)}):`, ...names.map((n) => `    - ${n}`));
  }
}
if (failedFiles.length > 0) {
  out.push(`\nfailed files: ${String(failedFiles.length)}`);
  for (const r of failedFiles) out.push(`  ✖ ${r.file}:`, ...r.problems.map((p) => `    ${p.replaceAll('\n', '\n    ')}`));
}
out.push(
  `\n${String(reports.length)} files, ${String(ran.length + skipped.length)} tests: ${String(passed)} passed, ` +
    `${String(failedTests)} failed, ${String(skipped.length)} skipped; ${String(failedFiles.length)} files failed; ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.stdout.write(`${out.join('\n')}\n`);
process.exit(failedFiles.length > 0 ? 1 : 0);
