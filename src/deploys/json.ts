import type { DeployView } from './service.js';
import { previewUrl, type SiteAddress } from './site-address.js';

/**
 * A deploy as JSON: the management API's `Deploy`, and `petstore deploy … --json`
 * (which adds the project and site URL). A ready deploy has its preview URL.
 */
export const deployJson = (d: DeployView, address: SiteAddress) => ({
  id: d.id,
  status: d.status,
  ...(d.reason ? { reason: d.reason } : {}),
  ...(d.message ? { message: d.message } : {}),
  files: d.files,
  bytes: d.bytes,
  createdAt: d.createdAt.toISOString(),
  live: d.live,
  ...(d.status === 'ready' ? { previewUrl: previewUrl(address, d.project, d.id) } : {}),
});
