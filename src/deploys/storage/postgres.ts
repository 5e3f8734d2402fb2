import { emitPg } from '../../events/outbox.js';
import { deployEventData } from '../json.js';
import type pg from 'pg';
import type { PgDatabase } from '../../storage/postgres/database.js';
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

/** Manifest rows sent per INSERT (as arrays, so one statement whatever their number). */
const FILES_PER_INSERT = 2000;

const SET_LIVE = `INSERT INTO deploy_live (project_id, deploy_id, switched_at) VALUES ($1, $2, $3)
  ON CONFLICT (project_id) DO UPDATE SET deploy_id = excluded.deploy_id, switched_at = excluded.switched_at`;

async function insertFiles(client: pg.PoolClient, deployId: bigint, manifest: Manifest): Promise<void> {
  const entries = [...manifest];
  for (let i = 0; i < entries.length; i += FILES_PER_INSERT) {
    const chunk = entries.slice(i, i + FILES_PER_INSERT);
    await client.query(
      `INSERT INTO deploy_files (deploy_id, path, hash, size, media_type)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[], $5::text[])`,
      [deployId, chunk.map(([p]) => p), chunk.map(([, e]) => e.hash), chunk.map(([, e]) => e.size), chunk.map(([, e]) => e.type)],
    );
  }
}

