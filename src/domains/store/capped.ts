import type { Sql, SqlStatement } from '../../storage/sql.js';

/** Counts the project's domains and claims together (in `n`): what the per-project limit applies to. */
export const domainsAndClaims = (projectId: number): SqlStatement => [
  'SELECT (SELECT COUNT(*) FROM domains WHERE project_id = ?) + (SELECT COUNT(*) FROM domain_claims WHERE project_id = ?) AS n',
  [projectId, projectId],
];

/** `insert` unless the project has `limit` domains and claims, in one transaction with the count (the project row locked on PostgreSQL). */
export type Capped = <R extends object>(projectId: number, limit: number, insert: SqlStatement) => Promise<R | null | 'at_limit'>;

export function cappedInsert(sql: Sql): Capped {
  return (projectId, limit, insert) =>
    sql.insertCapped({ parent: { table: 'projects', id: projectId }, count: domainsAndClaims(projectId), limit, insert });
}
