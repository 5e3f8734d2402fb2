import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { sqlFor } from '../../src/storage/sql.js';
import { DECLARED } from '../../src/features.js';

const { reset: RESET, keeps: RESET_KEEPS } = DECLARED.staging;

describeEachEngine('what a staging reset empties', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('every table keyed by project is emptied by a capability reset or kept on purpose, and both lists name real tables', async () => {
    const sql = sqlFor(h.storage.database);
    const keyed =
      h.storage.engine === 'sqlite'
        ? (
            await sql.all<{ name: string }>(
              "SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'project_id'",
            )
          ).map((r) => r.name)
        : (
            await sql.all<{ name: string }>(
              "SELECT table_name AS name FROM information_schema.columns WHERE column_name = 'project_id' AND table_schema = current_schema()",
            )
          ).map((r) => r.name);
    const emptied = new Set(RESET.flatMap((clear) => clear(1)).map(([text]) => /^DELETE FROM (\w+)/.exec(text)?.[1] ?? text));
    for (const table of keyed) {
      assert.ok(emptied.has(table) !== Object.hasOwn(RESET_KEEPS, table), `${table}: emptied by a reset or kept, exactly one`);
    }
    const all = new Set(
      h.storage.engine === 'sqlite'
        ? (await sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")).map((r) => r.name)
        : (await sql.all<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()')).map(
            (r) => r.name,
          ),
    );
    for (const table of [...emptied, ...Object.keys(RESET_KEEPS)]) assert.ok(all.has(table), `${table} is a table`);
  });
});
