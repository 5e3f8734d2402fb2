import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { writeBackup } from '../../src/backup/file/writer.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { runCli } from '../helpers/processes.js';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

/** A backup whose database goes silent (a network that drops everything, no reset) fails within its bound, leaving no file. */
describeEachEngine(
  'a backup when PostgreSQL goes silent',
  () => {
    let db: FreshDatabase;
    let proxy: TcpProxy;
    let dir: string;
    before(async () => {
      db = await freshDatabase('postgres');
      assert.equal((await runCli(['migrate'], db.url)).code, 0);
      const server = new URL(db.url);
      proxy = await tcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      dir = mkdtempSync(join(tmpdir(), 'petstore-silent-backup-'));
    });
    after(async () => {
      await proxy.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const backup = (progress?: () => void) =>
      writeBackup(proxy.urlThrough(db.url), join(dir, 'nightly.backup'), {
        leaveOut: new Set(),
        now: new Date(),
        silenceMs: 500,
        ...(progress ? { progress } : {}),
      });

    test('silent before it connects: it fails after its bound, and no file is left', async () => {
      proxy.setMode('blackhole');
      const started = Date.now();
      await assert.rejects(backup(), /timeout/i);
      assert.ok(Date.now() - started < 15_000, `took ${String(Date.now() - started)} ms`);
      assert.deepEqual(readdirSync(dir), []);
    });

    test('silent in the middle (after its first rows): it fails after its bound, its connection dropped, no file left', async () => {
      proxy.setMode('up');
      let silenced = false;
      const started = Date.now();
      await assert.rejects(
        backup(() => {
          if (silenced) return;
          silenced = true;
          proxy.setMode('blackhole');
        }),
        /timeout/i,
      );
      assert.ok(silenced, 'the backup had read rows before the database went silent');
      assert.ok(Date.now() - started < 15_000, `took ${String(Date.now() - started)} ms`);
      assert.deepEqual(readdirSync(dir), []);
      // The same database answers again once the network does.
      proxy.setMode('up');
      const summary = await backup();
      assert.ok(summary.bytes > 0);
    });
  },
  { only: ['postgres'] },
);
