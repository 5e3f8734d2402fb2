#!/usr/bin/env node
// Runs every test file under test/ with Node's test runner (TypeScript through tsx).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const files = readdirSync('test', { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('test', f))
  .sort();
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
