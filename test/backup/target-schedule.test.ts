import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { backupBeforeMigrating } from '../../src/backup/before-migrating.js';
import { backupName } from '../../src/backup/schedule/schedule.js';
import { BackupFileError } from '../../src/backup/file/writer.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { harness, manualClock } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';

const HOUR = 3_600_000;

describeEachEngine('scheduled backups and those before migrating replace nothing', (engine) => {
  test('a file already at the scheduled name is left as it is (the backup fails, is logged and retried); a link there to the database is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-scheduled-target-'));
    const db = await freshDatabase(engine.name, { onDisk: true });
    const clock = manualClock(Date.UTC(2026, 11, 6, 3, 0, 0));
    const planted = join(dir, backupName(new Date(clock.now())));
    writeFileSync(planted, 'an operator file under the name the schedule picks');
    const logs = logCapture();
    const h = await harness({
      clock,
      config: { databaseUrl: db.url, backupDir: dir, backupIntervalHours: 24, backupKeep: 7, logLevel: 'info' },
      logStream: logs.stream,
    });
    try {
      const schedule = h.app.backups;
      assert.ok(schedule);
      await h.app.ready();
      await schedule.idle();
      assert.equal(readFileSync(planted, 'utf8'), 'an operator file under the name the schedule picks');
      const failed = logs.lines().filter((l) => /"level":50/.test(l) && /scheduled backup failed/.test(l));
      assert.equal(failed.length, 1, logs.lines().join('\n'));
      assert.match(failed[0] ?? '', /it already exists; nothing was written/);

      if (engine.name === 'sqlite') {
        clock.advance(HOUR);
        const database = db.url.slice('sqlite:'.length);
        const link = join(dir, backupName(new Date(clock.now())));
        symlinkSync(database, link);
        const before = readFileSync(database);
        schedule.kick();
        await schedule.idle();
        assert.match(
          logs
            .lines()
            .filter((l) => /scheduled backup failed/.test(l))
            .at(-1) ?? '',
          /it is the database itself/,
        );
        assert.ok(readFileSync(database).subarray(0, 16).equals(before.subarray(0, 16)), 'the database is still a database');
        const pets = await h.app.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${h.key}` } });
        assert.equal(pets.statusCode, 200, 'the app still reads its database');
      }
      clock.advance(HOUR);
      schedule.kick();
      await schedule.idle();
      assert.ok(readdirSync(dir).includes(backupName(new Date(clock.now()))), 'retried under the next name, and written');
      assert.deepEqual(
        readdirSync(dir).filter((n) => n.endsWith('.partial')),
        [],
      );
    } finally {
      await h.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the backup before migrating refuses a file already at its name (so nothing is migrated) and leaves it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-before-migrating-target-'));
    const db = await freshDatabase(engine.name, { onDisk: true });
    const h = await harness({ config: { databaseUrl: db.url } });
    await h.close();
    try {
      const now = new Date(Date.UTC(2026, 11, 6, 3, 0, 0));
      const planted = join(dir, backupName(now));
      writeFileSync(planted, 'kept');
      await assert.rejects(
        backupBeforeMigrating(db.url, dir, new Set(['backup_lease']), now),
        (err: unknown) => err instanceof BackupFileError && err.problem === 'exists',
      );
      assert.equal(readFileSync(planted, 'utf8'), 'kept');
      assert.deepEqual(
        readdirSync(dir).filter((n) => n !== backupName(now)),
        [],
        'no partial file',
      );
    } finally {
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
