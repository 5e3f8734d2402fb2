import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import { openAppStorage } from '../../src/features.js';
import type { Storage } from '../../src/storage/open.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { MAX_DOMAINS_PER_PROJECT } from '../../src/domains/service.js';
import { tarGz } from '../helpers/deploys.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient, type Call } from '../helpers/management.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const AT_ONCE = 30;

/** How many answers had each status and code, e.g. `{ "201": 2, "409 webhook_limit": 28 }`. */
function tally(answers: LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.statusCode < 300 ? String(a.statusCode) : `${String(a.statusCode)} ${(a.json() as { code: string }).code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

// Two instances on one database (on PostgreSQL each with its own connection pool), requests alternating
// between them, all sent at once: exactly the limit succeed, whatever the interleaving.
describeEachEngine('per-plan and per-person limits under concurrent requests, on two instances', (engine) => {
  let h: Harness;
  let otherStorage: Storage | undefined;
  let other: App;
  before(async () => {
    h = await harness();
    if (engine.name === 'postgres') otherStorage = await openAppStorage(h.app.config);
    other = await buildApp({ config: h.app.config, storage: otherStorage ?? h.storage });
  });
  after(async () => {
    await other.close();
    await otherStorage?.close();
    await h.close();
  });

  /** A signed-in person (not an admin) owning one Free project, with a client on each instance. */
  async function owner(): Promise<{ slug: string; onA: ManagementClient; onB: ManagementClient }> {
    const me = await createPerson(h.app, email('racer'));
    const onA = await ManagementClient.on(h.app);
    assert.equal((await onA.signIn(me.email, me.password)).statusCode, 200);
    const onB = await ManagementClient.on(other);
    onB.cookie = onA.cookie;
    onB.csrfToken = onA.csrfToken;
    const slug = uniqueSlug('race');
    const created = await onA.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } });
    assert.equal(created.statusCode, 201, created.body);
    return { slug, onA, onB };
  }

  const atOnce = (onA: ManagementClient, onB: ManagementClient, call: (i: number) => Call) =>
    Promise.all(Array.from({ length: AT_ONCE }, (_, i) => (i % 2 === 0 ? onA : onB).call(call(i))));

  test(`${String(AT_ONCE)} webhook endpoints added at once to a Free project: 2 are created, the rest 409 webhook_limit`, async () => {
    const { slug, onA, onB } = await owner();
    const answers = await atOnce(onA, onB, (i) => ({
      method: 'POST',
      url: `/api/v1/projects/${slug}/webhooks`,
      payload: { url: `https://example.test/hook/${String(i)}`, events: ['*'] },
    }));
    assert.deepEqual(tally(answers), { 201: 2, '409 webhook_limit': AT_ONCE - 2 });
    assert.equal((await onA.call({ url: `/api/v1/projects/${slug}/webhooks` })).json<unknown[]>().length, 2);
  });

  // PostgreSQL only: SQLite's capped inserts are one write of its group commit, with no lock to wait for.
  if (engine.name === 'postgres')
    test('a webhook endpoint added while the project is held longer than a statement may run waits for it, then is created', async () => {
      const { slug, onA } = await owner();
      const holder = new pg.Client({ connectionString: h.app.config.databaseUrl });
      await holder.connect();
      try {
        // What 30 capped inserts at once on a busy machine do to the last of them: the project's row lock is
        // held for longer than the pool's statement timeout (900 ms) before its turn comes.
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM projects WHERE slug = $1 FOR NO KEY UPDATE', [slug]);
        const adding = onA.call({
          method: 'POST',
          url: `/api/v1/projects/${slug}/webhooks`,
          payload: { url: 'https://example.test/hook/held', events: ['*'] },
        });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await holder.query('COMMIT');
        const added = await adding;
        assert.equal(added.statusCode, 201, added.body);
      } finally {
        await holder.end();
      }
    });

  test(`${String(AT_ONCE)} invitations at once: 20 are pending, the rest 409 invitation_limit`, async () => {
    const { slug, onA, onB } = await owner();
    const answers = await atOnce(onA, onB, () => ({
      method: 'POST',
      url: `/api/v1/projects/${slug}/invitations`,
      payload: { email: email('guest') },
    }));
    assert.deepEqual(tally(answers), { 201: 20, '409 invitation_limit': AT_ONCE - 20 });
  });

  test(`a person owning 1 project creates ${String(AT_ONCE)} at once: they own 10, the rest 403 project_limit`, async () => {
    const { onA, onB } = await owner();
    const limit = h.app.config.maxProjectsPerUser;
    assert.equal(limit, 10);
    const answers = await atOnce(onA, onB, () => ({ method: 'POST', url: '/api/v1/projects', payload: { slug: uniqueSlug('own') } }));
    assert.deepEqual(tally(answers), { 201: limit - 1, '403 project_limit': AT_ONCE - (limit - 1) });
    assert.equal((await onA.call({ url: '/api/v1/projects' })).json<unknown[]>().length, limit);
  });

  test(`a person with 45 access tokens creates ${String(AT_ONCE)} at once: 50 are active, the rest 409 token_limit`, async () => {
    const { onA, onB } = await owner();
    for (let i = 0; i < 45; i++) {
      assert.equal((await onA.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: `before ${String(i)}` } })).statusCode, 201);
    }
    const answers = await atOnce(onA, onB, (i) => ({ method: 'POST', url: '/api/v1/tokens', payload: { name: `at once ${String(i)}` } }));
    assert.deepEqual(tally(answers), { 201: 5, '409 token_limit': AT_ONCE - 5 });
    const listed = (await onA.call({ url: '/api/v1/tokens' })).json<{ revokedAt: string | null }[]>();
    assert.equal(listed.filter((t) => t.revokedAt === null).length, 50);
  });

  /** A Pro project with a ready deploy (uploaded through the API), and an admin's client on each instance. */
  async function deployedPro(): Promise<{ slug: string; onA: ManagementClient; onB: ManagementClient }> {
    const me = await createPerson(h.app, email('admin'), { admin: true });
    const onA = await ManagementClient.on(h.app);
    assert.equal((await onA.signIn(me.email, me.password)).statusCode, 200);
    const onB = await ManagementClient.on(other);
    onB.cookie = onA.cookie;
    onB.csrfToken = onA.csrfToken;
    const { project: slug } = await h.newProject('pro');
    const deployed = await onA.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/deploys`,
      payload: await tarGz([{ name: 'index.html', content: `<h1>${slug}</h1>` }]),
      headers: { 'content-type': 'application/gzip' },
    });
    assert.equal(deployed.statusCode, 201, deployed.body);
    return { slug, onA, onB };
  }

  test(`a Pro project with 44 domains and a claim adds ${String(AT_ONCE)} at once, half of them claims: 50 in all, the rest 409 domain_limit`, async () => {
    const { slug, onA, onB } = await deployedPro();
    // Names another project holds are added as claims (ownership proof needed): they count toward the limit too.
    const { slug: holder } = await deployedPro();
    const name = (i: number) => `d${String(i)}.${slug}.example`;
    const held = (i: number) => `h${String(i)}.${holder}.example`;
    for (let i = 0; i <= AT_ONCE / 2; i++) ok(await h.app.domains.add(OPERATOR, holder, held(i)));
    const before = MAX_DOMAINS_PER_PROJECT - 5;
    for (let i = 0; i < before - 1; i++) ok(await h.app.domains.add(OPERATOR, slug, name(i)));
    assert.equal(ok(await h.app.domains.add(OPERATOR, slug, held(AT_ONCE / 2))).reason, 'ownership_required');

    const answers = await atOnce(onA, onB, (i) => ({
      method: 'POST',
      url: `/api/v1/projects/${slug}/domains`,
      payload: { domain: i % 2 === 0 ? held(i / 2) : name(before + i) },
    }));
    assert.deepEqual(tally(answers), { 201: 5, '409 domain_limit': AT_ONCE - 5 });
    const listed = (await onA.call({ url: `/api/v1/projects/${slug}/domains` })).json<unknown[]>();
    assert.equal(listed.length, MAX_DOMAINS_PER_PROJECT);
  });
});
