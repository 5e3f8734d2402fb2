import { int, time } from '../../storage/sql.js';
import type { DeployFailureReason, DeployRecord, DeployStatus, LiveDeploy, LiveDeployRow, Manifest, ManifestEntry } from './repository.js';

export interface DeployRow {
  id: bigint;
  number: bigint;
  project_id: bigint;
  status: DeployStatus;
  reason: DeployFailureReason | null;
  message: string | null;
  file_count: bigint;
  total_bytes: bigint;
  created_at: bigint | Date;
  live_id: bigint | null;
}

/** Columns of `deploys d` with the project's live deploy id (`deploy_live l` joined on the project). */
export const DEPLOY_COLUMNS =
  'd.id, d.number, d.project_id, d.status, d.reason, d.message, d.file_count, d.total_bytes, d.created_at, l.deploy_id AS live_id';
export const DEPLOY_FROM = 'deploys d LEFT JOIN deploy_live l ON l.project_id = d.project_id';

export const toRecord = (r: DeployRow): DeployRecord => ({
  id: String(r.id),
  number: int(r.number),
  projectId: int(r.project_id),
  status: r.status,
  reason: r.reason,
  message: r.message,
  fileCount: int(r.file_count),
  totalBytes: int(r.total_bytes),
  createdAt: time(r.created_at),
  live: r.live_id !== null && r.live_id === r.id,
});

export interface FileRow {
  path: string;
  hash: string;
  size: bigint;
  media_type: string;
}

export function toManifest(rows: readonly FileRow[]): Manifest {
  return new Map<string, ManifestEntry>(rows.map((r) => [r.path, { hash: r.hash, size: int(r.size), type: r.media_type }]));
}

/** Deploy ids are decimal integers; anything else names no deploy (and never reaches SQL as a bad number). */
export function deployIdOf(id: string): bigint | null {
  return /^[1-9][0-9]{0,17}$/.test(id) ? BigInt(id) : null;
}

/** Manifests held in memory at most (each up to 10,000 entries). */
const MANIFESTS_KEPT = 64;

/**
 * Manifests by deploy id. A recorded deploy's manifest never changes, so a
 * cached one is never stale; serving only asks storage which deploy is live.
 */
export class ManifestCache {
  private readonly manifests = new Map<string, Manifest>();

  get(id: string): Manifest | undefined {
    const manifest = this.manifests.get(id);
    if (manifest) {
      this.manifests.delete(id);
      this.manifests.set(id, manifest);
    }
    return manifest;
  }

  set(id: string, manifest: Manifest): void {
    this.manifests.set(id, manifest);
    for (const oldest of this.manifests.keys()) {
      if (this.manifests.size <= MANIFESTS_KEPT) break;
      this.manifests.delete(oldest);
    }
  }
}

/** The live deploys of the rows read, by project. */
export const toLiveDeploys = (rows: readonly LiveDeployRow[]): Map<number, LiveDeploy> =>
  new Map(rows.map((r) => [int(r.project_id), { id: String(r.id), number: int(r.number), createdAt: time(r.created_at) }]));
