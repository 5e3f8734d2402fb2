import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const GROUND_FLOOR = ['http', 'storage', 'errors', 'contract', 'health', 'metrics', 'telemetry'];

/** The `no-restricted-imports` messages ESLint gives for this text as the file at `path`. */
async function refusals(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('the ground floor may not import a capability or the composition root', async () => {
  for (const [path, from] of [
    ['src/http/probe.ts', '../keys/key-format.js'],
    ['src/contract/probe.ts', '../pets/schemas.js'],
    ['src/metrics/probe.ts', '../limits/headers.js'],
    ['src/health/probe.ts', '../features.js'],
    ['src/errors/probe.ts', '../app.js'],
    ['src/telemetry/probe.ts', '../events/outbox.js'],
    ['src/storage/postgres/probe.ts', '../../orders/schemas.js'],
    ['src/http/pipeline/probe.ts', '../../keys/key-format.js'],
  ]) {
    const messages = await refusals(path as string, `import * as probe from '${from as string}';\nexport const used = probe;\n`);
    assert.equal(messages.length, 1, `${from as string} from ${path as string}`);
    assert.match(messages[0] as string, /ground floor imports no capability/);
  }
});

test('the ground floor may import itself and src/’s shared files; a capability may import anything', async () => {
  for (const [path, from] of [
    ['src/http/probe.ts', '../storage/open.js'],
    ['src/http/probe.ts', '../config.js'],
    ['src/contract/probe.ts', '../http/errors/errors.js'],
    ['src/storage/postgres/probe.ts', '../unavailable.js'],
    ['src/storage/sqlite/probe.ts', '../../errors/domain-error.js'],
    ['src/storage/sqlite/probe.ts', '../../telemetry/tracing.js'],
    ['src/http/errors/probe.ts', '../../errors/domain-error.js'],
    ['src/http/errors/probe.ts', '../pipeline/request-steps.js'],
    ['src/pets/probe.ts', '../keys/key-format.js'],
  ]) {
    assert.deepEqual(await refusals(path as string, `import * as probe from '${from as string}';\nexport const used = probe;\n`), [], from);
  }
});

test('the ground floor as it is imports no capability', async () => {
  const results = await eslint.lintFiles(GROUND_FLOOR.map((folder) => `src/${folder}`));
  const linted = results.map((r) => r.filePath.slice(root.length));
  for (const file of ['src/http/pipeline/request-id.ts', 'src/contract/openapi.ts', 'src/storage/postgres/database.ts'])
    assert.ok(linted.includes(file), file);
  const found = results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${r.filePath}:${String(m.line)}`),
  );
  assert.deepEqual(found, []);
});
