import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type Ignore from 'ignore';

// CommonJS packages are loaded with require, not import: the CLI then never starts the ESM loader's CommonJS
// lexer, which took 7 MB of a remote command's memory (measured with `petstore help`: 60 → 53 MB).
const ignore = createRequire(import.meta.url)('ignore') as typeof Ignore;

/** The file in a site's folder that lists what a deploy leaves out, in .gitignore syntax. */
export const IGNORE_FILE = '.petstoreignore';

/** Never part of a deploy, at any depth: version control and dependencies. */
const ALWAYS_LEFT_OUT = ['.git', 'node_modules', `/${IGNORE_FILE}`];

/** Says whether a path of the folder (`a/b.html`; a folder with its final `/`) is left out of the deploy. */
export type LeaveOut = (path: string) => boolean;

/**
 * What a deploy of this folder leaves out: `.git` and `node_modules` wherever they
 * are, the ignore file itself, and the patterns of its `.petstoreignore` (gitignore
 * syntax, read with the `ignore` library, as git reads .gitignore).
 */
export async function leaveOutFor(root: string): Promise<LeaveOut> {
  const rules = ignore().add(ALWAYS_LEFT_OUT);
  const text = await readFile(join(root, IGNORE_FILE), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return '';
    throw err;
  });
  rules.add(text);
  return (path) => rules.ignores(path);
}
