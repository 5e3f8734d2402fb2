#!/usr/bin/env node
// Builds the app from dist/, takes the served OpenAPI document and validates it
// with a standard OpenAPI 3.1 validator, then checks the rules we hold it to.
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildApp } from '../dist/app.js';
import { defaultConfig } from '../dist/config.js';

const app = await buildApp({ config: defaultConfig({ databaseUrl: 'sqlite::memory:', stagingBaseUrl: 'https://staging.example.com/v1' }) });
const doc = app.openapi();
await app.close();

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
if (problems.length) {
  console.error(`OpenAPI document has problems (OpenAPI ${validator.version}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `OpenAPI ${validator.version}: valid; ${Object.keys(doc.paths).length} paths, every operation has operationId, x-stability and documented errors.`,
);
