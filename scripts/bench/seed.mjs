// Fills a project with pets straight through SQLite, before the server starts:
// one transaction and one statement, so a million rows take seconds.
import Database from 'better-sqlite3';

const STATUSES = "CASE x % 3 WHEN 0 THEN 'available' WHEN 1 THEN 'pending' ELSE 'sold' END";

/**
 * Inserts `count` pets into the project `slug` of the SQLite file at `path` (statuses mixed, or all
 * `status`); returns the id range.
 */
export function seedPets(path, slug, count, { status } = {}) {
  const db = new Database(path);
  try {
    const project = db.prepare('SELECT id FROM projects WHERE slug = ?').get(slug);
    if (!project) throw new Error(`project ${slug} not found in ${path}`);
    const now = Date.now();
    db.transaction(() => {
      // Ids are numbered per project: continue after the project's last one, and record the new last.
      const last = db.prepare('SELECT COALESCE(MAX(id), 0) AS last FROM pets WHERE project_id = ?').get(project.id).last;
      db.prepare(
        `WITH RECURSIVE seq(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM seq WHERE x < ?)
         INSERT INTO pets (project_id, id, name, category_id, status, created_at)
         SELECT ?, ? + x, 'Pet ' || x, x % 1000 + 1, ${status ? `'${status}'` : STATUSES}, ? FROM seq`,
      ).run(count, project.id, last, now);
      db.prepare(
        `INSERT INTO pet_sequences (project_id, last_id) VALUES (?, ?)
         ON CONFLICT (project_id) DO UPDATE SET last_id = excluded.last_id`,
      ).run(project.id, last + count);
    }).immediate();
    const range = db.prepare('SELECT MIN(id) AS first, MAX(id) AS last FROM pets WHERE project_id = ?').get(project.id);
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { projectId: project.id, firstId: range.first, lastId: range.last };
  } finally {
    db.close();
  }
}
