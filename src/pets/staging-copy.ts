import type { Database } from '../storage/database.js';
import { int, sqlFor } from '../storage/sql.js';

/**
 * Copies production's pets into staging, ids kept, and sets staging's pet numbering past them, only while staging
 * has neither pets nor orders: the number copied, or 'not_empty' (nothing written). Taken under the staging row's
 * lock (insertCapped), as a reset is: the two never interleave on one staging row.
 */
export async function copyPetsToStaging(database: Database, productionId: number, stagingId: number): Promise<number | 'not_empty'> {
  const sql = sqlFor(database);
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
}
