import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openBackupLease } from '../../src/backup/lease.js';
import { backupName } from '../../src/backup/schedule.js';
import { loadConfig } from '../../src/config.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { harness, manualClock } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';

const HOUR = 3_600_000;

test('BACKUP_INTERVAL_HOURS takes decimals (default 24), BACKUP_KEEP a whole number of at least 1 (default 7)', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.backupDir, undefined);
  assert.equal(defaults.backupIntervalHours, 24);
  assert.equal(defaults.backupKeep, 7);
  const set = loadConfig({ BACKUP_DIR: '/var/backups/petstore', BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '3' });
  assert.deepEqual([set.backupDir, set.backupIntervalHours, set.backupKeep], ['/var/backups/petstore', 0.5, 3]);
  assert.throws(() => loadConfig({ BACKUP_INTERVAL_HOURS: 'daily' }), /BACKUP_INTERVAL_HOURS/);
  assert.throws(() => loadConfig({ BACKUP_INTERVAL_HOURS: '0' }), /BACKUP_INTERVAL_HOURS/);
  assert.throws(() => loadConfig({ BACKUP_KEEP: '0' }), /BACKUP_KEEP/);
});

describeEachEngine('scheduled backups', (engine) => {
  test('at start, then whenever the newest is older than the interval; the oldest beyond BACKUP_KEEP go; a failure keeps every backup and is retried; one instance at a time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-scheduled-'));
    const db = await freshDatabase(engine.name, { onDisk: true });
    const clock = manualClock(Date.UTC(2026, 10, 26, 12, 0, 0));
    const logs = logCapture();
    const h = await harness({
      clock,
      config: { databaseUrl: db.url, backupDir: dir, backupIntervalHours: 24, backupKeep: 2, logLevel: 'info' },
      logStream: logs.stream,
    });
    try {
      const schedule = h.app.backups;
      assert.ok(schedule, 'scheduled backups run when BACKUP_DIR is set');
      await h.app.ready();
      await schedule.idle();
      const names = () =>
        readdirSync(dir)
          .filter((n) => n.endsWith('.backup'))
          .sort();
      assert.deepEqual(names(), [backupName(new Date(clock.now()))], 'one at start');

      clock.advance(23 * HOUR);
      schedule.kick();
      await schedule.idle();
      assert.equal(names().length, 1, 'not due before the interval');

      clock.advance(HOUR);
      schedule.kick();
      await schedule.idle();
      assert.equal(names().length, 2);

      // A failure (the file cannot be written) keeps every backup, is logged, and is retried.
      clock.advance(24 * HOUR);
      const kept = names();
      const blocker = join(dir, backupName(new Date(clock.now())));
      mkdirSync(blocker);
      schedule.kick();
      await schedule.idle();
      assert.deepEqual(
        names().filter((n) => join(dir, n) !== blocker),
        kept,
        'nothing removed after a failure',
      );
      assert.deepEqual(
        readdirSync(dir).filter((n) => n.endsWith('.partial')),
        [],
        'the failed backup leaves no partial file',
      );
      assert.ok(
        logs.lines().some((l) => /"level":50/.test(l) && /scheduled backup failed/.test(l)),
        'the failure is logged as an error',
      );
      const metrics = await h.app.inject({ url: '/metrics' });
      assert.match(metrics.body, /petstore_backup_failures_total 1/);
      rmSync(blocker, { recursive: true });
      schedule.kick();
      await schedule.idle();
      assert.deepEqual(names(), [kept[1], backupName(new Date(clock.now()))], 'retried; the oldest beyond BACKUP_KEEP removed');
      const after = await h.app.inject({ url: '/metrics' });
      assert.match(after.body, new RegExp(`petstore_backup_last_success_timestamp_seconds ${String(clock.now() / 1000)}`));

      // Another instance holds the lease: this one writes nothing until it is free.
      clock.advance(24 * HOUR);
      const lease = openBackupLease(h.storage.database);
      assert.ok(await lease.take('another instance', new Date(clock.now() + HOUR), new Date(clock.now())));
      schedule.kick();
      await schedule.idle();
      assert.equal(names().at(-1), backupName(new Date(clock.now() - 24 * HOUR)), 'no backup while another instance holds the lease');
      await lease.release('another instance');
      schedule.kick();
      await schedule.idle();
      assert.equal(names().at(-1), backupName(new Date(clock.now())));
    } finally {
      await h.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
