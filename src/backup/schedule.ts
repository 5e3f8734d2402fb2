import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock.js';
import type { BackupLease } from './lease.js';
import { writeBackup } from './writer.js';

const NAME = /^petstore-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.backup$/;

/** `petstore-2026-11-26T12-15-00Z.backup`: the UTC time it was taken, sortable, without characters some file systems refuse. */
export function backupName(at: Date): string {
  return `petstore-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.backup`;
}

/** The scheduled backups in `dir`, newest first. */
export function backupsIn(dir: string): { name: string; at: Date }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name);
      return m ? [{ name, at: new Date(`${m[1] ?? ''}T${m[2] ?? ''}:${m[3] ?? ''}:${m[4] ?? ''}Z`) }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

export interface ScheduleDeps {
  dir: string;
  intervalMs: number;
  keep: number;
  databaseUrl: string;
  leaveOut: ReadonlySet<string>;
  lease: BackupLease;
  clock: Clock;
  log: FastifyBaseLogger;
  onFailure?(): void;
}

/** Longer than a tick, renewed while a backup runs: another instance takes over only after this one stopped. */
const LEASE_MS = 5 * 60_000;

/**
 * Writes a backup into BACKUP_DIR whenever the newest one there is older than
 * the interval (so at start when there is none), on one instance at a time
 * (the backup lease). After a success the oldest beyond BACKUP_KEEP are
 * removed; a failure is logged, removes nothing, and is retried at the next tick.
 */
export class BackupSchedule {
  private readonly holder = `${String(process.pid)}-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly deps: ScheduleDeps) {}

  /** How often the directory is looked at: a failed backup is retried this soon. */
  get tickMs(): number {
    return Math.min(60_000, Math.max(1000, this.deps.intervalMs / 4));
  }

  start(): void {
    mkdirSync(this.deps.dir, { recursive: true });
    this.timer = setInterval(() => this.kick(), this.tickMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.closed || this.running) return;
    this.running = this.runIfDue()
      .catch((err: unknown) => {
        this.deps.onFailure?.();
        this.deps.log.error({ err }, 'scheduled backup failed; older backups are kept, retrying at the next tick');
      })
      .finally(() => {
        this.running = null;
      });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  private due(): boolean {
    const newest = backupsIn(this.deps.dir)[0];
    return !newest || this.now().getTime() - newest.at.getTime() >= this.deps.intervalMs;
  }

  private async runIfDue(): Promise<void> {
    const { lease, dir } = this.deps;
    if (!this.due()) return;
    const take = () => lease.take(this.holder, new Date(this.now().getTime() + LEASE_MS), this.now());
    if (!(await take())) return;
    const renew = setInterval(() => void take().catch(() => undefined), LEASE_MS / 5);
    renew.unref();
    try {
      // Another instance may have written one while this one waited for the lease.
      if (!this.due()) return;
      const at = this.now();
      const summary = await writeBackup(this.deps.databaseUrl, join(dir, backupName(at)), { leaveOut: this.deps.leaveOut, now: at });
      this.deps.log.info({ file: summary.file, bytes: summary.bytes, sha256: summary.sha256 }, 'scheduled backup written');
      for (const old of backupsIn(dir).slice(this.deps.keep)) rmSync(join(dir, old.name), { force: true });
    } finally {
      clearInterval(renew);
      await lease.release(this.holder).catch(() => undefined);
    }
  }
}
