#!/usr/bin/env node
// Runs the test files under test/ and packages/*/test/ with Node's test runner (TypeScript through tsx).
//   node scripts/run-tests.mjs                 every test file
//   node scripts/run-tests.mjs --fast          those that start no other process (in-process app, units)
//   node scripts/run-tests.mjs --slow          those that start processes (bin/petstore, servers, Pebble, openssl)
//   node scripts/run-tests.mjs test/x.test.ts  the files named (other arguments go to node --test)
// A file is slow when it, or a test helper it imports, uses node:child_process: no list to keep.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const testsUnder = (dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
const packageTests = readdirSync('packages', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('packages', d.name, 'test')))
  .flatMap((d) => testsUnder(join('packages', d.name, 'test')));
const files = [...testsUnder('test'), ...packageTests].sort();

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
const extra = argv.filter((a) => a !== '--slow' && a !== '--fast');
const selected = only === undefined ? files : files.filter((f) => startsProcesses(f) === (only === 'slow'));
// Three files at a time on 2 cores: each spends part of its time waiting (on the processes it starts, on
// real timers and schedules). Measured with every suite green: test:slow 228 s against 266 s two at a time,
// test:fast 227 s against 283 s; both sets were also green two at a time on a machine loaded 8 to 17.
const concurrency = 3;
const args = [
  '--import',
  'tsx',
  '--test',
  '--test-reporter=spec',
  `--test-concurrency=${String(concurrency)}`,
  ...extra,
  ...(extra.some((a) => a.endsWith('.ts')) ? [] : selected),
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
