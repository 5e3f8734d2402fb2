import type { DeployView } from './service.js';

/** A deploy as JSON: the management API's `Deploy`, and `petstore deploy … --json` (which adds the project and site URL). */
export const deployJson = (d: DeployView) => ({
  id: d.id,
  status: d.status,
  ...(d.reason ? { reason: d.reason } : {}),
  ...(d.message ? { message: d.message } : {}),
  files: d.files,
  bytes: d.bytes,
  createdAt: d.createdAt.toISOString(),
  live: d.live,
  ...(d.warnings ? { warnings: d.warnings } : {}),
});
