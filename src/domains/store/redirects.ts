import { int, type Sql } from '../../storage/sql.js';
import type { DomainRepository } from '../records.js';

/** Redirects from one of a project's names to another. */
export function redirectStore(sql: Sql): Pick<DomainRepository, 'addRedirect' | 'listRedirects' | 'allRedirects' | 'removeRedirect'> {
  return {
    addRedirect: async (r, now) =>
      (await sql.run(
        'INSERT INTO domain_redirects (from_name, project_id, to_name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (from_name) DO NOTHING',
        [r.from, r.projectId, r.to, now],
      )) > 0,
    listRedirects: async (projectId) =>
      (
        await sql.all<{ from_name: string; to_name: string; project_id: bigint }>(
          'SELECT from_name, to_name, project_id FROM domain_redirects WHERE project_id = ? ORDER BY from_name',
          [projectId],
        )
      ).map((r) => ({ from: r.from_name, to: r.to_name, projectId: int(r.project_id) })),
    allRedirects: async () =>
      (
        await sql.all<{ from_name: string; to_name: string; project_id: bigint }>(
          'SELECT from_name, to_name, project_id FROM domain_redirects',
        )
      ).map((r) => ({ from: r.from_name, to: r.to_name, projectId: int(r.project_id) })),
    removeRedirect: async (projectId, from) =>
      (await sql.run('DELETE FROM domain_redirects WHERE project_id = ? AND from_name = ?', [projectId, from])) > 0,
  };
}
