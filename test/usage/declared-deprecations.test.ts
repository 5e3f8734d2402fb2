import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';
import { DECLARED } from '../../src/features.js';

test('the deprecated operations the capabilities declare are those their routes mark deprecated', async () => {
  const app = await buildApp({ config: defaultConfig({ databaseUrl: 'sqlite::memory:' }) });
  try {
    const byName = (list: readonly { operation: string }[]) => [...list].sort((a, b) => a.operation.localeCompare(b.operation));
    assert.ok(DECLARED.deprecatedOperations.length > 0, 'getPet is deprecated');
    assert.deepEqual(byName(DECLARED.deprecatedOperations), byName(app.deprecatedOperations()));
  } finally {
    await app.close();
  }
});
