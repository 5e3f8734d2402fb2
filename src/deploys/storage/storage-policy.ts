import type { Plan } from '../../projects/plans.js';

const MB = 1024 * 1024;

/**
 * Storage a project's deploys may use, by plan: the distinct file contents
 * its kept deploys name, counted unpacked. Enterprise gets 100 GB unless
 * arranged otherwise (as its request quotas are).
 */
export const STORAGE_QUOTA_BYTES: Record<Plan, number> = {
  free: 100 * MB,
  pro: 1024 * MB,
  business: 10 * 1024 * MB,
  enterprise: 100 * 1024 * MB,
};

/** Retention: a deploy is kept while it is live, among the project's newest 20 ready ones, or younger than 30 days. */
export const KEEP_READY_DEPLOYS = 20;
export const KEEP_DEPLOYS_MS = 30 * 24 * 3600_000;

/**
 * A stored content no deploy names is deleted once no upload has named it
 * for this long. An upload marks the contents it will use before it records
 * its deploy (`missingBlobs`), and the whole upload must arrive within
 * REQUEST_TIMEOUT_MS; an hour leaves room for a slow upload on any instance.
 */
export const BLOB_GRACE_MS = 3600_000;

/** Uploads one instance reads at once; further ones are answered 429 `too_many_uploads`. */
export const MAX_CONCURRENT_UPLOADS = 2;
/** What `Retry-After` says to an upload refused for want of a slot. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** A counter of uploads in progress on this instance. */
export class UploadSlots {
  private used = 0;
  constructor(readonly size: number) {}

  /** Takes a slot; false when all are taken. */
  take(): boolean {
    if (this.used >= this.size) return false;
    this.used++;
    return true;
  }

  give(): void {
    this.used = Math.max(0, this.used - 1);
  }

  get inUse(): number {
    return this.used;
  }
}
