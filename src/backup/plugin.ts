import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { repositoryOf } from '../feature.js';
import { leftOut } from './coverage.js';
import { openBackupLease } from './lease.js';
import { BackupSchedule, backupsIn } from './schedule.js';

const HOUR_MS = 60 * 60 * 1000;

/** Scheduled backups into BACKUP_DIR (none when it is unset). */
export default fp(
  async (app: FastifyInstance) => {
    const { backupDir, backupIntervalHours, backupKeep, databaseUrl } = app.config;
    if (backupDir === undefined) return;
    let failures: Counter | undefined;
    if (app.metricsRegistry) {
      new Gauge({
        name: 'petstore_backup_last_success_timestamp_seconds',
        help: 'When the newest scheduled backup in BACKUP_DIR was taken (Unix time; 0 when there is none).',
        registers: [app.metricsRegistry],
        collect() {
          const newest = backupsIn(backupDir)[0];
          this.set(newest ? newest.at.getTime() / 1000 : 0);
        },
      });
      failures = new Counter({
        name: 'petstore_backup_failures_total',
        help: 'Scheduled backups this instance attempted that failed.',
        registers: [app.metricsRegistry],
      });
    }
    const { FEATURES } = await import('../features.js');
    const schedule = new BackupSchedule({
      dir: backupDir,
      intervalMs: backupIntervalHours * HOUR_MS,
      keep: backupKeep,
      databaseUrl,
      leaveOut: new Set(leftOut(FEATURES).keys()),
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

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when BACKUP_DIR is set. */
    backups?: BackupSchedule;
  }
}
