/** Why a deploy failed; recorded on the deploy and shown by the CLI. */
export type DeployFailureReason = 'missing_index' | 'too_large' | 'too_many_files' | 'invalid_path' | 'invalid_archive';

export type DeployStatus = 'ready' | 'failed';

/** One file of a deploy: its content hash (SHA-256, hex), size in bytes and media type. */
export interface ManifestEntry {
  hash: string;
  size: number;
  type: string;
}

/** A deploy's files by path (`index.html`, `a/b.css`: no leading slash). */
export type Manifest = ReadonlyMap<string, ManifestEntry>;

/** The read side of a manifest that serving needs; a `Manifest` is one. */
export interface ManifestLookup {
  get(path: string): ManifestEntry | undefined;
}

/**
 * A file's content, stored once by its hash, with the precompressed copies
 * kept at deploy time (null when compressing did not make it smaller).
 */
export interface StoredBlob {
  hash: string;
  bytes: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

export interface BlobReader {
  /** The blob with this hash, or null when none is stored. */
  read(hash: string): Promise<StoredBlob | null>;
  /** The blob when it is already in memory (a cache hit), without a promise; absent when the reader has no memory. */
  cached?(hash: string): StoredBlob | undefined;
}

/** The deploy a project's site is served from. One snapshot serves a whole request. */
export interface LiveSite {
  deployId: string;
  manifest: ManifestLookup;
}

export interface NewDeploy {
  projectId: number;
  status: DeployStatus;
  reason: DeployFailureReason | null;
  /** A sentence for people, e.g. which path was refused. */
  message: string | null;
  fileCount: number;
  totalBytes: number;
  createdAt: Date;
  /** Present exactly when the status is `ready`. */
  manifest: Manifest | null;
  /** A ready deploy that does not go live (a developer's, in a project whose production is protected). */
  preview?: boolean;
}

export interface DeployRecord {
  id: string;
  /** 1, 2, 3… within its project, in upload order (ids are shared by all projects). */
  number: number;
  projectId: number;
  status: DeployStatus;
  reason: DeployFailureReason | null;
  message: string | null;
  fileCount: number;
  totalBytes: number;
  createdAt: Date;
  live: boolean;
}

export type PromoteOutcome = 'promoted' | 'not_found' | 'not_ready';

/** What the deploy service needs from storage; each engine implements it. */
export interface DeployRepository extends BlobReader {
  /**
   * The hashes among these that have no stored blob yet. The stored ones are
   * marked seen at `seenAt` in the same statement, so garbage collection
   * (which spares blobs seen within its grace period) cannot take them away
   * before the deploy that names them is recorded.
   */
  missingBlobs(hashes: readonly string[], seenAt?: Date): Promise<string[]>;
  /**
   * Stores each blob whose hash is not stored yet, seen at `seenAt`; an existing blob is left as it is. The
   * caller reuses the blobs' buffers once this resolves: a repository that keeps them copies them.
   */
  putBlobs(blobs: readonly StoredBlob[], seenAt?: Date): Promise<void>;
  /** The hashes among these that a deploy of this project already names. */
  namedBy(projectId: number, hashes: readonly string[]): Promise<string[]>;
  /** Bytes of the distinct blobs the project's deploys name (its storage use). */
  storageUsed(projectId: number): Promise<number>;
  /**
   * Deletes the project's deploys that are not live, not among its newest
   * `keepReady` ready ones, and created before `before`; how many.
   */
  prune(projectId: number, keepReady: number, before: Date): Promise<number>;
  /** Deletes blobs no deploy names and not seen since `seenBefore`, in one statement; how many. */
  collectGarbage(seenBefore: Date): Promise<number>;
  /**
   * Records a deploy and assigns its id. A ready deploy becomes the project's
   * live deploy in the same atomic step, unless it is a preview; a failed one never changes it.
   */
  createDeploy(deploy: NewDeploy): Promise<DeployRecord>;
  /** A deploy of this project, or null. */
  findDeploy(projectId: number, deployId: string): Promise<DeployRecord | null>;
  /** The id of the project's deploy with this number, or null. */
  numbered(projectId: number, number: number): Promise<string | null>;
  /** The same answer without a promise, on engines that can read it synchronously (SQLite); absent elsewhere. */
  numberedNow?(projectId: number, number: number): string | null;
  /** The manifest of a ready deploy, or null. */
  manifest(deployId: string): Promise<Manifest | null>;
  /** The project's live deploy, or null when it has none. */
  liveSite(projectId: number): Promise<LiveSite | null>;
  /**
   * The same answer without a promise, on engines that can read it
   * synchronously (SQLite); absent elsewhere. Throws what `liveSite` rejects with.
   */
  liveSiteNow?(projectId: number): LiveSite | null;
  /**
   * A ready deploy of this project as a site (its preview), read without a
   * promise, on engines that can (SQLite); null when the project has no such
   * ready deploy. Absent elsewhere (`findDeploy` and `manifest` answer the same).
   */
  deploySiteNow?(projectId: number, deployId: string): LiveSite | null;
  /** Makes an earlier ready deploy of this project live again, atomically. */
  promote(projectId: number, deployId: string): Promise<PromoteOutcome>;
  /** The project's deploys, newest first, the live one marked. */
  list(projectId: number): Promise<DeployRecord[]>;
  /** The live deploy of each of these projects that has one (its id and upload time), in one read. */
  liveDeploys(projectIds: readonly number[]): Promise<Map<number, LiveDeploy>>;
}

export interface LiveDeploy {
  id: string;
  /** Its number in the project (#1, #2…). */
  number: number;
  createdAt: Date;
}

/** Live deploys of projects: the live pointer joined to its deploy (`?`: a JSON array of project ids on SQLite). */
export interface LiveDeployRow {
  project_id: bigint;
  id: bigint;
  number: bigint | number;
  created_at: bigint | Date;
}
