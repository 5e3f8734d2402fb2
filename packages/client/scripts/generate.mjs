#!/usr/bin/env node
// Generates src/generated/openapi.ts from the served contract, docs/openapi.json.
// Run `npm run generate -w @petstore/client` after the contract changes; a test fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const CONTRACT = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
export const GENERATED = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));
export const REGENERATE_COMMAND = 'npm run generate -w @petstore/client';

const HEADER = `// Generated from docs/openapi.json by openapi-typescript. Do not edit: run \`${REGENERATE_COMMAND}\`.\n\n`;

/** The TypeScript source generated from an OpenAPI document (the contract by default). */
export async function generateTypes(contractText = readFileSync(CONTRACT, 'utf8')) {
  // A field with a `default` stays optional in request types (NewPet.status).
  const ast = await openapiTS(contractText, { defaultNonNullable: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED, await generateTypes());
  console.log(`wrote ${GENERATED}`);
}
