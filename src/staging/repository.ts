import type { Declarations } from '../feature.js';
import type { Database } from '../storage/database.js';
import { sqlFor, type SqlStatement } from '../storage/sql.js';
import { StorageUnavailableError } from '../storage/unavailable.js';

/** How often a reset starts over when another writer added a row referring to one it deleted. */
const RESET_TRIES = 10;

/** A staging environment's data as a whole: emptied, or filled with production's pets. */
export interface StagingRepository {
  /** Empties the staging row of what every capability's reset names (Feature.staging), in one transaction. */
  reset(stagingId: number): Promise<void>;
  /**
   * Copies production's pets into staging while staging has neither pets nor orders: the number copied, or
   * 'not_empty' (nothing written).
   */
  copyPets(productionId: number, stagingId: number): Promise<number | 'not_empty'>;
}

/**
 * The staging repository over what the capabilities declare: each says how its own tables are emptied and which
 * it keeps (test/staging/reset-coverage.test.ts), and the one that copies from production says how.
 */
export const openStagingRepository =
  ({ staging }: Declarations) =>
  (database: Database): StagingRepository => {
    const sql = sqlFor(database);
    // Taken first by a reset, as by a copy (insertCapped): the two never interleave on one staging row.
    const lock = (stagingId: number): SqlStatement => ['UPDATE projects SET production_id = production_id WHERE id = ?', [stagingId]];
    return {
      reset: async (stagingId) => {
        const statements = [lock(stagingId), ...staging.reset.flatMap((clear) => clear(stagingId))];
        for (let tries = 1; ; tries++) {
          try {
            await sql.runAll(statements);
            return;
          } catch (err) {
            // On PostgreSQL another writer (the delivery worker recording an attempt, a request in staging) may
            // commit, between two of the reset's statements, a row referring to one it deleted (23503): start
            // again, which deletes that row too. Past the bound the client is told to retry (503).
            if ((err as { code?: string }).code !== '23503') throw err;
            if (tries >= RESET_TRIES) throw new StorageUnavailableError(err);
            // A little later each time, jittered, so that the writer it met has moved on.
            await new Promise((resolve) => setTimeout(resolve, tries * 10 + Math.random() * 10));
          }
        }
      },
      copyPets: (productionId, stagingId) => staging.copy(database, productionId, stagingId),
    };
  };
