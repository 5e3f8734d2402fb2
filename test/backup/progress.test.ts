import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { backupCommands } from '../../src/backup/cli.js';
import { standingLine } from '../../src/backup/progress.js';
import { releaseFacts } from '../../src/backup/release.js';
import type { Config } from '../../src/config.js';
import type { CliCommand, CliContext } from '../../src/feature.js';
import { declarationsOf, FEATURES, openAppStorage } from '../../src/features.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { manualClock } from '../helpers/harness.js';
import { createUnlimitedKey, runCli } from '../helpers/processes.js';

const [backup, restore] = backupCommands(() => releaseFacts(FEATURES)) as [CliCommand, CliCommand];

/** A CLI context on `databaseUrl` whose stderr is a terminal or not (the seam), recording what it shows. */
function context(databaseUrl: string, interactive: boolean) {
  const status: string[] = [];
  const out: string[] = [];
  const clock = manualClock(Date.UTC(2026, 10, 28, 12, 0, 0));
  let storage: Awaited<ReturnType<typeof openAppStorage>> | undefined;
  const ctx: CliContext = {
    config: async () => ({ databaseUrl, secretsKey: 'a secrets key of sixteen or more' }) as Config,
    database: async () => (storage ??= await openAppStorage({ databaseUrl, databasePoolSize: 1 })).database,
    clock,
    json: (v) => out.push(JSON.stringify(v)),
    out: (line) => out.push(line),
    err: (line) => out.push(line),
    remote: () => null,
    declared: async () => declarationsOf(FEATURES),
    interactive,
    status: (line) => {
      status.push(line);
      clock.advance(1000);
    },
  };
  return { ctx, status, out, close: async () => storage?.close() };
}

test('the progress line: table, rows of the total, bytes, elapsed, what is left', () => {
  assert.equal(
    standingLine('backup', { table: 'pets', rows: 250_000, totalRows: 1_000_000, bytes: 45_200_000, done: 0.25 }, 30_000),
    'backup: pets, 250000 of 1000000 rows, 45.2 MB, 30 s, about 1 min 30 s left',
  );
  assert.match(standingLine('restore', { table: 'orders', rows: 10, totalRows: 0, bytes: 0, done: null }, 5000), /estimating what is left/);
  assert.match(standingLine('backup', { table: 'pets', rows: 1, totalRows: 1000, bytes: 0, done: 0.001 }, 1000), /estimating what is left/);
});

describeEachEngine('backup and restore progress', (engine) => {
  test('on a terminal one line rewritten in place (table, rows, bytes, elapsed, left), then cleared; nothing when piped or with --json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-progress-'));
    const source = await freshDatabase(engine.name, { onDisk: true });
    await createUnlimitedKey(source.url, 'progress');
    const targets = [await freshDatabase(engine.name, { onDisk: true }), await freshDatabase(engine.name, { onDisk: true })];
    try {
      const file = join(dir, 'shown.backup');
      const tty = context(source.url, true);
      await backup.run([file], tty.ctx);
      await tty.close();
      assert.ok(tty.status.length >= 2, 'shown while it runs');
      assert.equal(tty.status.at(-1), '', 'cleared at the end, before the summary');
      for (const line of tty.status.slice(0, -1))
        assert.match(line, /^backup: \w+, \d+( of ~?\d+)? rows, \d+\.\d MB, \d+ s, (about .* left|estimating what is left)$/);
      assert.ok(
        tty.status.some((l) => l.startsWith('backup: projects, ')),
        'names the table',
      );
      assert.match(tty.out.join('\n'), /^backup written to /m);

      for (const [interactive, args] of [
        [false, []],
        [true, ['--json']],
      ] as const) {
        const quiet = context(source.url, interactive);
        await backup.run([join(dir, `quiet-${String(interactive)}.backup`), ...args], quiet.ctx);
        await quiet.close();
        assert.deepEqual(quiet.status, [], `backup: nothing shown (${interactive ? '--json' : 'piped'})`);
      }

      const restoring = context(targets[0]?.url ?? '', true);
      await restore.run([file], restoring.ctx);
      await restoring.close();
      assert.ok(restoring.status.length >= 2);
      assert.equal(restoring.status.at(-1), '');
      for (const line of restoring.status.slice(0, -1))
        assert.match(line, /^restore: \w+, \d+ of \d+ rows, \d+\.\d MB, \d+ s, (about .* left|estimating what is left)$/);
      assert.ok(
        restoring.status.some((l) => / left$/.test(l) && l.includes('about')),
        'an estimate of what is left',
      );

      const piped = context(targets[1]?.url ?? '', false);
      await restore.run([file], piped.ctx);
      await piped.close();
      assert.deepEqual(piped.status, [], 'restore: nothing shown when piped');

      // Through the real CLI, stderr a pipe: no carriage returns.
      const cli = await runCli(['backup', join(dir, 'cli.backup')], source.url, { SECRETS_KEY: 'a secrets key of sixteen or more' });
      assert.equal(cli.code, 0, cli.stderr);
      assert.doesNotMatch(cli.stderr, /\r/);
    } finally {
      await source.drop();
      for (const t of targets) await t.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
