import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { Counter, Gauge } from '../metrics/prometheus.js';
import { repositoryOf } from '../feature.js';
import { ServeError } from '../serve-error.js';
import { openBackupLease } from './schedule/lease.js';
import type { ReleaseFacts } from './release.js';
import { BackupSchedule, backupsIn } from './schedule/schedule.js';

const HOUR_MS = 60 * 60 * 1000;

/** BACKUP_DIR, made when missing; a start it cannot serve stops with one line saying why. */
function checkBackupDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    throw new ServeError(
      code === 'EEXIST' || code === 'ENOTDIR'
        ? `BACKUP_DIR ${dir} is not a folder (a file has that name, or one of its parents is a file): point BACKUP_DIR at a folder`
        : `BACKUP_DIR ${dir} cannot be created (${code || (err as Error).message}): create it, or point BACKUP_DIR elsewhere`,
    );
  }
  if (!statSync(dir).isDirectory())
    throw new ServeError(`BACKUP_DIR ${dir} is not a folder (a file has that name): point BACKUP_DIR at a folder`);
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw new ServeError(`BACKUP_DIR ${dir} cannot be written to by this process: give it the permission, or point BACKUP_DIR elsewhere`);
  }
}

/** Scheduled backups into BACKUP_DIR (none when it is unset). */
export function backupPlugin(release: () => ReleaseFacts) {
  return fp(
    async (app: FastifyInstance) => {
      const { backupDir, backupIntervalHours, backupKeep, databaseUrl } = app.config;
      if (backupDir === undefined) return;
      checkBackupDir(backupDir);
      let failures: Counter | undefined;
      if (app.metricsRegistry) {
        new Gauge({
          name: 'petstore_backup_last_success_timestamp_seconds',
          help: 'When the newest scheduled backup in BACKUP_DIR was taken (Unix time; 0 when there is none).',
          registers: [app.metricsRegistry],
          collect() {
            const newest = backupsIn(backupDir, new Date(app.clock.now()))[0];
            this.set(newest ? newest.at.getTime() / 1000 : 0);
          },
        });
        failures = new Counter({
          name: 'petstore_backup_failures_total',
          help: 'Scheduled backups this instance attempted that failed.',
          registers: [app.metricsRegistry],
        });
      }
      const schedule = new BackupSchedule({
        dir: backupDir,
        intervalMs: backupIntervalHours * HOUR_MS,
        keep: backupKeep,
        databaseUrl,
        leaveOut: release().leaveOut,
        lease: repositoryOf(app, 'backup', openBackupLease),
        clock: app.clock,
        log: app.log,
        onFailure: () => failures?.inc(),
      });
      app.decorate('backups', schedule);
      app.addHook('onReady', async () => schedule.start());
      app.addHook('onClose', async () => schedule.close());
    },
    { name: 'backup' },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when BACKUP_DIR is set. */
    backups?: BackupSchedule;
  }
}
