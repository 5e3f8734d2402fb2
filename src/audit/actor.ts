import type { Environment } from '../http/pipeline/environments.js';
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

/**
 * Where a change is recorded: a person's own log (`{person: userId}`: sign-ins, second factors), a project's id (a change to what its environments share, or to production), or a
 * project in one of its environments (projects/repository.ts `Project`), whose change is recorded in the
 * project's one audit log, naming the environment.
 */
export type AuditScope = number | { sharedId: number; environment: Environment } | { person: number };

/** What a service needs to record its changes. */
export interface AuditTrail {
  record(actor: Actor, scope: AuditScope, action: AuditAction, target: string): Promise<void>;
}
