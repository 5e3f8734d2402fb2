import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliCommand, CliContext } from '../feature.js';
import { parse, UsageError } from '../cli/args.js';
import { Refused } from '../cli/exit.js';
import { StorageOpenError } from '../storage/open-error.js';
import { leftOut } from './coverage.js';
import type { BackupSummary } from './writer.js';

async function releaseFacts() {
  const { FEATURES, MIGRATIONS } = await import('../features.js');
  return { leaveOut: new Set(leftOut(FEATURES).keys()), migrations: MIGRATIONS };
}

function report(ctx: CliContext, json: boolean, verb: string, s: BackupSummary): void {
  if (json) return ctx.json(s);
  const rows = Object.values(s.tables).reduce((a, b) => a + b, 0);
  ctx.out(
    `${verb} ${s.file}: ${String(s.bytes)} bytes, ${String(Object.keys(s.tables).length)} tables, ${String(rows)} rows, schema ${String(s.schemaVersion)}`,
  );
  ctx.out(`sha256 ${s.sha256}`);
}

export const backupCommand: CliCommand = {
  name: 'backup',
  usage: ['backup FILE [--json]                    write a consistent backup of the whole database while the server runs'],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, 1);
    const file = resolve(positionals[0] ?? '');
    const config = await ctx.config();
    const { writeBackup } = await import('./writer.js');
    const { leaveOut } = await releaseFacts();
    let summary: BackupSummary;
    try {
      summary = await writeBackup(config.databaseUrl, file, { leaveOut, now: new Date(ctx.clock.now()) });
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
        throw new UsageError(`cannot write ${file}: ${(err as Error).message}`);
      throw new StorageOpenError(config.databaseUrl, err);
    }
    report(ctx, values.json === true, 'backup written to', summary);
  },
};

export const restoreCommand: CliCommand = {
  name: 'restore',
  createsDatabase: true,
  usage: ['restore FILE [--json]                   load a backup into the empty database at DATABASE_URL (all or nothing)'],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, 1);
    const file = resolve(positionals[0] ?? '');
    if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
    const config = await ctx.config();
    const database = await ctx.database();
    const { restoreBackup, RestoreRefused } = await import('./restore.js');
    try {
      const summary = await restoreBackup({ databaseUrl: config.databaseUrl, database }, file, await releaseFacts());
      report(ctx, values.json === true, 'restored', summary);
    } catch (err) {
      if (err instanceof RestoreRefused) throw new Refused({ code: err.code, message: err.message });
      throw err;
    }
  },
};
