import type { Clock } from '../clock.js';
import type { Actor, AuditScope, AuditTrail } from './actor.js';
import type { AuditAction, AuditEntry, AuditRepository, NewAuditEntry, PersonAuditEntry } from './repository.js';

/** Entries are kept this long. */
export const AUDIT_RETENTION_MS = 90 * 24 * 3600_000;

/**
 * The audit log: who changed what in a project, when and from where. The
 * service that makes a change records it with `record`, given the actor the
 * route (`actorFor(request)`) or the CLI command (`OPERATOR`) passed it.
 */
export class AuditService implements AuditTrail {
  constructor(
    private readonly entries: AuditRepository,
    private readonly clock: Clock,
  ) {}

  private add(entry: NewAuditEntry): Promise<void> {
    return this.entries.add(entry, new Date(this.clock.now()));
  }

  /** Records a change made by `actor` (what services call). */
  record(actor: Actor, scope: AuditScope, action: AuditAction, target: string): Promise<void> {
    const { ip, ...who } = actor;
    if (typeof scope === 'object' && 'person' in scope) {
      return this.entries.addForPerson(
        scope.person,
        { actor: who, action, target, ...(ip === undefined ? {} : { ip }) },
        new Date(this.clock.now()),
      );
    }
    const [projectId, environment] = typeof scope === 'number' ? [scope, 'production' as const] : [scope.sharedId, scope.environment];
    return this.add({ projectId, actor: who, action, target, environment, ...(ip === undefined ? {} : { ip }) });
  }

  /** A page of the project's entries, newest first; entries past the retention are not shown even before the purge runs. */
  async list(projectId: number, options: { limit: number; before?: bigint }): Promise<AuditEntry[]> {
    const oldest = this.clock.now() - AUDIT_RETENTION_MS;
    return (await this.entries.list(projectId, options)).filter((e) => e.at.getTime() >= oldest);
  }

  /** A page of a person's own entries (sign-ins, second factors), newest first, within the retention. */
  async listForPerson(userId: number, options: { limit: number; before?: bigint }): Promise<PersonAuditEntry[]> {
    const oldest = this.clock.now() - AUDIT_RETENTION_MS;
    return (await this.entries.listForPerson(userId, options)).filter((e) => e.at.getTime() >= oldest);
  }

  /** Deletes entries older than 90 days. */
  purge(): Promise<number> {
    return this.entries.purge(new Date(this.clock.now() - AUDIT_RETENTION_MS));
  }
}

/** An entry as the API and `petstore audit --json` show it. */
export const auditJson = (e: AuditEntry) => ({
  id: String(e.id),
  at: e.at.toISOString(),
  actor: e.actor,
  action: e.action,
  target: e.target,
  environment: e.environment,
  ...(e.ip === null ? {} : { ip: e.ip }),
});

/** A person's entry as the API shows it. */
export const personAuditJson = (e: PersonAuditEntry) => ({
  id: String(e.id),
  at: e.at.toISOString(),
  actor: e.actor,
  action: e.action,
  target: e.target,
  ...(e.ip === null ? {} : { ip: e.ip }),
});
