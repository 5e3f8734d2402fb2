import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness } from '../helpers/harness.js';
import { runCli } from '../helpers/processes.js';
import { rowsOf } from '../helpers/storage-sql.js';

/** A name stored before control characters were refused (or written to the database directly), as the CLI prints it. */
const FORGER = 'ok\nkey_forged\tdefault\tpsk_x…\tadmin\twrite\tactive';

describeEachEngine('a key name with a line break, in the CLI’s output', (engine) => {
  let db: FreshDatabase;
  let slug: string;
  let keyId: string;
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
    const h = await harness({ config: { databaseUrl: db.url } });
    try {
      slug = h.project;
      // Calls of getPet, deprecated: counted in usage (per key) and in the deprecations report.
      for (let i = 0; i < 2; i++) assert.equal((await h.request({ url: '/v1/pets/1', headers: h.auth })).statusCode, 404);
      const keys = await rowsOf<{ id: string }>(
        h.storage,
        `SELECT k.id FROM api_keys k JOIN projects p ON p.id = k.project_id WHERE p.slug = '${slug}'`,
      );
      keyId = keys[0]?.id ?? '';
      await h.app.close();
      await rowsOf(h.storage, 'UPDATE api_keys SET name = ? WHERE id = ?', [FORGER, keyId]);
    } finally {
      await h.storage.close();
    }
  });
  after(() => db.drop());

  /** The lines of the output that name the key: exactly one, the name escaped, the columns in place. */
  function oneRow(out: string, columns: number): string {
    const rows = out.split('\n').filter((l) => l.includes('key_forged') || l.includes(keyId));
    assert.equal(rows.length, 1, out);
    const row = rows[0] ?? '';
    assert.ok(row.includes('ok\\nkey_forged\\tdefault\\tpsk_x…\\tadmin\\twrite\\tactive'), row);
    assert.equal(row.trim().split('\t').length, columns, row);
    return row;
  }

  test('keys list, usage --by-key and deprecations: one row for the key, its name escaped', async () => {
    const list = await runCli(['keys', 'list', '--project', slug], db.url);
    assert.equal(list.code, 0, list.stderr);
    assert.ok(oneRow(list.stdout, 6).startsWith(`${keyId}\t`));
    const usage = await runCli(['usage', slug, '--by-key'], db.url);
    assert.equal(usage.code, 0, usage.stderr);
    oneRow(usage.stdout, 4);
    const deprecations = await runCli(['deprecations', slug], db.url);
    assert.equal(deprecations.code, 0, deprecations.stderr);
    oneRow(deprecations.stdout, 4);
    // --json keeps the data as it is.
    const json = await runCli(['keys', 'list', '--project', slug, '--json'], db.url);
    assert.equal((JSON.parse(json.stdout) as { name: string }[])[0]?.name, FORGER);
  });
});
