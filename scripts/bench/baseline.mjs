// Another build of Petstore to compare with this checkout: a git ref exported into a folder of its own under
// the OS temp dir (it shares no files with this checkout), installed and built there, and kept by commit so that
// a second run reuses it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

/** Where built refs are kept: one folder per commit (BENCH_BUILDS, else petstore-bench-builds in the OS temp dir). */
export const buildsDir = () => process.env.BENCH_BUILDS || join(tmpdir(), 'petstore-bench-builds');
const DONE = '.bench-build-done';

const git = (args, opts = {}) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', ...opts });

/** The commit `ref` names in this checkout's repository, or an error that says which ref. */
export function resolveCommit(ref) {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new Error(`BENCH_BASELINE: ${ref} is not a commit of this repository`);
  }
}

/**
 * The folder holding `ref` built (bin/petstore and dist/ ready), building it first unless a earlier run did.
 * Its dependencies: when its package-lock.json is this checkout's byte for byte, a symlink to this checkout's
 * node_modules (nothing to install); otherwise `npm ci` in the folder (which builds it too, `prepare`).
 */
export function buildRef(ref, log = console.log) {
  const commit = resolveCommit(ref);
  const builds = buildsDir();
  const dir = join(builds, commit);
  if (existsSync(join(dir, DONE))) {
    log(`build of ${ref} (${commit.slice(0, 12)}) reused from ${dir}`);
    return { ref, commit, dir };
  }
  // A half-made folder (a run stopped mid-build) is made again from nothing, in a folder beside it, then renamed.
  const partial = `${dir}.partial-${String(process.pid)}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const started = Date.now();
  try {
    // git archive: the files of the commit only; no worktree to register or forget to remove.
    const tar = join(builds, `${commit}-${String(process.pid)}.tar`);
    git(['archive', '--format=tar', '-o', tar, commit]);
    execFileSync('tar', ['-xf', tar, '-C', partial]);
    rmSync(tar, { force: true });
    const sameLock =
      existsSync(join(ROOT, 'node_modules')) &&
      readFileSync(join(partial, 'package-lock.json'), 'utf8') === readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
    const run = (cmd, args) => execFileSync(cmd, args, { cwd: partial, stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
    if (sameLock) {
      symlinkSync(join(ROOT, 'node_modules'), join(partial, 'node_modules'), 'dir');
      log(`building ${ref} (${commit.slice(0, 12)}) in ${dir}: same package-lock.json, node_modules linked to this checkout's`);
      run('npm', ['run', 'build', '--silent']);
    } else {
      log(`building ${ref} (${commit.slice(0, 12)}) in ${dir}: npm ci (its package-lock.json differs from this checkout's)`);
      run('npm', ['ci', '--no-audit', '--no-fund']);
    }
    writeFileSync(join(partial, DONE), `${new Date().toISOString()}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  log(`built ${ref} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { ref, commit, dir };
}
