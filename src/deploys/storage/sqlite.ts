import type { SqliteDatabase } from '../../storage/database.js';
import { guard, storageError } from '../../storage/sqlite/database.js';
import { sqliteOutbox } from '../../events/outbox.js';
import { deployEventData } from '../json.js';
import type {
  DeployRecord,
  DeployRepository,
  LiveDeployRow,
  LiveSite,
  Manifest,
  NewDeploy,
  PromoteOutcome,
  StoredBlob,
} from './repository.js';
import {
  DEPLOY_COLUMNS,
  DEPLOY_FROM,
  deployIdOf,
  ManifestCache,
  toLiveDeploys,
  toManifest,
  toRecord,
  type DeployRow,
  type FileRow,
} from './rows.js';

interface BlobRow {
  hash: string;
  bytes: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** Projects whose live deploy is remembered at most. */
const LIVE_KEPT = 64;
/** Owners of ready deploys remembered at most (for preview hosts). */
const OWNERS_KEPT = 10_000;
/** How long this process serves the live deploy it read before reading it again (other processes switch it too). */
export const LIVE_RECHECK_MS = 100;

/** Deploys in SQLite: writes go through the group commit; reads are synchronous statements. */
export function sqliteDeploys({ sqlite: db, writes }: SqliteDatabase): DeployRepository {
  const insertBlob = db.prepare(
    'INSERT INTO deploy_blobs (hash, size, bytes, gzip, br, seen_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING',
  );
  const touchBlob = db.prepare('UPDATE deploy_blobs SET seen_at = ? WHERE hash = ?');
  const used = db
    .prepare(
      `SELECT COALESCE(SUM(size), 0) FROM deploy_blobs WHERE hash IN
         (SELECT f.hash FROM deploy_files f JOIN deploys d ON d.id = f.deploy_id WHERE d.project_id = ?)`,
    )
    .pluck()
    .safeIntegers(true);
  const named = db
    .prepare(
      `SELECT DISTINCT f.hash FROM deploy_files f JOIN deploys d ON d.id = f.deploy_id
       WHERE d.project_id = ? AND f.hash IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const doomedDeploys = `SELECT id FROM deploys WHERE project_id = ? AND created_at < ?
      AND id NOT IN (SELECT deploy_id FROM deploy_live WHERE project_id = ?)
      AND id NOT IN (SELECT id FROM deploys WHERE project_id = ? AND status = 'ready' ORDER BY id DESC LIMIT ?)`;
  const pruneFiles = db.prepare(`DELETE FROM deploy_files WHERE deploy_id IN (${doomedDeploys})`);
  const pruneDeploys = db.prepare(`DELETE FROM deploys WHERE id IN (${doomedDeploys})`);
  const garbage = db.prepare(
    'DELETE FROM deploy_blobs WHERE seen_at < ? AND NOT EXISTS (SELECT 1 FROM deploy_files f WHERE f.hash = deploy_blobs.hash)',
  );
  const readBlob = db.prepare('SELECT hash, bytes, gzip, br FROM deploy_blobs WHERE hash = ?');
  const insertDeploy = db
    .prepare(
      `INSERT INTO deploys (project_id, status, reason, message, file_count, total_bytes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .pluck()
    .safeIntegers(true);
  const insertFile = db.prepare('INSERT INTO deploy_files (deploy_id, path, hash, size, media_type) VALUES (?, ?, ?, ?, ?)');
  const setLive = db.prepare(
    `INSERT INTO deploy_live (project_id, deploy_id, switched_at) VALUES (?, ?, ?)
     ON CONFLICT (project_id) DO UPDATE SET deploy_id = excluded.deploy_id, switched_at = excluded.switched_at`,
  );
  const findOne = db.prepare(`SELECT ${DEPLOY_COLUMNS} FROM ${DEPLOY_FROM} WHERE d.id = ? AND d.project_id = ?`).safeIntegers(true);
  const listAll = db.prepare(`SELECT ${DEPLOY_COLUMNS} FROM ${DEPLOY_FROM} WHERE d.project_id = ? ORDER BY d.id DESC`).safeIntegers(true);
  const statusOf = db.prepare('SELECT status FROM deploys WHERE id = ?').pluck();
  const numberOf = db.prepare('SELECT number FROM deploys WHERE id = ?').pluck();
  const idOfNumber = db.prepare('SELECT id FROM deploys WHERE project_id = ? AND number = ?').pluck().safeIntegers(true);
  const projectOf = db.prepare('SELECT project_id FROM deploys WHERE id = ?').pluck();
  const files = db.prepare('SELECT path, hash, size, media_type FROM deploy_files WHERE deploy_id = ?').safeIntegers(true);
  const liveId = db.prepare('SELECT deploy_id FROM deploy_live WHERE project_id = ?').pluck().safeIntegers(true);
  const liveOf = db
    .prepare(
      'SELECT l.project_id, d.id, d.number, d.created_at FROM deploy_live l JOIN deploys d ON d.id = l.deploy_id WHERE l.project_id IN (SELECT value FROM json_each(?))',
    )
    .safeIntegers(true);
  const manifests = new ManifestCache();
  const manifestOf = (id: string): Manifest | null => {
    const cached = manifests.get(id);
    if (cached) return cached;
    const numeric = deployIdOf(id);
    if (numeric === null || statusOf.get(numeric) !== 'ready') return null;
    const manifest = toManifest(files.all(numeric) as FileRow[]);
    manifests.set(id, manifest);
    return manifest;
  };

  // The last answer per project, read again from the table after LIVE_RECHECK_MS (a switch made by another
  // process shows within that time) or at once after this process switched it.
  const emit = sqliteOutbox(db);
  const lastLive = new Map<number, { id: bigint | undefined; site: LiveSite | null; readAt: number }>();

  const liveSiteOf = (projectId: number): LiveSite | null => {
    const now = Date.now();
    const last = lastLive.get(projectId);
    if (last && now - last.readAt < LIVE_RECHECK_MS && now >= last.readAt) return last.site;
    const id = liveId.get(projectId) as bigint | undefined;
    // A manifest never changes, so the same live id keeps its snapshot.
    const manifest = id === undefined ? null : last && last.id === id ? last.site?.manifest : manifestOf(String(id));
    const site: LiveSite | null = id !== undefined && manifest ? { deployId: String(id), manifest } : null;
    // Bounded like the manifest cache: past that many projects the memory starts over.
    if (lastLive.size >= LIVE_KEPT) lastLive.clear();
    lastLive.set(projectId, { id, site, readAt: now });
    return site;
  };

  const liveSiteNow = (projectId: number): LiveSite | null => {
    try {
      return liveSiteOf(projectId);
    } catch (err) {
      throw storageError(err);
    }
  };

  // A deploy never changes project, and a ready one never stops being ready: an owner found stays the owner.
  const owners = new Map<string, number>();
  const deploySiteNow = (projectId: number, deployId: string): LiveSite | null => {
    try {
      let owner = owners.get(deployId);
      if (owner === undefined) {
        const numeric = deployIdOf(deployId);
        if (numeric === null || statusOf.get(numeric) !== 'ready') return null;
        owner = Number(projectOf.get(numeric));
        if (owners.size >= OWNERS_KEPT) owners.clear();
        owners.set(deployId, owner);
      }
      const manifest = owner === projectId ? manifestOf(deployId) : null;
      return manifest ? { deployId, manifest } : null;
    } catch (err) {
      throw storageError(err);
    }
  };

  // A number never changes deploy: a found one is remembered (bounded like the owners).
  const byNumber = new Map<string, string>();
  const numberedNow = (projectId: number, number: number): string | null => {
    try {
      const key = `${String(projectId)}:${String(number)}`;
      let id = byNumber.get(key);
      if (id === undefined) {
        const found = Number.isSafeInteger(number) ? (idOfNumber.get(projectId, number) as bigint | undefined) : undefined;
        if (found === undefined) return null;
        id = String(found);
        if (byNumber.size >= OWNERS_KEPT) byNumber.clear();
        byNumber.set(key, id);
      }
      return id;
    } catch (err) {
      throw storageError(err);
    }
  };

  const find = (projectId: number, deployId: string): DeployRecord | null => {
    const id = deployIdOf(deployId);
    const row = id === null ? undefined : (findOne.get(id, projectId) as DeployRow | undefined);
    return row ? toRecord(row) : null;
  };

  return {
    read: (hash) =>
      guard(() => {
        const row = readBlob.get(hash) as BlobRow | undefined;
        return row ? ({ hash: row.hash, bytes: row.bytes, gzip: row.gzip, br: row.br } satisfies StoredBlob) : null;
      }),
    missingBlobs: (hashes, seenAt = new Date()) =>
      writes.run(() => [...new Set(hashes)].filter((h) => touchBlob.run(seenAt.getTime(), h).changes === 0)),
    putBlobs: (blobs, seenAt = new Date()) =>
      writes.run(() => {
        for (const b of blobs) insertBlob.run(b.hash, b.bytes.length, b.bytes, b.gzip, b.br, seenAt.getTime());
      }),
    namedBy: (projectId, hashes) => guard(() => named.all(projectId, JSON.stringify([...new Set(hashes)])) as string[]),
    storageUsed: (projectId) => guard(() => Number(used.get(projectId) as bigint)),
    prune: async (projectId, keepReady, before) => {
      const args = [projectId, before.getTime(), projectId, projectId, keepReady];
      const n = await writes.run(() => {
        pruneFiles.run(...args);
        return pruneDeploys.run(...args).changes;
      });
      return Number(n);
    },
    collectGarbage: async (seenBefore) => Number(await writes.run(() => garbage.run(seenBefore.getTime()).changes)),
    createDeploy: async (deploy: NewDeploy) => {
      const id = await writes.run(() => {
        const created = insertDeploy.get(
          deploy.projectId,
          deploy.status,
          deploy.reason,
          deploy.message,
          deploy.fileCount,
          deploy.totalBytes,
          deploy.createdAt.getTime(),
        ) as bigint;
        if (deploy.status === 'ready' && deploy.manifest) {
          for (const [path, entry] of deploy.manifest) insertFile.run(created, path, entry.hash, entry.size, entry.type);
          if (!deploy.preview) setLive.run(deploy.projectId, created, deploy.createdAt.getTime());
        }
        const ready = deploy.status === 'ready';
        // Given by the insert's trigger (migrations.ts).
        const number = Number(numberOf.get(created));
        emit(
          deploy.projectId,
          ready ? 'deploy.ready' : 'deploy.failed',
          deployEventData({ ...deploy, id: String(created), number }, ready && !deploy.preview),
          deploy.createdAt.getTime(),
        );
        return created;
      });
      if (deploy.status === 'ready' && !deploy.preview) lastLive.delete(deploy.projectId);
      const record = find(deploy.projectId, String(id));
      if (!record) throw new Error(`deploy ${String(id)} was not found after it was recorded`);
      return record;
    },
    findDeploy: (projectId, deployId) => guard(() => find(projectId, deployId)),
    numbered: (projectId, number) => guard(() => numberedNow(projectId, number)),
    numberedNow,
    manifest: (deployId) => guard(() => manifestOf(deployId)),
    liveSite: (projectId) => guard(() => liveSiteNow(projectId)),
    liveSiteNow,
    deploySiteNow,
    promote: async (projectId, deployId) => {
      const outcome = await writes.run((): PromoteOutcome => {
        const record = find(projectId, deployId);
        if (!record) return 'not_found';
        if (record.status !== 'ready') return 'not_ready';
        const now = Date.now();
        setLive.run(projectId, BigInt(record.id), now);
        emit(projectId, 'deploy.promoted', deployEventData(record, true), now);
        return 'promoted';
      });
      if (outcome === 'promoted') lastLive.delete(projectId);
      return outcome;
    },
    list: (projectId) => guard(() => (listAll.all(projectId) as DeployRow[]).map(toRecord)),
    liveDeploys: (projectIds) => guard(() => toLiveDeploys(liveOf.all(JSON.stringify(projectIds)) as LiveDeployRow[])),
  };
}
