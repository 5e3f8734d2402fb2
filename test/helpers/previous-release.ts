import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository this checkout belongs to. */
const REPO = resolve(import.meta.dirname, '../..');

/** The releases CHANGELOG.md lists as released: version, date and the commit each is built from (releases carry no tag). */
export function releases(): { version: string; date: string; commit: string | undefined }[] {
  const changelog = readFileSync(resolve(REPO, 'CHANGELOG.md'), 'utf8');
  return [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})\n([\s\S]*?)(?=^## |(?![\s\S]))/gm)].map((m) => ({
    version: m[1] ?? '',
    date: m[2] ?? '',
    commit: /commit `([0-9a-f]{40})`/.exec(m[3] ?? '')?.[1],
  }));
}

/** The commit CHANGELOG.md names for a release. */
export function releaseCommit(version: string): string {
  const commit = releases().find((r) => r.version === version)?.commit;
  if (commit === undefined) throw new Error(`CHANGELOG.md names no commit for release ${version}`);
  return commit;
}

export interface PreviousRelease {
  /** Its `bin/petstore`, built. */
  bin: string;
  /** Seconds spent checking it out and installing it (`npm ci`, which builds it). */
  buildSeconds: number;
  /** Removes the worktree and its folder. */
  remove(): Promise<void>;
}

/**
 * Why the release at `commit` cannot be built here (its commit is not in this clone's history: a shallow
 * clone), or null when it can.
 */
export async function missingHistory(commit: string): Promise<string | null> {
  try {
    await run('git', ['-C', REPO, 'cat-file', '-e', `${commit}^{commit}`]);
    return null;
  } catch {
    return `commit ${commit} is not in this clone's history (a shallow clone?): git fetch --unshallow to run it`;
  }
}

/**
 * Builds an earlier release from the repository's own history, as its users install it: a detached
 * worktree at `commit` in a temporary folder, then `npm ci` there (from the npm cache where it can). The
 * worktree is registered in this repository until `remove()`.
 */
export async function buildPreviousRelease(commit: string): Promise<PreviousRelease> {
  const started = Date.now();
  // Worktrees of earlier runs that were killed before removing theirs.
  await run('git', ['-C', REPO, 'worktree', 'prune']);
  const dir = join(mkdtempSync(join(tmpdir(), 'petstore-release-')), 'petstore');
  const remove = async () => {
    await run('git', ['-C', REPO, 'worktree', 'remove', '--force', dir]).catch(() => undefined);
    rmSync(resolve(dir, '..'), { recursive: true, force: true });
    await run('git', ['-C', REPO, 'worktree', 'prune']).catch(() => undefined);
  };
  try {
    await run('git', ['-C', REPO, 'worktree', 'add', '--detach', dir, commit]);
    await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, maxBuffer: 64 * 1024 * 1024, timeout: 5 * 60_000 });
  } catch (err) {
    await remove();
    throw err;
  }
  return { bin: join(dir, 'bin/petstore'), buildSeconds: (Date.now() - started) / 1000, remove };
}
