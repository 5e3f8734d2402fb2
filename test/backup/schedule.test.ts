import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openBackupLease, type BackupLease } from '../../src/backup/schedule/lease.js';
import { writeBackup } from '../../src/backup/file/writer.js';
import { backupName } from '../../src/backup/schedule/schedule.js';
import { loadConfig } from '../../src/config.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { harness, manualClock } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { runCli } from '../helpers/processes.js';

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

describeEachEngine('scheduled backups keep to their own files', (engine) => {
  test('partial files of stopped backups go; a future-named file, an operator file and a backup of the operator’s are neither the latest nor removed; a dead holder’s lease blocks for 30 s at most', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-scheduled-own-'));
    const db = await freshDatabase(engine.name, { onDisk: true });
    const start = Date.UTC(2026, 10, 26, 12, 0, 0);
    const clock = manualClock(start);
    // A backup named for 2099, written as a schedule would (an instance whose clock runs far ahead).
    const future = new Date(Date.UTC(2099, 0, 1, 0, 0, 0));
    // Files of the operator's under names the schedule uses: a note, and a backup `petstore backup` wrote.
    const note = join(dir, backupName(new Date(start - 72 * HOUR)));
    writeFileSync(note, 'the operator keeps this');
    const ownBackup = join(dir, backupName(new Date(start - 48 * HOUR)));
    // Partial files: one of a backup killed 11 minutes ago, one being written now, and the operator's.
    const stale = join(dir, `.${backupName(new Date(start - HOUR))}.0123456789abcdef.partial`);
    const fresh = join(dir, `.${backupName(new Date(start))}.fedcba9876543210.partial`);
    const operatorPartial = join(dir, '.notes.partial');
    for (const p of [stale, fresh, operatorPartial]) writeFileSync(p, 'partial');
    utimesSync(stale, new Date(start - 11 * 60_000), new Date(start - 11 * 60_000));
    utimesSync(fresh, new Date(start), new Date(start));
    const takes: { holder: string; until: Date; now: Date }[] = [];
    const h = await harness({
      clock,
      config: { databaseUrl: db.url, backupDir: dir, backupIntervalHours: 24, backupKeep: 1, logLevel: 'silent' },
      wrapRepositories: {
        backup: ((lease: BackupLease): BackupLease => ({
          take: async (holder, until, now) => {
            takes.push({ holder, until, now });
            return lease.take(holder, until, now);
          },
          release: (holder) => lease.release(holder),
        })) as never,
      },
    });
    try {
      await writeBackup(db.url, join(dir, backupName(future)), { leaveOut: new Set(['backup_lease']), now: future, origin: 'scheduled' });
      const manual = await runCli(['backup', ownBackup], db.url, { SECRETS_KEY: 'a secrets key of sixteen or more' });
      assert.equal(manual.code, 0, manual.stderr);
      const schedule = h.app.backups;
      assert.ok(schedule);
      await h.app.ready();
      await schedule.idle();
      const first = backupName(new Date(clock.now()));
      assert.ok(existsSync(join(dir, first)), 'a backup at start: the 2099 file and the operator’s are not the latest');
      assert.ok(!existsSync(stale), 'the partial file of a stopped backup is removed');
      assert.ok(existsSync(fresh), 'a partial file written to lately is left');
      assert.ok(existsSync(operatorPartial), 'a file not named as ours is left');
      const metrics = await h.app.inject({ url: '/metrics' });
      assert.match(metrics.body, new RegExp(`petstore_backup_last_success_timestamp_seconds ${String(clock.now() / 1000)}\\n`));

      clock.advance(24 * HOUR);
      schedule.kick();
      await schedule.idle();
      assert.ok(existsSync(join(dir, backupName(new Date(clock.now())))), 'due again after the interval');
      assert.ok(!existsSync(join(dir, first)), 'retention removes its own backup beyond BACKUP_KEEP');
      for (const kept of [note, ownBackup, join(dir, backupName(future))]) assert.ok(existsSync(kept), `${kept} is kept`);
      assert.equal(readFileSync(note, 'utf8'), 'the operator keeps this');

      // The lease a backup takes lasts 30 s: a holder that died (kill -9) blocks the others that long at most.
      const taken = takes.at(-1);
      assert.ok(taken);
      assert.ok(
        taken.until.getTime() - taken.now.getTime() <= 30_000,
        `lease of ${String(taken.until.getTime() - taken.now.getTime())} ms`,
      );
      clock.advance(24 * HOUR);
      const lease = openBackupLease(h.storage.database);
      assert.ok(
        await lease.take('a killed instance', new Date(clock.now() + (taken.until.getTime() - taken.now.getTime())), new Date(clock.now())),
      );
      schedule.kick();
      await schedule.idle();
      assert.ok(!existsSync(join(dir, backupName(new Date(clock.now())))), 'not while the dead holder’s lease runs');
      clock.advance(31_000);
      schedule.kick();
      await schedule.idle();
      assert.ok(existsSync(join(dir, backupName(new Date(clock.now())))), 'taken over once it ran out');
    } finally {
      await h.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
