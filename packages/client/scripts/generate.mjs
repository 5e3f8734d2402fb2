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
export const MANAGEMENT_SHAPES = fileURLToPath(new URL('../src/generated/management-shapes.ts', import.meta.url));
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

/**
 * The shapes of the management API's successful JSON answers (src/answer-shape.ts): for each operation, the JSON
 * types, required fields, items and alternatives of its 2xx body, with the named schemas they refer to.
 */
export function generateManagementShapes(contractText = readFileSync(MANAGEMENT_CONTRACT, 'utf8')) {
  const contract = JSON.parse(contractText);
  const refs = {};
  const trim = (schema) => {
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop();
      if (!(name in refs)) {
        refs[name] = {};
        refs[name] = trim(contract.components.schemas[name]);
      }
      return { $ref: name };
    }
    if (schema.anyOf) return { anyOf: schema.anyOf.map(trim) };
    const out = {};
    if (schema.type) out.type = schema.type;
    if (schema.type === 'array' && schema.items) out.items = trim(schema.items);
    if (schema.type === 'object' && schema.required) {
      out.required = Object.fromEntries(schema.required.map((name) => [name, trim(schema.properties[name])]));
    }
    return out;
  };
  const answers = {};
  for (const methods of Object.values(contract.paths)) {
    for (const operation of Object.values(methods)) {
      const ok = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
      const schema = ok?.[1].content?.['application/json']?.schema;
      if (schema) answers[operation.operationId] = trim(schema);
    }
  }
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return `${header('docs/management-openapi.json').replace('openapi-typescript', 'scripts/generate.mjs')}import type { Shape } from '../answer-shape.js';

/** Named schemas the answers refer to. */
export const SHAPE_REFS: Readonly<Record<string, Shape>> = ${JSON.stringify(sorted(refs))};

/** Each operation's successful JSON answer. */
export const ANSWER_SHAPES: Readonly<Record<string, Shape>> = ${JSON.stringify(sorted(answers))};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED, await generateTypes());
  console.log(`wrote ${GENERATED}`);
  writeFileSync(MANAGEMENT_GENERATED, await generateManagementTypes());
  console.log(`wrote ${MANAGEMENT_GENERATED}`);
  writeFileSync(MANAGEMENT_SHAPES, generateManagementShapes());
  console.log(`wrote ${MANAGEMENT_SHAPES}`);
}
