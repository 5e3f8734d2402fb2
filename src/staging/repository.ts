import { clearEvents } from '../events/repository.js';
import { clearOrders } from '../orders/sql.js';
import { clearPets } from '../pets/sql.js';
import { clearRequestLog } from '../requests/repository.js';
import type { Database } from '../storage/database.js';
import { int, sqlFor, type SqlStatement } from '../storage/sql.js';
import { clearUsage } from '../usage/repository.js';

/** A staging environment's data as a whole: emptied, or filled with production's pets. */
export interface StagingRepository {
  /** Empties the staging row's pets, orders, idempotency keys, events and deliveries, usage and request log, in one transaction. */
  reset(stagingId: number): Promise<void>;
  /**
   * Copies production's pets into staging, ids kept, and sets staging's pet numbering past them, only while
   * staging has neither pets nor orders: the number copied, or 'not_empty' (nothing written).
   */
  copyPets(productionId: number, stagingId: number): Promise<number | 'not_empty'>;
}

/**
 * What a reset empties, each capability saying how for its own tables, those listed later first (they may refer
 * to earlier ones). Kept: the keys, webhook endpoints and the day's webhook budget (attempts are not given
 * back), and the rate-limit counters (a reset is no way around the quota).
 */
export const RESET: readonly ((projectId: number) => SqlStatement[])[] = [clearRequestLog, clearUsage, clearEvents, clearOrders, clearPets];

/**
 * The tables keyed by project that a reset leaves as they are, each with why: what a staging environment keeps,
 * and what only ever belongs to the production row (what both environments share). Every other such table is
 * emptied by `RESET` (test/staging/reset-coverage.test.ts).
 */
export const RESET_KEEPS: Readonly<Record<string, string>> = {
  api_keys: "staging's keys keep working after a reset",
  webhook_endpoints: "staging's endpoints stay subscribed",
  webhook_budget: 'the attempts made today are not given back by a reset',
  project_members: 'shared: kept on the production row',
  invitations: 'shared: kept on the production row',
  self_made_projects: 'shared: kept on the production row',
  audit_log: 'shared: one log per project, each entry naming its environment',
  deploys: 'shared: kept on the production row',
  deploy_live: 'shared: kept on the production row',
  deploy_sequences: "shared: the production row's deploy numbering",
  domains: 'shared: kept on the production row',
  domain_redirects: 'shared: kept on the production row',
  acme_orders: 'shared: kept on the production row',
  domain_claims: 'shared: kept on the production row',
  domain_releases: 'shared: kept on the production row',
};

export function openStagingRepository(database: Database): StagingRepository {
  const sql = sqlFor(database);
  // Taken first by a reset, as by a copy (insertCapped): the two never interleave on one staging row.
  const lock = (stagingId: number): SqlStatement => ['UPDATE projects SET production_id = production_id WHERE id = ?', [stagingId]];
  return {
    reset: async (stagingId) => {
      await sql.runAll([lock(stagingId), ...RESET.flatMap((clear) => clear(stagingId))]);
    },
    copyPets: async (productionId, stagingId) => {
      const copied = await sql.insertCapped<{ last_id: bigint }>({
        parent: { table: 'projects', id: stagingId },
        count: [
          'SELECT (SELECT COUNT(*) FROM pets WHERE project_id = ?) + (SELECT COUNT(*) FROM orders WHERE project_id = ?) AS n',
          [stagingId, stagingId],
        ],
        limit: 1,
        // The numbering first: a pet created in staging meanwhile waits for it and is numbered after the copies
        // (should one have taken a number first, its pet is kept and the copy with that id is left out).
        insert: [
          `INSERT INTO pet_sequences (project_id, last_id) SELECT ?, last_id FROM pet_sequences WHERE project_id = ?
           ON CONFLICT (project_id) DO UPDATE SET last_id = CASE WHEN excluded.last_id > pet_sequences.last_id
             THEN excluded.last_id ELSE pet_sequences.last_id END
           RETURNING last_id`,
          [stagingId, productionId],
        ],
        // A pet pending because production has an open order for it is copied available: its order is not copied,
        // and nothing in staging would ever take it out of pending. One created pending stays pending, as there.
        then: () => [
          [
            `INSERT INTO pets (project_id, id, name, category_id, status, created_at)
             SELECT ?, p.id, p.name, p.category_id,
                    CASE WHEN p.status = 'pending' AND EXISTS (
                           SELECT 1 FROM orders o WHERE o.project_id = ? AND o.status IN ('placed', 'approved') AND o.pet_id = p.id)
                         THEN 'available' ELSE p.status END,
                    p.created_at
               FROM pets p WHERE p.project_id = ? ON CONFLICT DO NOTHING`,
            [stagingId, productionId, productionId],
          ],
        ],
      });
      if (copied === 'at_limit') return 'not_empty';
      const row = await sql.one<{ n: bigint }>('SELECT COUNT(*) AS n FROM pets WHERE project_id = ?', [stagingId]);
      return row ? int(row.n) : 0;
    },
  };
}
