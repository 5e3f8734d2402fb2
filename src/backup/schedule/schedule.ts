import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../clock.js';
import type { BackupLease } from './lease.js';
import { readHeader } from '../file/reader.js';
import { writeBackup } from '../file/writer.js';

const NAME = /^petstore-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.backup$/;
/** The partial file of a backup into BACKUP_DIR (see writer.ts). */
const PARTIAL = /^\.petstore-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.backup\.[0-9a-f]{16}\.partial$/;

/** `petstore-2026-11-26T12-15-00Z.backup`: the UTC time it was taken, sortable, without characters some file systems refuse. */
export function backupName(at: Date): string {
  return `petstore-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.backup`;
}

/**
 * The backups in `dir` that Petstore wrote there, newest first: named for their time, not after `now`, and
 * holding a header that says a schedule or a release about to migrate wrote them at that time. Anything
 * else (an operator's file, a copy of another backup, a name from the future) is neither the latest nor
 * removed by retention.
 */
export function backupsIn(dir: string, now: Date): { name: string; at: Date }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name);
      if (!m) return [];
      const at = new Date(`${m[1] ?? ''}T${m[2] ?? ''}:${m[3] ?? ''}:${m[4] ?? ''}Z`);
      if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime()) return [];
      const header = readHeader(join(dir, name));
      if (header?.origin !== 'scheduled' && header?.origin !== 'before-migrating') return [];
      if (backupName(new Date(header.createdAt)) !== name) return [];
      return [{ name, at }];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * A partial file nothing has written to for this long belongs to a backup that stopped (killed, or its
 * machine lost): a live one writes at least every frame (1 MiB) or finishes.
 */
export const STALE_PARTIAL_MS = 10 * 60_000;

/** Removes the partial files of backups into `dir` that stopped (by their name and age: never another file). */
export function sweepPartials(dir: string, now: Date): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => PARTIAL.test(n))) {
    const path = join(dir, name);
    try {
      const st = statSync(path, { throwIfNoEntry: false });
      if (!st?.isFile() || now.getTime() - st.mtimeMs < STALE_PARTIAL_MS) continue;
      rmSync(path, { force: true });
      removed.push(name);
    } catch {
      // Gone meanwhile, or not ours to remove: left.
    }
  }
  return removed;
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

/**
 * How long the lease lasts without renewal: it is renewed every third of it while a backup runs, so another
 * instance takes over half a minute after the holder stopped (killed, its machine lost).
 */
export const LEASE_MS = 30_000;

/**
 * Writes a backup into BACKUP_DIR whenever the newest one there is older than
 * the interval (so at start when there is none), on one instance at a time
 * (the backup lease). After a success the oldest beyond BACKUP_KEEP are
 * removed; a failure is logged, removes nothing, and is retried at the next tick.
 * Each tick also removes the partial files of backups that stopped.
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
    this.timer = setInterval(() => this.kick(), this.tickMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.closed || this.running) return;
    this.running = this.tick()
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
    const now = this.now();
    const newest = backupsIn(this.deps.dir, now)[0];
    return !newest || now.getTime() - newest.at.getTime() >= this.deps.intervalMs;
  }

  private async tick(): Promise<void> {
    const removed = sweepPartials(this.deps.dir, this.now());
    if (removed.length > 0) this.deps.log.warn({ removed }, 'removed the partial files of backups that stopped');
    await this.runIfDue();
  }

  private async runIfDue(): Promise<void> {
    const { lease, dir } = this.deps;
    if (!this.due()) return;
    const take = () => lease.take(this.holder, new Date(this.now().getTime() + LEASE_MS), this.now());
    if (!(await take())) return;
    const renew = setInterval(() => void take().catch(() => undefined), LEASE_MS / 3);
    renew.unref();
    try {
      // Another instance may have written one while this one waited for the lease.
      if (!this.due()) return;
      const at = this.now();
      const summary = await writeBackup(this.deps.databaseUrl, join(dir, backupName(at)), {
        leaveOut: this.deps.leaveOut,
        now: at,
        origin: 'scheduled',
      });
      this.deps.log.info({ file: summary.file, bytes: summary.bytes, sha256: summary.sha256 }, 'scheduled backup written');
      for (const old of backupsIn(dir, this.now()).slice(this.deps.keep)) rmSync(join(dir, old.name), { force: true });
    } finally {
      clearInterval(renew);
      await lease.release(this.holder).catch(() => undefined);
    }
  }
}
