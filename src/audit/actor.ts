import type { AuditAction, AuditActor } from './repository.js';

/**
 * Who makes a change, as a service receives it: the adapters (routes, CLI commands) say who is
 * calling, and the service that makes the change records it in the audit log.
 */
export interface Actor extends AuditActor {
  /** The client's address, for changes through the API. */
  ip?: string | null;
}

/** The local CLI: the operator, who has the database. */
export const OPERATOR: Actor = Object.freeze({ type: 'operator' as const });

/** What a service needs to record its changes. */
export interface AuditTrail {
  record(actor: Actor, projectId: number, action: AuditAction, target: string): Promise<void>;
}
