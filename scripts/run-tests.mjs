#!/usr/bin/env node
// Runs every test file under test/ and packages/*/test/ with Node's test runner (TypeScript through tsx).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const testsUnder = (dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
const packageTests = readdirSync('packages', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join('packages', d.name, 'test')))
  .flatMap((d) => testsUnder(join('packages', d.name, 'test')));
const files = [...testsUnder('test'), ...packageTests].sort();
const extra = process.argv.slice(2);
const args = [
  '--import',
  'tsx',
  '--test',
  '--test-reporter=spec',
  '--test-concurrency=2',
  ...extra,
  ...(extra.some((a) => a.endsWith('.ts')) ? [] : files),
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
