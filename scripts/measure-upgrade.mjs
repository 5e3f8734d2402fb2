#!/usr/bin/env node
// Measures the outage of an upgrade of one SQLite instance done as docs/upgrading.md says ("One instance"):
// the release that runs (1.0.0 by default: its commit is the one CHANGELOG.md names) is built into a directory of
// its own and serves a database named by an absolute path; this checkout, already built (`npm ci`), is the new
// release's directory. While a client asks GET /healthz every 50 ms, the old release is backed up, stopped
// (SIGTERM) and the new one started on the same database. Prints the longest time without a 200, the
// outage, and checks that what the old release wrote is served by the new one.
//   node scripts/measure-upgrade.mjs [--from COMMIT]
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const POLL_MS = 50;

/** The commit CHANGELOG.md names for a release. */
function releaseCommit(version) {
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const section = changelog.slice(changelog.indexOf(`## [${version}]`));
  const commit = /commit `([0-9a-f]{7,40})`/.exec(section)?.[1];
  if (!commit) throw new Error(`CHANGELOG.md names no commit for ${version}`);
  return commit;
}

const fromArg = process.argv.indexOf('--from');
const from = fromArg > 0 ? process.argv[fromArg + 1] : releaseCommit('1.0.0');

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const scratch = mkdtempSync(join(tmpdir(), 'petstore-measure-upgrade-'));
mkdirSync(join(scratch, 'data'));
const oldDir = join(scratch, 'old');
const port = await freePort();
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(scratch, 'data', 'petstore.db')}`,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};
delete env.BACKUP_DIR;
const base = `http://127.0.0.1:${String(port)}`;
const petstore = (dir, ...args) => run(process.execPath, [join(dir, 'bin/petstore'), ...args], { env, cwd: dir });
const serve = (dir) => spawn(process.execPath, [join(dir, 'bin/petstore'), 'serve'], { env, cwd: dir, stdio: 'ignore' });

async function healthy() {
  try {
    return (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) })).status === 200;
  } catch {
    return false;
  }
}

async function waitHealthy(ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await healthy()) return;
    await sleep(POLL_MS);
  }
  throw new Error(`${base} did not answer /healthz within ${String(ms / 1000)} s`);
}

let old;
let current;
try {
  console.log(`building ${from} into ${oldDir} (the release that runs)…`);
  let t = Date.now();
  await run('git', ['-C', root, 'worktree', 'add', '--detach', oldDir, from]);
  await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: oldDir, maxBuffer: 64 << 20 });
  console.log(`  built in ${((Date.now() - t) / 1000).toFixed(1)} s (before the outage: nothing is down)`);
  const oldVersion = JSON.parse(readFileSync(join(oldDir, 'package.json'), 'utf8')).version;

  await petstore(oldDir, 'migrate');
  old = serve(oldDir);
  await waitHealthy(30_000);
  const slug = 'measure';
  await petstore(oldDir, 'projects', 'create', slug, '--plan', 'enterprise', '--per-minute', '1000000', '--per-day', '100000000');
  const { key } = JSON.parse((await petstore(oldDir, 'keys', 'create', '--project', slug, '--json')).stdout);
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const written = [];
  for (const name of ['Rex', 'Ada', 'Tom']) {
    const res = await fetch(`${base}/v1/pets`, { method: 'POST', headers: auth, body: JSON.stringify({ name, categoryId: 1 }) });
    written.push(await res.text());
  }
  const listed = async () => {
    try {
      return (await fetch(`${base}/v1/pets?limit=1`, { headers: auth, signal: AbortSignal.timeout(1000) })).status === 200;
    } catch {
      return false;
    }
  };

  // The client: every 50 ms a GET /healthz (the outage) and a listPets (the API, its database included).
  const polls = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const at = Date.now();
      const [ok, api] = await Promise.all([healthy(), listed()]);
      polls.push({ at, ok, api });
      await sleep(Math.max(0, POLL_MS - (Date.now() - at)));
    }
  })();
  await sleep(500);
  const failedBetween = (from, to) => polls.filter((p) => p.at >= from && p.at < to && (!p.ok || !p.api)).length;

  // The guide's steps: a backup with the release that runs; the new release migrates while it serves; then
  // the old one stops and the new one starts.
  t = Date.now();
  await petstore(oldDir, 'backup', join(scratch, 'before-upgrade.backup'));
  console.log(`backup with ${oldVersion}: ${((Date.now() - t) / 1000).toFixed(1)} s, ${String(failedBetween(t, Date.now()))} failed polls`);
  t = Date.now();
  const migrated = (await petstore(root, 'migrate')).stdout.trim().split('\n').length;
  console.log(
    `migrate with this build while ${oldVersion} serves: ${((Date.now() - t) / 1000).toFixed(1)} s (${String(migrated)} lines), ` +
      `${String(failedBetween(t, Date.now()))} failed polls`,
  );
  const switched = Date.now();
  const exited = new Promise((done) => old.once('exit', done));
  old.kill('SIGTERM');
  await exited;
  const stopped = Date.now();
  old = undefined;
  current = serve(root);
  await waitHealthy(30_000);
  const back = Date.now();
  await sleep(1000);
  polling = false;
  await poller;

  let longest = 0;
  let lastOk = polls[0]?.at ?? switched;
  for (const p of polls) {
    if (!p.ok) continue;
    longest = Math.max(longest, p.at - lastOk);
    lastOk = p.at;
  }
  const failed = polls.filter((p) => !p.ok).length;
  const newVersion = (await (await fetch(`${base}/readyz`)).json()).version;
  const readAll = async () => {
    const read = [];
    for (const body of written) {
      const id = JSON.parse(body).id;
      read.push(await (await fetch(`${base}/v1/pets/${String(id)}`, { headers: auth })).text());
    }
    return read.every((body, i) => body === written[i]);
  };
  const kept = await readAll();
  console.log(`upgrade ${oldVersion} → ${String(newVersion)} on one SQLite instance:`);
  console.log(
    `  stop and start: ${((back - switched) / 1000).toFixed(2)} s from SIGTERM to the new release's first 200 ` +
      `(${oldVersion} exited after ${((stopped - switched) / 1000).toFixed(2)} s; ${String(newVersion)} answered ` +
      `${((back - stopped) / 1000).toFixed(2)} s later)`,
  );
  console.log(
    `  outage seen by a client polling every ${String(POLL_MS)} ms: ${(longest / 1000).toFixed(2)} s without a 200 ` +
      `(${String(failed)} of ${String(polls.length)} polls failed)`,
  );
  console.log(`  the pets ${oldVersion} wrote, read back from ${String(newVersion)}: ${kept ? 'identical' : 'DIFFERENT'}`);
  if (!kept) process.exitCode = 1;

  // Going back without a restore: the old release started again on the migrated database.
  const stoppedNew = new Promise((done) => current.once('exit', done));
  current.kill('SIGTERM');
  await stoppedNew;
  current = undefined;
  old = serve(oldDir);
  const again = await waitHealthy(15_000).then(
    () => true,
    () => false,
  );
  console.log(
    `  ${oldVersion} started again on the database ${String(newVersion)} migrated: ` +
      (again ? `it starts and serves (the pets: ${(await readAll()) ? 'identical' : 'DIFFERENT'})` : 'it does not start'),
  );
} finally {
  old?.kill('SIGKILL');
  if (current) {
    const exited = new Promise((done) => current.once('exit', done));
    current.kill('SIGTERM');
    await exited;
  }
  await run('git', ['-C', root, 'worktree', 'remove', '--force', oldDir]).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
  await run('git', ['-C', root, 'worktree', 'prune']).catch(() => undefined);
}
