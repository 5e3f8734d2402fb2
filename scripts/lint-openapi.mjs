#!/usr/bin/env node
// Builds the app from dist/, takes the published OpenAPI documents (/v1 and the management API /api/v1)
// and validates each with a standard OpenAPI 3.1 validator, checks the rules we hold them to, checks that
// docs/openapi.json and docs/management-openapi.json are those documents, then lints them with the tools
// our users run: Spectral with the OWASP ruleset (.spectral.yaml, .spectral-management.yaml) and Redocly
// CLI (redocly.yaml). Any finding fails.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { publishedDocument, publishedManagementDocument } from '../dist/published-contract.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const documents = [
  { file: 'docs/openapi.json', doc: await publishedDocument(), ruleset: '.spectral.yaml' },
  { file: 'docs/management-openapi.json', doc: await publishedManagementDocument(), ruleset: '.spectral-management.yaml' },
];

let failed = false;
for (const { file, doc, ruleset } of documents) {
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
      // An operation open to anyone (`security: []`, e.g. sign-up) has no credentials to refuse.
      const open = Array.isArray(op.security) && op.security.length === 0;
      if (!open && !op.responses['401']) problems.push(`${where}: 401 not documented`);
    }
  }
  const committed = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  if (committed !== `${JSON.stringify(doc, null, 2)}\n`) problems.push(`${file} is stale: run \`npm run openapi:write\``);
  if (problems.length) {
    console.error(`${file} has problems (OpenAPI ${validator.version}):\n${problems.join('\n')}`);
    failed = true;
    continue;
  }
  console.log(
    `${file}: OpenAPI ${validator.version}: valid; ${Object.keys(doc.paths).length} paths, every operation has operationId, x-stability and documented errors.`,
  );

  const tools = [
    [`Spectral (spectral:oas + OWASP, ${ruleset})`, 'spectral', ['lint', '--ruleset', ruleset, '--fail-severity', 'hint']],
    ['Redocly (recommended-strict, redocly.yaml)', 'redocly', ['lint', '--config', 'redocly.yaml']],
  ];
  for (const [name, bin, args] of tools) {
    const run = spawnSync(`${root}node_modules/.bin/${bin}`, [...args, file], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    if (run.status === 0) {
      console.log(`  ${name}: no findings.`);
    } else {
      failed = true;
      console.error(`${name} found problems in ${file} (exit ${String(run.status)}):\n${run.stdout}${run.stderr}`);
    }
  }
}
if (failed) process.exit(1);
