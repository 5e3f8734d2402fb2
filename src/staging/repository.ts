import type { Declarations } from '../feature.js';
import type { Database } from '../storage/database.js';
import { sqlFor, type SqlStatement } from '../storage/sql.js';

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
        await sql.runAll([lock(stagingId), ...staging.reset.flatMap((clear) => clear(stagingId))]);
      },
      copyPets: (productionId, stagingId) => staging.copy(database, productionId, stagingId),
    };
  };
