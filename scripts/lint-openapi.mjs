#!/usr/bin/env node
// Builds the app from dist/, takes the published OpenAPI document and validates it with a standard
// OpenAPI 3.1 validator, checks the rules we hold it to, checks that docs/openapi.json is that
// document, then lints docs/openapi.json with the tools our users run on it: Spectral with the
// OWASP ruleset (.spectral.yaml) and Redocly CLI (redocly.yaml). Any finding fails.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { publishedDocument } from '../dist/contract/document.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const doc = await publishedDocument();

const validator = new Validator();
const result = await validator.validate(structuredClone(doc));
const problems = result.valid ? [] : [JSON.stringify(result.errors, null, 2)];
for (const [path, ops] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(ops)) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!op.operationId) problems.push(`${where}: no operationId`);
    if (!['stable', 'beta', 'experimental'].includes(op['x-stability'])) problems.push(`${where}: no x-stability`);
    if (!op.summary) problems.push(`${where}: no summary`);
    for (const [status, response] of Object.entries(op.responses)) {
      if (!response.description) problems.push(`${where} ${status}: no description`);
    }
    if (!op.responses['401']) problems.push(`${where}: 401 not documented`);
  }
}
const committed = readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8');
if (committed !== `${JSON.stringify(doc, null, 2)}\n`) problems.push('docs/openapi.json is stale: run `npm run openapi:write`');
if (problems.length) {
  console.error(`OpenAPI document has problems (OpenAPI ${validator.version}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `OpenAPI ${validator.version}: valid; ${Object.keys(doc.paths).length} paths, every operation has operationId, x-stability and documented errors.`,
);

const tools = [
  ['Spectral (spectral:oas + OWASP, .spectral.yaml)', 'spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'hint']],
  ['Redocly (recommended-strict, redocly.yaml)', 'redocly', ['lint', '--config', 'redocly.yaml']],
];
let failed = false;
for (const [name, bin, args] of tools) {
  const run = spawnSync(`${root}node_modules/.bin/${bin}`, [...args, 'docs/openapi.json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  if (run.status === 0) {
    console.log(`${name}: no findings.`);
  } else {
    failed = true;
    console.error(`${name} found problems in docs/openapi.json (exit ${String(run.status)}):\n${run.stdout}${run.stderr}`);
  }
}
if (failed) process.exit(1);
