import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliCommand, CliContext } from '../feature.js';
import { parse, UsageError } from '../cli/args.js';
import { Refused } from '../cli/exit.js';
import { withoutPassword } from '../storage/open-error.js';
import { progressOnTerminal } from './progress.js';
import type { ReleaseFacts } from './release.js';
import type { BackupSummary } from './file/writer.js';

function report(ctx: CliContext, json: boolean, verb: string, s: BackupSummary): void {
  if (json) return ctx.json(s);
  const rows = Object.values(s.tables).reduce((a, b) => a + b, 0);
  ctx.out(
    `${verb} ${s.file}: ${String(s.bytes)} bytes, ${String(Object.keys(s.tables).length)} tables, ${String(rows)} rows, schema ${String(s.schemaVersion)}`,
  );
  ctx.out(`sha256 ${s.sha256}`);
}

/** `petstore backup` and `petstore restore`, told of the release they run in by the composition root. */
export function backupCommands(release: () => ReleaseFacts): CliCommand[] {
  const backupCommand: CliCommand = {
    name: 'backup',
    usage: [
      'backup FILE [--force] [--json]          write a consistent backup of the whole database while the server runs (--force: replace FILE)',
    ],
    async run(args, ctx) {
      const { values, positionals } = parse(args, { json: { type: 'boolean' }, force: { type: 'boolean' } }, 1);
      const json = values.json === true;
      const file = resolve(positionals[0] ?? '');
      const config = await ctx.config();
      const { writeBackup, BackupFileError, BackupSourceError } = await import('./file/writer.js');
      const progress = progressOnTerminal(ctx, json, 'backup');
      let summary: BackupSummary;
      try {
        summary = await writeBackup(config.databaseUrl, file, {
          leaveOut: release().leaveOut,
          now: new Date(ctx.clock.now()),
          origin: 'command',
          force: values.force === true,
          progress: progress ? (p) => progress.show({ ...p, done: p.totalRows > 0 ? Math.min(1, p.rows / p.totalRows) : null }) : undefined,
        });
      } catch (err) {
        // A refusal with its code (on stdout with --json), as restore's are: the file, or the database, failed it.
        if (err instanceof BackupFileError)
          throw new Refused({
            code: 'backup_not_written',
            message: err.problem === 'exists' ? `${err.message}: pass --force to replace it` : err.message,
          });
        if (err instanceof BackupSourceError) {
          const database = withoutPassword(config.databaseUrl);
          throw new Refused({
            code: 'backup_not_written',
            message:
              err.stage === 'open'
                ? `cannot open the database ${database}: ${err.message}; nothing was written`
                : `cannot back up ${database}: ${err.message}`,
          });
        }
        throw err;
      } finally {
        progress?.end();
      }
      if (config.secretsKey === undefined)
        ctx.err(
          'petstore: warning: SECRETS_KEY is not set: the generated key that seals certificate keys travels in this backup beside what it seals; protect the file like the database',
        );
      report(ctx, json, 'backup written to', summary);
    },
  };

  const restoreCommand: CliCommand = {
    name: 'restore',
    createsDatabase: true,
    usage: ['restore FILE [--json]                   load a backup into the empty database at DATABASE_URL (all or nothing)'],
    async run(args, ctx) {
      const { values, positionals } = parse(args, { json: { type: 'boolean' } }, 1);
      const json = values.json === true;
      const file = resolve(positionals[0] ?? '');
      if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
      const config = await ctx.config();
      const { restoreBackup, verifyBackup, RestoreRefused } = await import('./restore/restore.js');
      const { newSqliteFile, postgresIsNew, restoreIntoNewFile } = await import('./restore/target.js');
      const progress = progressOnTerminal(ctx, json, 'restore');
      let summary: BackupSummary;
      try {
        // A new database is made only for a backup that can be restored: nothing is created for one refused.
        const newFile = newSqliteFile(config.databaseUrl);
        const isNew = newFile !== null || (!config.databaseUrl.startsWith('sqlite:') && (await postgresIsNew(config.databaseUrl)));
        const verified = await verifyBackup(file, release(), isNew);
        summary = newFile
          ? await restoreIntoNewFile(newFile, release().migrations, (target) =>
              restoreBackup(target, file, release(), progress?.show, verified),
            )
          : await restoreBackup(
              { databaseUrl: config.databaseUrl, database: await ctx.database() },
              file,
              release(),
              progress?.show,
              verified,
            );
      } catch (err) {
        if (err instanceof RestoreRefused) throw new Refused({ code: err.code, message: err.message });
        throw err;
      } finally {
        progress?.end();
      }
      report(ctx, json, 'restored', summary);
    },
  };

  return [backupCommand, restoreCommand];
}
