import { composeAudit } from '../audit/compose.js';
import type { Ground } from '../feature.js';
import { openEventRepository, type EventRepository } from './storage/repository.js';
import { WebhookService } from './service.js';

/**
 * The webhooks service, as the server and the CLI use it. The server passes the repository its delivery worker
 * reads too, and `wake` (a delivery is due now); the CLI runs no worker.
 */
export const composeWebhooks = (
  ground: Ground,
  options: { allowPrivate: boolean; wake?: () => void },
  repository: EventRepository = ground.repository('events', openEventRepository),
): WebhookService => new WebhookService(repository, ground.clock, composeAudit(ground), options.allowPrivate, options.wake);
