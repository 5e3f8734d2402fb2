import type { Readable } from 'node:stream';
import type { Actor, AuditTrail } from '../audit/actor.js';
import { systemClock, type Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { ProjectRepository } from '../projects/repository.js';
import { projectNotFound } from '../projects/service.js';
import type { DeployFile, UploadLimits, UploadResult } from './upload/collector.js';
import { compressBlob, hashed, manifestOf, type DeployContent, type HashedFile } from './upload/manifest.js';
import type { DeployFailureReason, DeployRecord, DeployRepository, DeployStatus } from './storage/repository.js';
import type { LeaveOut } from './site-files.js';
import { Spool } from './upload/spool.js';
import { readArchive, readDirectory, validateFiles } from './upload/upload.js';
import { BLOB_GRACE_MS, KEEP_DEPLOYS_MS, KEEP_READY_DEPLOYS, STORAGE_QUOTA_BYTES } from './storage/storage-policy.js';
import type { Plan } from '../projects/plans.js';

export interface DeployDeps {
  repository: DeployRepository;
  limits: UploadLimits;
  clock?: Clock;
}

/** The project a deploy belongs to, already looked up by the caller. */
export interface ProjectRef {
  id: number;
  slug: string;
  /** Sets the storage quota; none checked without it. */
  plan?: Plan;
}

/** Where a deploy's files come from: a directory (CLI), a `.tar.gz` stream (management API), or files in memory. */
export type DeploySource = { directory: string; leaveOut?: LeaveOut } | { archive: Readable } | { files: readonly DeployFile[] };

export interface DeployView {
  id: string;
  number: number;
  project: string;
  status: DeployStatus;
  reason?: DeployFailureReason;
  message?: string;
  files: number;
  bytes: number;
  createdAt: Date;
  live: boolean;
  /** Said once, in the answer to the upload (not stored): e.g. the files skipped as secret by convention. */
  warnings?: string[];
}

export type CreateDeployResult =
  /** The deploy was recorded, ready (and live) or failed with its reason. */
  | { kind: 'recorded'; deploy: DeployView }
  /** The source could not be read at all (no such directory, an aborted upload): nothing was recorded. */
  | { kind: 'unreadable'; message: string }
  /** Storing it would take the project over its plan's storage quota: nothing was stored. */
  | { kind: 'over_quota'; message: string };

export type PromoteResult = { kind: 'promoted'; deploy: DeployView } | { kind: 'not_found' } | { kind: 'not_ready'; deploy: DeployView };

/** Blobs compressed at once: enough to keep zlib's thread pool busy, few enough to leave it for the rest of the process. */
const COMPRESS_CONCURRENCY = 2;

function view(project: ProjectRef, record: DeployRecord): DeployView {
  return {
    id: record.id,
    number: record.number,
    project: project.slug,
    status: record.status,
    ...(record.reason ? { reason: record.reason } : {}),
    ...(record.message ? { message: record.message } : {}),
    files: record.fileCount,
    bytes: record.totalBytes,
    createdAt: record.createdAt,
    live: record.live,
  };
}

/** The upload's files, hashed: an archive's set aside in `spool` as they are read, the others in memory. */
async function read(source: DeploySource, limits: UploadLimits, spool: Spool | null): Promise<UploadResult<HashedFile>> {
  if ('archive' in source && spool) {
    return readArchive(source.archive, limits, async (path, chunks) => {
      const file = await spool.take(path, chunks);
      return { file, size: file.size };
    });
  }
  const upload =
    'directory' in source
      ? await readDirectory(source.directory, limits, source.leaveOut)
      : 'files' in source
        ? validateFiles(source.files, limits)
        : await readArchive(source.archive, limits);
  return upload.ok ? { ...upload, files: upload.files.map(hashed) } : upload;
}

/**
 * Blobs are read back and written this many bytes at a time (with their compressed copies), so an upload holds a
 * batch or two at once, never its whole content.
 */
const BLOB_BATCH_BYTES = 2 * 1024 * 1024;

/** The next batch of `missing` from `from`: contents up to BLOB_BATCH_BYTES together (a larger one alone). */
function nextBatch(contents: Map<string, DeployContent>, missing: readonly string[], from: number) {
  const batch: { hash: string; content: DeployContent }[] = [];
  let bytes = 0;
  let next = from;
  for (; next < missing.length; next++) {
    const hash = missing[next] as string;
    const content = contents.get(hash);
    if (!content) continue;
    if (batch.length > 0 && bytes + content.size > BLOB_BATCH_BYTES) break;
    batch.push({ hash, content });
    bytes += content.size;
  }
  return { batch, bytes, next };
}

/** Runs `task` on every item, at most `concurrency` at once; the results in order. */
async function mapConcurrent<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Compresses and stores the contents in `missing`, a batch at a time: one batch is read and compressed while
 * the one before is written. Contents set aside on disk (`spooled`) are read back into two buffers used in
 * turn (grown to the largest batch), so an upload leaves no garbage buffer per file: a 40 MB upload of 2,000
 * files took the server 33 MB over its usual RSS reading each file into a buffer of its own, 22 MB this way.
 */
async function storeMissing(
  deps: DeployDeps,
  contents: Map<string, DeployContent>,
  missing: readonly string[],
  seenAt: Date,
  spooled: boolean,
): Promise<void> {
  const buffers: Buffer[] = [];
  let writing: Promise<void> = Promise.resolve();
  try {
    for (let from = 0, turn = 0; from < missing.length; turn++) {
      const { batch, bytes, next } = nextBatch(contents, missing, from);
      from = next;
      if (batch.length === 0) break;
      // The buffer of two batches ago: its write has finished (each write starts after the one before it ends).
      let buffer: Buffer | undefined;
      if (spooled) {
        buffer = buffers[turn % 2];
        if (!buffer || buffer.length < bytes) buffer = buffers[turn % 2] = Buffer.allocUnsafe(Math.max(bytes, BLOB_BATCH_BYTES));
      }
      let offset = 0;
      const slots = batch.map(({ hash, content }) => {
        const into = buffer?.subarray(offset, offset + content.size);
        offset += content.size;
        return { hash, content, into };
      });
      const blobs = await mapConcurrent(slots, COMPRESS_CONCURRENCY, async ({ hash, content, into }) =>
        compressBlob(hash, await content.read(into), content.type),
      );
      await writing;
      writing = deps.repository.putBlobs(blobs, seenAt);
      // Awaited before the next write or at the end; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
    }
    await writing;
  } finally {
    // Nothing may still be writing from these buffers when the caller goes on (or gives up).
    await writing.catch(() => undefined);
  }
}

/** Retention, then garbage collection of contents no deploy names (see storage-policy.ts). */
export async function applyRetention(repository: DeployRepository, projectId: number, now: number): Promise<void> {
  await repository.prune(projectId, KEEP_READY_DEPLOYS, new Date(now - KEEP_DEPLOYS_MS));
  await repository.collectGarbage(new Date(now - BLOB_GRACE_MS));
}

/**
 * Makes a new deploy of a project. A valid upload is stored (each new content
 * once, compressed once) and goes live; an invalid one is recorded as failed
 * with its reason and changes nothing that is served.
 */
export async function createDeploy(
  deps: DeployDeps,
  project: ProjectRef,
  source: DeploySource,
  options: { preview?: boolean } = {},
): Promise<CreateDeployResult> {
  // An archive's files wait on disk, not in memory, until they are stored.
  const spool = 'archive' in source ? await Spool.open() : null;
  try {
    return await store(deps, project, source, spool, options.preview === true);
  } finally {
    await spool?.close();
  }
}

async function store(
  deps: DeployDeps,
  project: ProjectRef,
  source: DeploySource,
  spool: Spool | null,
  preview: boolean,
): Promise<CreateDeployResult> {
  const createdAt = new Date((deps.clock ?? systemClock).now());
  const upload = await read(source, deps.limits, spool);
  if (!upload.ok && upload.reason === 'unreadable') return { kind: 'unreadable', message: upload.message };
  if (!upload.ok) {
    const record = await deps.repository.createDeploy({
      projectId: project.id,
      status: 'failed',
      reason: upload.reason,
      message: upload.message,
      fileCount: 0,
      totalBytes: 0,
      createdAt,
      manifest: null,
    });
    return { kind: 'recorded', deploy: view(project, record) };
  }
  const deploy = manifestOf(upload.files);
  const hashes = [...deploy.contents.keys()];
  // Marks the contents already stored as in use, so garbage collection spares them until the deploy names them.
  await deps.repository.missingBlobs(hashes, createdAt);
  // Only what this project's own deploys hold is skipped. Contents another project stored are compressed and
  // written like new ones (the write is a no-op), so how long an upload takes never tells what other projects hold.
  const own = new Set(await deps.repository.namedBy(project.id, hashes));
  const missing = hashes.filter((h) => !own.has(h));
  if (project.plan !== undefined) {
    const quota = STORAGE_QUOTA_BYTES[project.plan];
    const adding = missing.reduce((sum, h) => sum + (deploy.contents.get(h)?.size ?? 0), 0);
    const used = await deps.repository.storageUsed(project.id);
    if (used + adding > quota) {
      return {
        kind: 'over_quota',
        message: `Project "${project.slug}" would use ${String(used + adding)} bytes of storage, over the ${project.plan} plan's ${String(quota)}: nothing was stored. Deploys leave the count when retention removes them (not live, not among the newest ${String(KEEP_READY_DEPLOYS)} ready ones, and older than 30 days).`,
      };
    }
  }
  // Blobs go in before the deploy that names them, so a live manifest never points at a missing blob.
  await storeMissing(deps, deploy.contents, missing, createdAt, spool !== null);
  const warnings = upload.skipped.map(
    (path) =>
      `${JSON.stringify(path)} was not published: it is secret by convention (deploy with --include-dotfiles, or ?includeDotfiles=true, to keep it)`,
  );
  const record = await deps.repository.createDeploy({
    projectId: project.id,
    status: 'ready',
    reason: null,
    message: null,
    fileCount: deploy.manifest.size,
    totalBytes: deploy.totalBytes,
    createdAt,
    manifest: deploy.manifest,
    ...(preview ? { preview } : {}),
  });
  await applyRetention(deps.repository, project.id, createdAt.getTime());
  return { kind: 'recorded', deploy: { ...view(project, record), ...(warnings.length > 0 ? { warnings } : {}) } };
}

/** Makes an earlier ready deploy live again (a rollback). */
export async function promoteDeploy(deps: DeployDeps, project: ProjectRef, deployId: string): Promise<PromoteResult> {
  const outcome = await deps.repository.promote(project.id, deployId);
  const record = await deps.repository.findDeploy(project.id, deployId);
  if (outcome === 'not_found' || !record) return { kind: 'not_found' };
  if (outcome === 'not_ready') return { kind: 'not_ready', deploy: view(project, record) };
  return { kind: 'promoted', deploy: view(project, record) };
}

/** A project's deploys, newest first, the live one marked. */
export async function listDeploys(deps: DeployDeps, project: ProjectRef): Promise<DeployView[]> {
  return (await deps.repository.list(project.id)).map((record) => view(project, record));
}

export type DeployResult = DeployView | DomainError;

/** A DeploySource the service could not read at all (no such directory): nothing was recorded. */
const unreadable = (message: string) => new DomainError('validation_failed', message, [{ in: 'body', field: 'source', message }]);

const deployNotFound = (slug: string, deployId: string) => new DomainError('not_found', `Project "${slug}" has no deploy "${deployId}".`);

/**
 * The deploys of projects named by slug: the service the CLI, the routes and other capabilities use. Each
 * recorded deploy (ready or failed) and each promotion is recorded in the audit log with its actor.
 */
export class DeployService {
  private readonly deps: DeployDeps;

  constructor(
    readonly repository: DeployRepository,
    private readonly projects: ProjectRepository,
    limits: UploadLimits,
    clock: Clock,
    private readonly audit: AuditTrail,
  ) {
    this.deps = { repository, limits, clock };
  }

  /**
   * A new deploy of the project: ready and live (only ready with `preview`: served at its preview address), or
   * failed with its reason (what is served stays as it was).
   * Files secret by convention (`.env`, `.git/`, `.DS_Store`…) are skipped with a warning unless `includeDotfiles`.
   */
  async deploy(
    actor: Actor,
    slug: string,
    source: DeploySource,
    options: { includeDotfiles?: boolean; preview?: boolean } = {},
  ): Promise<DeployResult> {
    const project = await this.projects.findBySlug(slug);
    if (!project) return projectNotFound(slug);
    const deps = options.includeDotfiles ? { ...this.deps, limits: { ...this.deps.limits, includeDotfiles: true } } : this.deps;
    const result = await createDeploy(deps, project, source, { preview: options.preview === true });
    if (result.kind === 'over_quota') return new DomainError('storage_quota_exceeded', result.message);
    if (result.kind === 'unreadable') return unreadable(result.message);
    await this.audit.record(actor, project.id, 'deploy.create', result.deploy.id);
    return result.deploy;
  }

  async list(slug: string): Promise<DeployView[] | DomainError> {
    const project = await this.projects.findBySlug(slug);
    if (!project) return projectNotFound(slug);
    return listDeploys(this.deps, project);
  }

  async get(slug: string, deployId: string): Promise<DeployResult> {
    const project = await this.projects.findBySlug(slug);
    if (!project) return projectNotFound(slug);
    const record = await this.repository.findDeploy(project.id, deployId);
    return record ? view(project, record) : deployNotFound(slug, deployId);
  }

  /** Makes an earlier ready deploy live again; a failed one cannot be. */
  async promote(actor: Actor, slug: string, deployId: string): Promise<DeployResult> {
    const project = await this.projects.findBySlug(slug);
    if (!project) return projectNotFound(slug);
    const result = await promoteDeploy(this.deps, project, deployId);
    if (result.kind === 'not_found') return deployNotFound(slug, deployId);
    if (result.kind === 'not_ready') {
      return new DomainError(
        'validation_failed',
        `Deploy ${deployId} of "${slug}" failed (${result.deploy.reason ?? 'failed'}); only a ready deploy can go live.`,
        [{ in: 'path', field: 'id', message: 'the deploy is not ready' }],
      );
    }
    await this.audit.record(actor, project.id, 'deploy.promote', result.deploy.id);
    return result.deploy;
  }

  /** Whether the project has a ready deploy (custom domains need one). */
  async hasReadyDeploy(projectId: number): Promise<boolean> {
    return (await this.repository.liveSite(projectId)) !== null;
  }
}
