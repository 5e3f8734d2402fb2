import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { harness, type Harness } from '../helpers/harness.js';

// What a client written against the generated types must be able to write, and what it must not.
const USAGE = `
import type { components, paths } from './schema';
type CreateBody = NonNullable<paths['/pets']['post']['requestBody']>['content']['application/json'];
export const withoutStatus: CreateBody = { name: 'Rex', categoryId: 7 };
export const newPet: components['schemas']['NewPet'] = { name: 'Rex', categoryId: 7 };
export const withStatus: CreateBody = { name: 'Rex', categoryId: 7, status: 'sold' };
// @ts-expect-error an unknown status is not a PetStatus
export const unknownStatus: CreateBody = { name: 'Rex', categoryId: 7, status: 'lost' };
// @ts-expect-error a Pet in a response always has its status
export const petWithoutStatus: components['schemas']['Pet'] = { id: 1, name: 'Rex', categoryId: 7 };
type Page = paths['/pets']['get']['responses'][200]['content']['application/json'];
export const page: Page = [{ id: 1, name: 'Rex', categoryId: 7, status: 'available' }];
export const status: components['schemas']['PetStatus'] = page[0]!.status;
type NotAllowed = paths['/pets']['get']['responses'][405]['content']['application/json'];
export const notAllowed: NotAllowed = { code: 'method_not_allowed', message: 'No.', status: 405 };
`;

/** Type-checks USAGE against the types openapi-typescript generates; returns the compiler's messages. */
function typeCheck(schemaSource: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-types-'));
  try {
    writeFileSync(join(dir, 'schema.ts'), schemaSource);
    writeFileSync(join(dir, 'usage.ts'), USAGE);
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? `${d.file.fileName.slice(dir.length + 1)}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('types generated from the served contract with openapi-typescript', () => {
  let h: Harness;
  let doc: OpenAPI3;
  before(async () => {
    h = await harness();
    doc = (await h.request({ method: 'GET', url: '/v1/openapi.json' })).json();
  });
  after(() => h.close());

  // The SDK is generated with the default options; `defaultNonNullable: false` is the other common setting.
  for (const defaultNonNullable of [true, false]) {
    test(`accept a createPet body without status, require status in a Pet (defaultNonNullable: ${String(defaultNonNullable)})`, async () => {
      const source = astToString(await openapiTS(structuredClone(doc), { defaultNonNullable }));
      assert.deepEqual(typeCheck(source), []);
    });
  }
});
