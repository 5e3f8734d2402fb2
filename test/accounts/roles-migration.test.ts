import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { MIGRATIONS } from '../../src/features.js';
import { openAccountRepository } from '../../src/accounts/repository.js';
import { openProjectRepository } from '../../src/projects/repository.js';
import { openStorage } from '../../src/storage/open.js';
import { sqlFor } from '../../src/storage/sql.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';

/** The migrations of a build from before roles: accounts up to 5, projects up to 2. */
const BEFORE_ROLES: Record<string, number> = { accounts: 5, projects: 2 };
const beforeRoles = MIGRATIONS.map((f) => {
  const last = BEFORE_ROLES[f.feature];
  return last === undefined
    ? f
    : { ...f, sqlite: f.sqlite.filter((m) => m.version <= last), postgres: f.postgres.filter((m) => m.version <= last) };
});

describeEachEngine('roles: memberships from before roles', (engine) => {
  let db: FreshDatabase;
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
  });
  after(() => db.drop());

  test('an additive migration makes a member a developer and keeps owners; projects start unprotected; an old build’s owner stays an owner', async () => {
    const old = await openStorage(db.url, { migrations: beforeRoles, poolSize: 1 });
    const now = engine.name === 'sqlite' ? Date.now() : new Date();
    try {
      const sql = sqlFor(old.database);
      await sql.run('INSERT INTO projects (slug, plan, per_minute, per_day, created_at) VALUES (?, ?, ?, ?, ?)', [
        'legacy',
        'free',
        60,
        1000,
        now,
      ]);
      for (const email of ['owner@example.test', 'member@example.test']) {
        await sql.run('INSERT INTO users (email, admin, password_hash, created_at) VALUES (?, ?, ?, ?)', [email, false, 'x', now]);
      }
      await sql.run(
        `INSERT INTO project_members (project_id, user_id, created_at, role)
           SELECT p.id, u.id, ?, CASE WHEN u.email = 'owner@example.test' THEN 'owner' ELSE 'member' END FROM projects p, users u WHERE p.slug = 'legacy'`,
        [now],
      );
    } finally {
      await old.close();
    }
    const upgraded = await openStorage(db.url, { migrations: MIGRATIONS, poolSize: 1 });
    try {
      assert.ok(upgraded.migrated?.applied.some((m) => m.feature === 'accounts' && m.kind === 'expand'));
      const project = await openProjectRepository(upgraded.database).findBySlug('legacy');
      assert.ok(project);
      assert.equal(project.productionProtected, false);
      const accounts = openAccountRepository(upgraded.database);
      assert.deepEqual(
        (await accounts.members(project.id)).map((m) => [m.email, m.role]),
        [
          ['owner@example.test', 'owner'],
          ['member@example.test', 'developer'],
        ],
      );
      // The column from before roles keeps its meaning, so a build that knows only it reads the same owners.
      const legacy = await sqlFor(upgraded.database).all<{ role: string }>(
        'SELECT role FROM project_members WHERE project_id = ? ORDER BY role DESC',
        [project.id],
      );
      assert.deepEqual(
        legacy.map((r) => r.role),
        ['owner', 'member'],
      );
      // An owner added by such a build (its column alone) is an owner here too.
      const member = await accounts.findUserByEmail('member@example.test');
      assert.ok(member);
      await sqlFor(upgraded.database).run("UPDATE project_members SET role = 'owner' WHERE user_id = ?", [member.id]);
      assert.equal(await accounts.roleOf(project.id, member.id), 'owner');
    } finally {
      await upgraded.close();
    }
  });
});
