import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { runDomains, runRedirects } from '../../src/domains/cli/run.js';
import type { CliContext } from '../../src/feature.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

const PLATFORM = 'sites.platform.test';

/**
 * The domains service records its own audit entries, with the actor its
 * caller names: a person signed in, an access token, or the operator at the
 * CLI. One domain change through each entry point, then the project's log.
 */
describeEachEngine('custom domains: audit entries by entry point', () => {
  let h: Harness;
  let person: { email: string; password: string };
  let session: ManagementClient;

  before(async () => {
    h = await harness({
      // Nothing answers DNS there: verify stores a DNS error, which is a state of the domain.
      config: { platformHost: PLATFORM, dnsServers: ['127.0.0.1:9'] },
      wrapRepositories: { readyDeploys: () => ({ hasReadyDeploy: async () => true }) },
    });
    person = await createPerson(h.app, `domains-${randomBytes(4).toString('hex')}@example.test`, { admin: true });
    session = await ManagementClient.on(h.app);
    assert.equal((await session.signIn(person.email, person.password)).statusCode, 200);
  });
  after(async () => {
    await h.close();
  });

  /** The local CLI on the harness's database, in this process. */
  function cli(): CliContext {
    const lines: string[] = [];
    return {
      config: async () => h.app.config,
      database: async () => h.storage.database,
      clock: h.app.clock,
      json: (value) => lines.push(JSON.stringify(value)),
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
      remote: () => null,
      declared: async () => h.app.declared,
      interactive: false,
      status: () => undefined,
    };
  }

  test('API with a session, API with an access token and the CLI each record their actor, action and target', async () => {
    const { project: slug } = await h.newProject('pro');
    const projectId = ok(await h.app.projects.find(slug)).id;
    const n = randomBytes(3).toString('hex');
    const apex = `shop${n}.test`;
    const www = `www.shop${n}.test`;

    // A person signed in: the domain and, with redirectTo, the redirect entry.
    const added = await session.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains`, payload: { domain: apex } });
    assert.equal(added.statusCode, 201, added.body);
    const pair = await session.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/domains`,
      payload: { domain: www.toUpperCase(), redirectTo: apex },
    });
    assert.equal(pair.statusCode, 201, pair.body);

    // An access token, without a cookie.
    const created = await session.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'ci', scope: 'write' } });
    assert.equal(created.statusCode, 201, created.body);
    const { token, id: tokenId } = created.json() as { token: string; id: string };
    const bearer = await ManagementClient.on(h.app);
    const auth = { authorization: `Bearer ${token}` };
    const verified = await bearer.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains/${apex}/verify`, headers: auth });
    assert.equal(verified.statusCode, 200, verified.body);
    const unredirected = await bearer.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/redirects/${www}`, headers: auth });
    assert.equal(unredirected.statusCode, 204, unredirected.body);

    // The operator at the CLI.
    await runRedirects(['add', slug, apex, www], cli());
    await runDomains(['remove', `${www}.`], cli());

    // A refused change records nothing.
    await assert.rejects(runDomains(['remove', `nothing${n}.test`], cli()));
    const foreign = await session.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/domains/nothing${n}.test` });
    assert.equal(foreign.statusCode, 404);

    const user = { type: 'user', email: person.email };
    const tokenActor = { type: 'token', email: person.email, tokenId };
    const operator = { type: 'operator' };
    // The harness made the project and its key as the operator: those entries are not this test's.
    const entries = (await h.app.audit.service.list(projectId, { limit: 100 }))
      .filter((e) => e.action.startsWith('domain.') || e.action.startsWith('redirect.'))
      .reverse();
    assert.deepEqual(
      entries.map((e) => [e.actor, e.action, e.target]),
      [
        [user, 'domain.add', apex],
        [user, 'domain.add', www],
        [user, 'redirect.add', `${www} -> ${apex}`],
        [tokenActor, 'domain.verify', apex],
        [tokenActor, 'redirect.remove', www],
        [operator, 'redirect.add', `${apex} -> ${www}`],
        [operator, 'domain.remove', www],
      ],
    );
    assert.ok(
      entries.slice(0, 5).every((e) => e.ip === '127.0.0.1'),
      'API entries carry the client address',
    );
    assert.ok(
      entries.slice(5).every((e) => e.ip === null),
      'CLI entries have none',
    );
  });
});
