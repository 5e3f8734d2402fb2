#!/usr/bin/env node
// Runs npm scripts at the same time and prints each one's output, whole, when it ends:
//   node scripts/run-checks.mjs typecheck lint format:check build
// Names joined by `+` run one after the other in one slot (`build:server+lint:openapi`: the lint reads the build).
// `npm test` runs its checks this way (each is one process on one core); it fails when any of them fails.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

/** Runs one npm script, printing its output whole when it ends; resolves with its exit status. */
const runScript = (name) =>
  new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${String(err)}\n`)));
    child.on('close', (code, signal) => {
      const status = code ?? 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `\n> npm run ${name}: ${status === 0 ? 'ok' : `failed (${signal ?? `exit ${String(status)}`})`} after ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(chunks));
      resolve({ name, status });
    });
  });

/** The scripts of one slot in turn; a failure stops the slot. */
async function runSlot(slot) {
  for (const name of slot.split('+')) {
    const result = await runScript(name);
    if (result.status !== 0) return result;
  }
  return { name: slot, status: 0 };
}

const results = await Promise.all(names.map(runSlot));

const failed = results.filter((r) => r.status !== 0).map((r) => r.name);
if (failed.length > 0) {
  process.stderr.write(`\nfailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
