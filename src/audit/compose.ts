import type { Ground } from '../feature.js';
import { openAuditRepository } from './repository.js';
import { AuditService } from './service.js';

/** The audit log's service: what the audit plugin and `petstore audit` read, and every service records to. */
export const composeAudit = (ground: Ground): AuditService =>
  new AuditService(ground.repository('audit', openAuditRepository), ground.clock);
