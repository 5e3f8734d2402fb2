import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeBackup } from '../../src/backup/file/writer.js';
import { installTracing, noTracing } from '../../src/telemetry/tracing.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { harness } from '../helpers/harness.js';
import { RecordingTracing } from '../helpers/recording-tracing.js';

describeEachEngine('backup spans', (engine) => {
  test('a backup is one span with its engine, origin, destination and size; a refused one is marked failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-backup-span-'));
    const db = await freshDatabase(engine.name, { onDisk: true });
    const h = await harness({ config: { databaseUrl: db.url } });
    const tracing = new RecordingTracing();
    installTracing(tracing);
    try {
      const file = join(dir, 'nightly.backup');
      const summary = await writeBackup(db.url, file, { leaveOut: new Set(['backup_lease']), now: new Date(), origin: 'scheduled' });
      const [span, ...others] = tracing.named('backup');
      assert.ok(span);
      assert.equal(others.length, 0);
      assert.equal(span.ended, true);
      assert.equal(span.failed, undefined);
      assert.equal(span.parentId, null, 'a trace of its own outside any span');
      assert.equal(span.attributes['db.system'], engine.name === 'postgres' ? 'postgresql' : 'sqlite');
      assert.equal(span.attributes['petstore.backup.origin'], 'scheduled');
      assert.equal(span.attributes['petstore.backup.destination'], 'file');
      assert.equal(span.attributes['petstore.backup.bytes'], statSync(file).size);
      assert.equal(span.attributes['petstore.backup.bytes'], summary.bytes);
      assert.ok(Number(span.attributes['petstore.backup.tables']) > 10);
      assert.ok(!JSON.stringify(span).includes(dir), 'not the path');

      const taken = join(dir, 'taken.backup');
      writeFileSync(taken, 'something else');
      await assert.rejects(writeBackup(db.url, taken, { leaveOut: new Set(), now: new Date(), origin: 'command' }));
      const refused = tracing.named('backup')[1];
      assert.ok(refused?.failed, 'the refused backup is marked failed');
      assert.equal(refused.ended, true);
      assert.equal(refused.attributes['petstore.backup.origin'], 'command');
    } finally {
      installTracing(noTracing);
      await h.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
