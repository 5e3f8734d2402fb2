import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { ERRORS_DOC_COMMAND, errorsMarkdown } from '../../src/contract/errors-doc.js';
import { ERROR_CATALOG, ERROR_CODES } from '../../src/http/errors/errors.js';

test(`docs/errors.md is the page the error catalogue gives (run \`${ERRORS_DOC_COMMAND}\` after changing it)`, () => {
  const committed = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  assert.ok(
    committed === errorsMarkdown(),
    `docs/errors.md differs from src/http/errors/errors.ts ERROR_CATALOG: run \`${ERRORS_DOC_COMMAND}\` and commit docs/errors.md`,
  );
});

test('the page lists every code once, with its status and default message', () => {
  const rows = errorsMarkdown()
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  assert.deepEqual(
    rows.map((row) => row.split(' | ')[0]?.slice(3, -1)),
    ERROR_CODES,
  );
  for (const [i, code] of ERROR_CODES.entries()) {
    const cells = rows[i]?.split(' | ') ?? [];
    assert.equal(cells[1], String(ERROR_CATALOG[code].status), code);
    assert.equal(cells.at(-1), `${ERROR_CATALOG[code].message.replace(/</g, '&lt;')} |`, code);
  }
});

test('the README stays a front door: under 12 KB, reference material in docs/', () => {
  const bytes = statSync(new URL('../../README.md', import.meta.url)).size;
  assert.ok(bytes < 12_000, `README.md is ${String(bytes)} bytes; move reference material to a page in docs/ and link it`);
});
