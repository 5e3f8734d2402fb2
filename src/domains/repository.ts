import type { Database } from '../storage/database.js';
import { sqlFor } from '../storage/sql.js';
import type { DomainRepository } from './records.js';
import { acmeStore } from './store/acme.js';
import { cappedInsert } from './store/capped.js';
import { claimStore } from './store/claims.js';
import { domainStore } from './store/domains.js';
import { redirectStore } from './store/redirects.js';

/** The port and its records live in records.ts (the stores import them from there); named here for its callers. */
export type {
  DomainStatus,
  CertificateStatus,
  DomainRecord,
  ServingRow,
  RedirectRecord,
  CheckUpdate,
  CertUpdate,
  ClaimRecord,
  Release,
  NewDomain,
  DomainRepository,
} from './records.js';
export { CHANGES_CHANNEL } from './records.js';

/** The repository over either engine, one store per concern (store/). */
export function openDomainRepository(database: Database): DomainRepository {
  const sql = sqlFor(database);
  const capped = cappedInsert(sql);
  return {
    ...domainStore(database, sql, capped),
    ...claimStore(sql, capped),
    ...redirectStore(sql),
    ...acmeStore(sql),
  };
}