/** Deploys in PostgreSQL: a deploy and its live switch are one transaction; blobs go in one per statement. */
export function postgresDeploys(db: PgDatabase): DeployRepository {
  const manifests = new ManifestCache();

  const find = async (projectId: number, deployId: string): Promise<DeployRecord | null> => {
    const id = deployIdOf(deployId);
    if (id === null) return null;
    const res = await db.query<DeployRow>(`SELECT ${DEPLOY_COLUMNS} FROM ${DEPLOY_FROM} WHERE d.id = $1 AND d.project_id = $2`, [
      id,
      projectId,
    ]);
    return res.rows[0] ? toRecord(res.rows[0]) : null;
  };

  const manifestOf = async (deployId: string): Promise<Manifest | null> => {
    const cached = manifests.get(deployId);
    if (cached) return cached;
    const id = deployIdOf(deployId);
    if (id === null) return null;
    const status = await db.query<{ status: string }>('SELECT status FROM deploys WHERE id = $1', [id]);
    if (status.rows[0]?.status !== 'ready') return null;
    const rows = await db.query<FileRow>('SELECT path, hash, size, media_type FROM deploy_files WHERE deploy_id = $1', [id]);
    const manifest = toManifest(rows.rows);
    manifests.set(deployId, manifest);
    return manifest;
  };

  return {
    read: async (hash) => {
      const res = await db.query<StoredBlob>('SELECT hash, bytes, gzip, br FROM deploy_blobs WHERE hash = $1', [hash]);
      const row = res.rows[0];
      return row ? { hash: row.hash, bytes: row.bytes, gzip: row.gzip, br: row.br } : null;
    },
    missingBlobs: async (hashes, seenAt = new Date()) => {
      const unique = [...new Set(hashes)];
      const res = await db.query<{ hash: string }>('UPDATE deploy_blobs SET seen_at = $2 WHERE hash = ANY($1::text[]) RETURNING hash', [
        unique,
        seenAt,
      ]);
      const stored = new Set(res.rows.map((r) => r.hash));
      return unique.filter((h) => !stored.has(h));
    },
    putBlobs: async (blobs, seenAt = new Date()) => {
      for (const b of blobs) {
        await db.query(
          'INSERT INTO deploy_blobs (hash, size, bytes, gzip, br, seen_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (hash) DO NOTHING',
          [b.hash, b.bytes.length, b.bytes, b.gzip, b.br, seenAt],
        );
      }
    },
    namedBy: async (projectId, hashes) =>
      (
        await db.query<{ hash: string }>(
          `SELECT DISTINCT f.hash FROM deploy_files f JOIN deploys d ON d.id = f.deploy_id
           WHERE d.project_id = $1 AND f.hash = ANY($2::text[])`,
          [projectId, [...new Set(hashes)]],
        )
      ).rows.map((r) => r.hash),
    storageUsed: async (projectId) => {
      const res = await db.query<{ n: string }>(
        `SELECT COALESCE(SUM(size), 0) AS n FROM deploy_blobs WHERE hash IN
           (SELECT f.hash FROM deploy_files f JOIN deploys d ON d.id = f.deploy_id WHERE d.project_id = $1)`,
        [projectId],
      );
      return Number(res.rows[0]?.n ?? 0);
    },
    prune: (projectId, keepReady, before) =>
      db.transaction(async (client) => {
        const doomed = await client.query<{ id: string }>(
          `SELECT id FROM deploys WHERE project_id = $1 AND created_at < $2
             AND id NOT IN (SELECT deploy_id FROM deploy_live WHERE project_id = $1)
             AND id NOT IN (SELECT id FROM deploys WHERE project_id = $1 AND status = 'ready' ORDER BY id DESC LIMIT $3)`,
          [projectId, before, keepReady],
        );
        const ids = doomed.rows.map((r) => r.id);
        if (ids.length === 0) return 0;
        await client.query('DELETE FROM deploy_files WHERE deploy_id = ANY($1::bigint[])', [ids]);
        return (await client.query('DELETE FROM deploys WHERE id = ANY($1::bigint[])', [ids])).rowCount ?? 0;
      }),
    collectGarbage: async (seenBefore) =>
      (
        await db.query(
          'DELETE FROM deploy_blobs b WHERE b.seen_at < $1 AND NOT EXISTS (SELECT 1 FROM deploy_files f WHERE f.hash = b.hash)',
          [seenBefore],
        )
      ).rowCount ?? 0,
    createDeploy: async (deploy: NewDeploy) => {
      const id = await db.transaction(async (client) => {
        // `number` is given by the insert's trigger (migrations.ts).
        const created = await client.query<{ id: bigint; number: string }>(
          `INSERT INTO deploys (project_id, status, reason, message, file_count, total_bytes, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, number`,
          [deploy.projectId, deploy.status, deploy.reason, deploy.message, deploy.fileCount, deploy.totalBytes, deploy.createdAt],
        );
        const { id: deployId, number } = created.rows[0] as { id: bigint; number: string };
        if (deploy.status === 'ready' && deploy.manifest) {
          await insertFiles(client, deployId, deploy.manifest);
          if (!deploy.preview) await client.query(SET_LIVE, [deploy.projectId, deployId, deploy.createdAt]);
        }
        const ready = deploy.status === 'ready';
        const data = deployEventData({ ...deploy, id: String(deployId), number: Number(number) }, ready && !deploy.preview);
        await emitPg(client, deploy.projectId, ready ? 'deploy.ready' : 'deploy.failed', data, deploy.createdAt);
        return deployId;
      });
      const record = await find(deploy.projectId, String(id));
      if (!record) throw new Error(`deploy ${String(id)} was not found after it was recorded`);
      return record;
    },
    findDeploy: find,
    numbered: async (projectId, number) => {
      if (!Number.isSafeInteger(number)) return null;
      const res = await db.query<{ id: string }>('SELECT id FROM deploys WHERE project_id = $1 AND number = $2', [projectId, number]);
      return res.rows[0] ? String(res.rows[0].id) : null;
    },
    manifest: manifestOf,
    liveSite: async (projectId): Promise<LiveSite | null> => {
      const res = await db.query<{ deploy_id: bigint }>('SELECT deploy_id FROM deploy_live WHERE project_id = $1', [projectId]);
      const id = res.rows[0]?.deploy_id;
      if (id === undefined) return null;
      const manifest = await manifestOf(String(id));
      return manifest ? { deployId: String(id), manifest } : null;
    },
    promote: (projectId, deployId) =>
      db.transaction(async (client): Promise<PromoteOutcome> => {
        const id = deployIdOf(deployId);
        if (id === null) return 'not_found';
        const res = await client.query<DeployRow>(
          `SELECT ${DEPLOY_COLUMNS} FROM ${DEPLOY_FROM} WHERE d.id = $1 AND d.project_id = $2 FOR UPDATE OF d`,
          [id, projectId],
        );
        const row = res.rows[0];
        if (row === undefined) return 'not_found';
        if (row.status !== 'ready') return 'not_ready';
        const now = new Date();
        await client.query(SET_LIVE, [projectId, id, now]);
        await emitPg(client, projectId, 'deploy.promoted', deployEventData(toRecord(row), true), now);
        return 'promoted';
      }),
    list: async (projectId) =>
      (
        await db.query<DeployRow>(`SELECT ${DEPLOY_COLUMNS} FROM ${DEPLOY_FROM} WHERE d.project_id = $1 ORDER BY d.id DESC`, [projectId])
      ).rows.map(toRecord),
    liveDeploys: async (projectIds) =>
      toLiveDeploys(
        (
          await db.query<LiveDeployRow>(
            'SELECT l.project_id, d.id, d.number, d.created_at FROM deploy_live l JOIN deploys d ON d.id = l.deploy_id WHERE l.project_id = ANY($1::bigint[])',
            [projectIds.map(String)],
          )
        ).rows,
      ),
  };
}
