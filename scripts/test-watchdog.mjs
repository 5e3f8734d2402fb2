// Loaded by scripts/run-tests.mjs into the process of each test file (`node --import`). A test file must end by
// itself: within GRACE_MS of its last test and `after` hook, and within the runner's time bound
// (PETSTORE_TEST_FILE_BOUND_MS). When it does not, this names what keeps it alive (child processes with their
// command lines, servers, sockets, timers with where they were set, then Node's own list of resources), stops
// the child processes it started, and exits 1: the run fails with that list instead of waiting for ever.
import { ChildProcess } from 'node:child_process';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import timers from 'node:timers';

/** Time a file's process has to end after its last test and hook (closing a pool, a child's exit). */
const GRACE_MS = 10_000;
const SITE = Symbol('where the timer was set');

const require = createRequire(import.meta.url);

/** Live child processes, with their command lines (ChildProcess.spawnargs). */
const children = new Set();
/** Timers set by the file's code, pruned of the ended ones as it goes. */
const timersSet = new Set();

function watchChildren() {
  const spawn = ChildProcess.prototype.spawn;
  ChildProcess.prototype.spawn = function watchedSpawn(...args) {
    const result = spawn.apply(this, args);
    children.add(this);
    this.once('exit', () => children.delete(this));
    return result;
  };
}

function watchTimers() {
  const wrap = (original) =>
    function watchedTimer(...args) {
      const timer = original.apply(this, args);
      const site = {};
      Error.captureStackTrace(site, watchedTimer);
      timer[SITE] = site;
      timersSet.add(timer);
      if (timersSet.size % 1024 === 0) for (const t of timersSet) if (t._destroyed) timersSet.delete(t);
      return timer;
    };
  for (const name of ['setTimeout', 'setInterval']) {
    const original = globalThis[name];
    const watched = wrap(original);
    // Keeps util.promisify's custom form and anything else Node hangs on the function.
    Object.defineProperties(watched, Object.getOwnPropertyDescriptors(original));
    globalThis[name] = watched;
    timers[name] = watched;
  }
}

/** The first frame of a stack outside Node's own code and this file: where the code set the timer. */
function callerOf(site) {
  const frames = String(site.stack ?? '')
    .split('\n')
    .slice(1)
    .map((l) => l.trim().replace(/^at /, ''));
  return frames.find((f) => !f.includes('node:') && !f.includes('test-watchdog')) ?? frames[0] ?? 'an unknown place';
}

/** What keeps this process alive, one line each. */
function openThings() {
  const lines = [];
  for (const child of children) lines.push(`child process ${String(child.pid)}: ${child.spawnargs.join(' ')}`);
  const stdio = new Set([process.stdin, process.stdout, process.stderr]);
  for (const handle of process._getActiveHandles?.() ?? []) {
    if (stdio.has(handle) || handle instanceof ChildProcess) continue;
    const name = handle?.constructor?.name ?? 'handle';
    if (typeof handle.listening === 'boolean' && typeof handle.address === 'function') {
      const a = handle.address();
      lines.push(`server listening on ${typeof a === 'string' ? a : a ? `${a.address}:${String(a.port)}` : '?'}`);
    } else if (handle.remoteAddress !== undefined) {
      lines.push(
        `socket ${String(handle.localAddress)}:${String(handle.localPort)} → ${handle.remoteAddress}:${String(handle.remotePort)}`,
      );
    } else if (!children.size || name !== 'Socket') {
      lines.push(name);
    }
  }
  for (const t of timersSet) {
    if (t._destroyed || !t.hasRef()) continue;
    const kind = t._repeat ? `interval of ${String(t._repeat)} ms` : `timer of ${String(t._idleTimeout)} ms`;
    lines.push(`${kind} set at ${callerOf(t[SITE])}`);
  }
  const counts = new Map();
  for (const r of process.getActiveResourcesInfo()) counts.set(r, (counts.get(r) ?? 0) + 1);
  lines.push(`Node's resources: ${[...counts].map(([r, n]) => `${String(n)} × ${r}`).join(', ') || 'none'}`);
  return lines;
}

function fail(why) {
  const file = process.argv[1] ?? 'this test file';
  process.stderr.write(
    `\n✖ ${file}: ${why}:\n${openThings()
      .map((l) => `    ${l}`)
      .join('\n')}\n`,
  );
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
}

function install() {
  watchChildren();
  watchTimers();
  const nodeTest = require('node:test');
  // The file's own `after` hooks run after this one (registration order): the grace starts when none is running.
  let ended = false;
  let running = 0;
  let grace;
  const arm = () => {
    clearTimeout(grace);
    if (ended && running === 0) {
      grace = setTimeout(() => fail(`still running ${String(GRACE_MS / 1000)} s after its tests ended`), GRACE_MS).unref();
    }
  };
  const after = nodeTest.after;
  nodeTest.after = (fn, options) =>
    after(async function watchedAfter(...args) {
      running += 1;
      clearTimeout(grace);
      try {
        return await fn.apply(this, args);
      } finally {
        running -= 1;
        arm();
      }
    }, options);
  syncBuiltinESMExports();
  after(() => {
    ended = true;
    arm();
  });
  const bound = Number(process.env.PETSTORE_TEST_FILE_BOUND_MS);
  if (bound > 0) setTimeout(() => fail(`still running after ${String(bound / 1000)} s, the bound for one file`), bound).unref();
}

// Only in a test file's own process (node --test sets NODE_TEST_CONTEXT there), never in the runner's.
if (process.env.NODE_TEST_CONTEXT) install();
