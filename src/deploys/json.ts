import type { DeployRecord } from './storage/repository.js';
import type { DeployView } from './service.js';
import { previewUrl, type SiteAddress } from './serving/site-address.js';

/**
 * A deploy as JSON: the management API's `Deploy`, and `petstore deploy … --json`
 * (which adds the project and site URL). A ready deploy has its preview URL.
 */
export const deployJson = (d: Omit<DeployView, 'project'>, address?: { site: SiteAddress; project: string }) => ({
  id: d.id,
  number: d.number,
  status: d.status,
  ...(d.reason ? { reason: d.reason } : {}),
  ...(d.message ? { message: d.message } : {}),
  files: d.files,
  bytes: d.bytes,
  createdAt: d.createdAt.toISOString(),
  live: d.live,
  ...(d.status === 'ready' && address ? { previewUrl: previewUrl(address.site, address.project, d.number) } : {}),
  ...(d.warnings ? { warnings: d.warnings } : {}),
});

/**
 * A deploy as an event's `data` (deploy.ready, deploy.failed, deploy.promoted): the management API's `Deploy`.
 * Written in the storage transaction, which knows no site address, so without `previewUrl`.
 */
export const deployEventData = (
  d: Pick<DeployRecord, 'id' | 'number' | 'status' | 'reason' | 'message' | 'fileCount' | 'totalBytes' | 'createdAt'>,
  live: boolean,
): string =>
  JSON.stringify(
    deployJson({
      id: d.id,
      number: d.number,
      status: d.status,
      reason: d.reason ?? undefined,
      message: d.message ?? undefined,
      files: d.fileCount,
      bytes: d.totalBytes,
      createdAt: d.createdAt,
      live,
    }),
  );
