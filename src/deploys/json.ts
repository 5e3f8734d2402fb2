import type { DeployRecord } from './repository.js';
import type { DeployView } from './service.js';

/** A deploy as JSON: the management API's `Deploy`, and `petstore deploy … --json` (which adds the project and site URL). */
export const deployJson = (d: Omit<DeployView, 'project'>) => ({
  id: d.id,
  status: d.status,
  ...(d.reason ? { reason: d.reason } : {}),
  ...(d.message ? { message: d.message } : {}),
  files: d.files,
  bytes: d.bytes,
  createdAt: d.createdAt.toISOString(),
  live: d.live,
});

/** A deploy as an event's `data` (deploy.ready, deploy.failed, deploy.promoted): the management API's `Deploy`. */
export const deployEventData = (
  d: Pick<DeployRecord, 'id' | 'status' | 'reason' | 'message' | 'fileCount' | 'totalBytes' | 'createdAt'>,
  live: boolean,
): string =>
  JSON.stringify(
    deployJson({
      id: d.id,
      status: d.status,
      reason: d.reason ?? undefined,
      message: d.message ?? undefined,
      files: d.fileCount,
      bytes: d.totalBytes,
      createdAt: d.createdAt,
      live,
    }),
  );
