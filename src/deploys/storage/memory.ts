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
  private readonly seen = new Map<string, number>();
  private readonly deploys: Row[] = [];
  private readonly live = new Map<number, string>();
  private nextId = 1;
  private readonly lastNumber = new Map<number, number>();

  async read(hash: string): Promise<StoredBlob | null> {
    return this.blobs.get(hash) ?? null;
  }

  async missingBlobs(hashes: readonly string[], seenAt = new Date()): Promise<string[]> {
    const unique = [...new Set(hashes)];
    for (const h of unique) if (this.blobs.has(h)) this.seen.set(h, seenAt.getTime());
    return unique.filter((h) => !this.blobs.has(h));
  }

  async putBlobs(blobs: readonly StoredBlob[], seenAt = new Date()): Promise<void> {
    for (const blob of blobs) {
      if (this.blobs.has(blob.hash)) continue;
      // Copies: the caller reuses its buffers once the call resolves.
      this.blobs.set(blob.hash, { ...blob, bytes: Buffer.from(blob.bytes) });
      this.seen.set(blob.hash, seenAt.getTime());
    }
  }

  async namedBy(projectId: number, hashes: readonly string[]): Promise<string[]> {
    const named = new Set<string>();
    for (const d of this.deploys) if (d.projectId === projectId && d.manifest) for (const e of d.manifest.values()) named.add(e.hash);
    return [...new Set(hashes)].filter((h) => named.has(h));
  }

  async storageUsed(projectId: number): Promise<number> {
    const hashes = new Set<string>();
    for (const d of this.deploys) if (d.projectId === projectId && d.manifest) for (const e of d.manifest.values()) hashes.add(e.hash);
    let bytes = 0;
    for (const h of hashes) bytes += this.blobs.get(h)?.bytes.length ?? 0;
    return bytes;
  }

  async prune(projectId: number, keepReady: number, before: Date): Promise<number> {
    const mine = this.deploys.filter((d) => d.projectId === projectId);
    const kept = new Set(
      mine
        .filter((d) => d.status === 'ready')
        .slice(-keepReady)
        .map((d) => d.id),
    );
    const doomed = mine.filter((d) => !kept.has(d.id) && this.live.get(projectId) !== d.id && d.createdAt < before);
    for (const d of doomed) this.deploys.splice(this.deploys.indexOf(d), 1);
    return doomed.length;
  }

  async collectGarbage(seenBefore: Date): Promise<number> {
    const named = new Set<string>();
    for (const d of this.deploys) for (const e of d.manifest?.values() ?? []) named.add(e.hash);
    let n = 0;
    for (const h of [...this.blobs.keys()]) {
      if (named.has(h) || (this.seen.get(h) ?? 0) >= seenBefore.getTime()) continue;
      this.blobs.delete(h);
      this.seen.delete(h);
      n++;
    }
    return n;
  }

  async createDeploy(deploy: NewDeploy): Promise<DeployRecord> {
    const number = (this.lastNumber.get(deploy.projectId) ?? 0) + 1;
    this.lastNumber.set(deploy.projectId, number);
    const row: Row = { ...deploy, id: String(this.nextId++), number };
    this.deploys.push(row);
    if (row.status === 'ready' && !deploy.preview) this.live.set(row.projectId, row.id);
    return this.record(row);
  }

  async findDeploy(projectId: number, deployId: string): Promise<DeployRecord | null> {
    const row = this.row(projectId, deployId);
    return row ? this.record(row) : null;
  }

  async numbered(projectId: number, number: number): Promise<string | null> {
    return this.deploys.find((d) => d.projectId === projectId && d.number === number)?.id ?? null;
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
      if (row) live.set(projectId, { id: row.id, number: row.number, createdAt: row.createdAt });
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
