import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { harness, type Harness } from '../helpers/harness.js';
import { tarGz } from '../helpers/deploys.js';
import { ManagementClient } from '../helpers/management.js';
import { cliJson, runCli, tempDatabase } from '../helpers/processes.js';

interface Entry {
  actor: { type: string; email?: string; tokenId?: string };
  action: string;
  target: string;
}

/**
 * The acceptance, in-process: with SIGNUP=open a newcomer signs up over
 * HTTP, creates a write token, and with that token alone (no cookie, no CSRF
 * token) creates a project, uploads a deploy and adds a domain once the operator
 * has raised the plan. The audit log shows each step with the token as actor.
 */
test('SIGNUP=open: sign up, token, then project, deploy and domain with the bearer token; the audit log shows each step', async () => {
  const db = tempDatabase('petstore-selfservice-');
  let h: Harness | undefined;
  try {
    h = await harness({ config: { signup: 'open', databaseUrl: db.url, dnsServers: ['127.0.0.1:9'] } });
    const browser = await ManagementClient.on(h.app);
    const me = `newcomer-${randomBytes(4).toString('hex')}@example.test`;
    assert.equal((await browser.signUp(me, 'a long and unusual passphrase')).statusCode, 201);
    const created = await browser.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'ci', scope: 'write' } });
    assert.equal(created.statusCode, 201, created.body);
    const { token, id: tokenId } = created.json() as { token: string; id: string };

    const script = await ManagementClient.on(h.app);
    const auth = { authorization: `Bearer ${token}` };
    const slug = `shop-${randomBytes(3).toString('hex')}`;
    const project = await script.call({ method: 'POST', url: '/api/v1/projects', payload: { slug }, headers: auth });
    assert.equal(project.statusCode, 201, project.body);
    assert.equal(project.json().plan, 'free');

    const deploy = await script.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/deploys`,
      payload: await tarGz([{ name: 'index.html', content: '<h1>My shop</h1>' }]),
      headers: { ...auth, 'content-type': 'application/gzip' },
    });
    assert.equal(deploy.statusCode, 201, deploy.body);
    const deployId = (deploy.json() as { id: string }).id;

    const domain = `www.${slug}.example.com`;
    const onFree = await script.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains`, payload: { domain }, headers: auth });
    assert.equal(onFree.statusCode, 403);
    assert.equal(onFree.json().code, 'plan_required');

    // Plans stay the operator's.
    const raised = await runCli(['projects', 'set-plan', slug, 'pro'], db.url);
    assert.equal(raised.code, 0, raised.stderr);
    const added = await script.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains`, payload: { domain }, headers: auth });
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(added.json().status, 'pending');

    const log = await script.call({ url: `/api/v1/projects/${slug}/audit`, headers: auth });
    assert.equal(log.statusCode, 200);
    const tokenActor = { type: 'token', email: me, tokenId };
    assert.deepEqual(
      (log.json() as Entry[]).map((e) => [e.action, e.target, e.actor]),
      [
        ['domain.add', domain, tokenActor],
        ['plan.change', `${slug} -> pro`, { type: 'operator' }],
        ['deploy.create', deployId, tokenActor],
        ['project.create', slug, tokenActor],
      ],
    );
    const fromCli = await cliJson<Entry[]>(['audit', slug, '--json'], db.url);
    assert.deepEqual(
      fromCli.map((e) => e.action),
      ['domain.add', 'plan.change', 'deploy.create', 'project.create'],
    );
    const text = await runCli(['audit', slug], db.url);
    assert.match(text.stdout, new RegExp(`${me.replace('.', '\\.')} \\(token ${tokenId}\\)\\tdeploy\\.create`));
  } finally {
    await h?.close();
    db.cleanup();
  }
});

let closed: Harness;
before(async () => {
  closed = await harness();
});
after(() => closed.close());

test('SIGNUP=closed, the default: POST /api/v1/users is 403 signup_closed', async () => {
  const c = await ManagementClient.on(closed.app);
  const res = await c.signUp('someone@example.test', 'a long and unusual passphrase');
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().code, 'signup_closed');
});
