#!/usr/bin/env node
// Generates src/generated/openapi.ts from the served contract, docs/openapi.json, and
// src/generated/management.ts from the management API's, docs/management-openapi.json.
// Run `npm run generate -w @petstore/client` after the contract changes; a test fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const CONTRACT = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
export const GENERATED = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));
export const MANAGEMENT_CONTRACT = fileURLToPath(new URL('../../../docs/management-openapi.json', import.meta.url));
export const MANAGEMENT_GENERATED = fileURLToPath(new URL('../src/generated/management.ts', import.meta.url));
export const REGENERATE_COMMAND = 'npm run generate -w @petstore/client';

const header = (source) => `// Generated from ${source} by openapi-typescript. Do not edit: run \`${REGENERATE_COMMAND}\`.\n\n`;

/** The TypeScript source generated from an OpenAPI document (the contract by default). */
export async function generateTypes(contractText = readFileSync(CONTRACT, 'utf8'), source = 'docs/openapi.json') {
  // A field with a `default` stays optional in request types (NewPet.status).
  const ast = await openapiTS(contractText, { defaultNonNullable: false });
  return header(source) + astToString(ast);
}

/** The same for the management API's contract. */
export function generateManagementTypes(contractText = readFileSync(MANAGEMENT_CONTRACT, 'utf8')) {
  return generateTypes(contractText, 'docs/management-openapi.json');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED, await generateTypes());
  console.log(`wrote ${GENERATED}`);
  writeFileSync(MANAGEMENT_GENERATED, await generateManagementTypes());
  console.log(`wrote ${MANAGEMENT_GENERATED}`);
}
