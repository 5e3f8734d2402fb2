import type { CliContext } from '../feature.js';
import { openAppStorage } from '../features.js';
import { runPlan, SchemaTooNewError, type PlannedMigration, type SchemaState } from '../storage/migrations.js';
import { VERSION } from '../version.js';
import { parse, UsageError } from './args.js';
import { requireDatabase } from './no-database.js';

/** The usage lines of `petstore migrate`, shown by `petstore help`. */
export const MIGRATE_USAGE = [
  'migrate [--contract]                    apply pending migrations (expand ones; --contract: contract ones too, once every instance runs this release)',
  'migrate --status [--json]               every migration, applied or pending',
  'migrate --dry-run [--contract] [--json] what migrate would apply, and the contract migrations that would wait',
];

const CONTRACT_HINT = 'petstore migrate --contract, once every instance runs this release';

const label = (m: PlannedMigration) => `${m.feature} ${String(m.version)} (${m.kind}): ${m.name}`;

/** `--status`: every migration this build knows and whether the database has it. */
function status(ctx: CliContext, state: SchemaState, json: boolean): void {
  const pending = state.migrations.filter((m) => !m.applied);
  if (json) {
    ctx.json({
      version: VERSION,
      databaseVersion: state.databaseVersion,
      migrations: state.migrations.map((m) => ({
        feature: m.feature,
        version: m.version,
        name: m.name,
        kind: m.kind,
        applied: m.applied,
        release: m.release,
      })),
      pending: pending.length,
    });
    return;
  }
  ctx.out(`Petstore ${VERSION}; database migrated by ${state.databaseVersion ?? 'releases before 1.1.0'}`);
  for (const m of state.migrations) ctx.out(`  ${m.applied ? 'applied' : 'pending'}  ${label(m)}`);
  const waiting = pending.filter((m) => m.kind === 'contract').length;
  ctx.out(
    `${String(state.migrations.length - pending.length)} applied, ${String(pending.length)} pending` +
      (waiting > 0 ? ` (${String(waiting)} contract: ${CONTRACT_HINT})` : ''),
  );
}

/** `--dry-run`: what a run would apply and what would wait, applying nothing. */
function dryRun(ctx: CliContext, state: SchemaState, contract: boolean, json: boolean, backupDir: string | undefined): void {
  const { apply, wait } = runPlan(state, contract);
  const backup = backupDir !== undefined && apply.length > 0 && !state.isNew;
  const shape = (m: PlannedMigration) => ({ feature: m.feature, version: m.version, name: m.name, kind: m.kind });
  if (json) {
    ctx.json({ apply: apply.map(shape), wait: wait.map(shape), backup });
    return;
  }
  if (backup) ctx.out(`would write a backup to ${backupDir ?? ''} first`);
  ctx.out(apply.length > 0 ? `would apply ${String(apply.length)}:` : 'nothing to apply');
  for (const m of apply) ctx.out(`  ${label(m)}`);
  if (wait.length > 0) {
    ctx.out(`would leave ${String(wait.length)} contract migration(s) waiting (${CONTRACT_HINT}):`);
    for (const m of wait) ctx.out(`  ${label(m)}`);
  }
}

/**
 * `petstore migrate`: applies pending expand migrations (with `--contract`, contract ones too), after a
 * backup into BACKUP_DIR when there is something to apply; `--status` and `--dry-run` read only (and,
 * like every command but serve, migrate and restore, create no database).
 */
export async function migrate(args: string[], ctx: CliContext): Promise<void> {
  const { values } = parse(
    args,
    { status: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, contract: { type: 'boolean' }, json: { type: 'boolean' } },
    0,
  );
  const json = values.json === true;
  const contract = values.contract === true;
  if (values.status && (values['dry-run'] || contract)) throw new UsageError('--status takes no --dry-run or --contract');
  if (json && !values.status && !values['dry-run']) throw new UsageError('--json goes with --status or --dry-run');
  const config = await ctx.config();
  if (values.status || values['dry-run']) {
    await requireDatabase(config.databaseUrl, `migrate --${values.status ? 'status' : 'dry-run'}`);
    const storage = await openAppStorage(config, { migrate: false });
    try {
      const state = await storage.schema();
      if (state.unknown.length > 0) throw new SchemaTooNewError(state, VERSION);
      if (values.status) status(ctx, state, json);
      else dryRun(ctx, state, contract, json, config.backupDir);
    } finally {
      await storage.close();
    }
    return;
  }
  const storage = await openAppStorage(config, { contract, backedUp: (file) => ctx.out(`backup written to ${file}`) });
  try {
    const run = storage.migrated;
    if (run?.isNew) ctx.out(`new database: applied its ${String(run.applied.length)} migrations`);
    else for (const m of run?.applied ?? []) ctx.out(`applied ${label(m)}`);
    if (run && run.waiting.length > 0) {
      ctx.out(`${String(run.waiting.length)} contract migration(s) wait (${CONTRACT_HINT}):`);
      for (const m of run.waiting) ctx.out(`  ${label(m)}`);
    }
    const state = run && run.waiting.length > 0 ? 'is ready for this release' : 'is up to date';
    ctx.out(`database schema ${state}: ${String((await storage.applied()).length)} migrations applied`);
  } finally {
    await storage.close();
  }
}
