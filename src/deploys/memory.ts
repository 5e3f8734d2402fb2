import type {
  DeployRecord,
  DeployRepository,
  LiveSite,
  Manifest,
  NewDeploy,
  PromoteOutcome,
  StoredBlob,
  LiveDeploy,
} from './repository.js';

interface Row extends Omit<DeployRecord, 'live'> {
  manifest: Manifest | null;
}

/** Deploys and blobs in this process's memory; for tests and as the reference behaviour of the interface. */
export class MemoryDeployRepository implements DeployRepository {
  private readonly blobs = new Map<string, StoredBlob>();
  private readonly deploys: Row[] = [];
  private readonly live = new Map<number, string>();
  private nextId = 1;

  async read(hash: string): Promise<StoredBlob | null> {
    return this.blobs.get(hash) ?? null;
  }

  async missingBlobs(hashes: readonly string[]): Promise<string[]> {
    return [...new Set(hashes)].filter((h) => !this.blobs.has(h));
  }

  async putBlobs(blobs: readonly StoredBlob[]): Promise<void> {
    for (const blob of blobs) if (!this.blobs.has(blob.hash)) this.blobs.set(blob.hash, blob);
  }

  async createDeploy(deploy: NewDeploy): Promise<DeployRecord> {
    const row: Row = { ...deploy, id: String(this.nextId++) };
    this.deploys.push(row);
    if (row.status === 'ready') this.live.set(row.projectId, row.id);
    return this.record(row);
  }

  async findDeploy(projectId: number, deployId: string): Promise<DeployRecord | null> {
    const row = this.row(projectId, deployId);
    return row ? this.record(row) : null;
  }

  async manifest(deployId: string): Promise<Manifest | null> {
    return this.deploys.find((d) => d.id === deployId)?.manifest ?? null;
  }

  async liveSite(projectId: number): Promise<LiveSite | null> {
    const id = this.live.get(projectId);
    const manifest = id === undefined ? null : await this.manifest(id);
    return id === undefined || !manifest ? null : { deployId: id, manifest };
  }

  async promote(projectId: number, deployId: string): Promise<PromoteOutcome> {
    const row = this.row(projectId, deployId);
    if (!row) return 'not_found';
    if (row.status !== 'ready') return 'not_ready';
    this.live.set(projectId, row.id);
    return 'promoted';
  }

  async list(projectId: number): Promise<DeployRecord[]> {
    return this.deploys
      .filter((d) => d.projectId === projectId)
      .reverse()
      .map((d) => this.record(d));
  }

  async liveDeploys(projectIds: readonly number[]): Promise<Map<number, LiveDeploy>> {
    const live = new Map<number, LiveDeploy>();
    for (const projectId of projectIds) {
      const row = this.deploys.find((d) => d.id === this.live.get(projectId));
      if (row) live.set(projectId, { id: row.id, createdAt: row.createdAt });
    }
    return live;
  }

  private row(projectId: number, deployId: string): Row | undefined {
    return this.deploys.find((d) => d.id === deployId && d.projectId === projectId);
  }

  private record(row: Row): DeployRecord {
    const { manifest: _manifest, ...rest } = row;
    return { ...rest, live: this.live.get(row.projectId) === row.id };
  }
}
