import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { harness, ok } from '../helpers/harness.js';
import { MIGRATIONS } from '../../src/features.js';
import { openStorage } from '../../src/storage/open.js';
import { sqlFor } from '../../src/storage/sql.js';
import { generateKeyId, generateSecret, hashSecret, secretHint } from '../../src/keys/key-format.js';
import { OPERATOR } from '../../src/audit/actor.js';

/** The schema before environments: every migration but the two that add them. */
const BEFORE = MIGRATIONS.map((f) => ({
  ...f,
  sqlite: f.sqlite.filter((m) => !(f.feature === 'projects' && m.version === 2) && !(f.feature === 'audit' && m.version === 2)),
  postgres: f.postgres.filter((m) => !(f.feature === 'projects' && m.version === 2) && !(f.feature === 'audit' && m.version === 2)),
}));

describeEachEngine('environments on a database from before them', (engine) => {
  test('a production key and the data made before the migration keep working, in production; the project gains a staging', async () => {
    const db = await freshDatabase(engine.name, { onDisk: true });
    try {
      // The release before: a project, its key and an audit entry, written with that schema's statements.
      const old = await openStorage(db.url, { migrations: BEFORE, migrate: true, poolSize: 2 });
      const key = generateSecret();
      const keyId = generateKeyId();
      try {
        const sql = sqlFor(old.database);
        const row = await sql.one<{ id: bigint }>(
          "INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES ('older', 'free', 60, 1000, ?) RETURNING id",
          [new Date()],
        );
        await sql.run('INSERT INTO api_keys (id, project_id, name, secret_hash, hint, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
          keyId,
          row?.id,
          'made before',
          hashSecret(key),
          secretHint(key),
          new Date(),
        ]);
        await sql.run(
          "INSERT INTO audit_log (project_id, created_at, actor_type, action, target) VALUES (?, ?, 'operator', 'key.create', ?)",
          [row?.id, new Date(), keyId],
        );
      } finally {
        await old.close();
      }

      const h = await harness({
        config: { databaseUrl: db.url, baseUrl: 'https://api.petstore.test/v1', stagingBaseUrl: 'https://api.petstore.test/staging/v1' },
      });
      try {
        const auth = { authorization: `Bearer ${key}` };
        assert.equal((await h.request({ url: '/v1/pets', headers: auth })).statusCode, 200, 'the key made before works');
        assert.equal((await h.request({ url: '/staging/v1/pets', headers: auth })).json().code, 'wrong_environment', 'in production only');
        assert.deepEqual(
          ok(await h.app.keys.list('older')).map((k) => [k.id, k.environment]),
          [[keyId, 'production']],
        );
        const staging = ok(await h.app.keys.create(OPERATOR, 'older', 'new', { environment: 'staging' }));
        const created = await h.request({
          method: 'POST',
          url: '/staging/v1/pets',
          headers: { authorization: `Bearer ${staging.key}` },
          payload: { name: 'First in staging', categoryId: 1 },
        });
        assert.equal(created.json().id, 1);
        const project = ok(await h.app.projects.find('older'));
        const entries = await h.app.audit.service.list(project.id, { limit: 10 });
        assert.deepEqual(
          entries.map((e) => [e.action, e.environment]),
          [
            ['key.create', 'staging'],
            ['key.create', 'production'],
          ],
        );
      } finally {
        await h.close();
      }
    } finally {
      await db.drop();
    }
  });
});
