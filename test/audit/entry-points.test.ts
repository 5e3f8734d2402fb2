import type { LightMyRequestResponse } from 'fastify';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { tarGz } from '../helpers/deploys.js';
import { harness, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient, type Call } from '../helpers/management.js';
import { runCli } from '../helpers/processes.js';
import { openKeyRepository } from '../../src/keys/repository.js';

/**
 * Each change is recorded by the service that makes it: the same entries whichever door it came through (a
 * session, an access token, the local CLI), with that door's actor and, through the API, the client's address.
 */

interface Entry {
  actor: { type: string; email?: string; tokenId?: string };
  action: string;
  target: string;
  ip?: string;
}

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const GZIP = { 'content-type': 'application/gzip' };

describeEachEngine('audit: the service records each change with the actor of its entry point', (engine) => {
  let db: FreshDatabase;
  let h: Harness;
  let owner: { email: string; password: string };
  let session: ManagementClient;
  before(async () => {
    // One database for the app and the CLI processes.
    db = await freshDatabase(engine.name, { onDisk: true });
    h = await harness({ config: { databaseUrl: db.url } });
    owner = await createPerson(h.app, email('owner'));
    session = await ManagementClient.on(h.app);
    assert.equal((await session.signIn(owner.email, owner.password)).statusCode, 200);
  });
  after(async () => {
    await h.close();
    await db.drop();
  });

  /** The project's log, oldest first, read with the owner's session. */
  const log = async (slug: string): Promise<Entry[]> => {
    const res = await session.call({ url: `/api/v1/projects/${slug}/audit?limit=100` });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as Entry[]).reverse();
  };

  /**
   * Every change the management API makes, through `call` (a session or a token), on a project it creates:
   * the [action, target] pairs the log must show, in order.
   */
  async function changeEverything(call: (c: Call) => Promise<LightMyRequestResponse>, slug: string): Promise<string[][]> {
    const expect = async (status: number, c: Call) => {
      const res = await call(c);
      assert.equal(res.statusCode, status, `${c.method} ${c.url}: ${res.body}`);
      return res.json() as Record<string, unknown>;
    };
    const base = `/api/v1/projects/${slug}`;
    await expect(201, { method: 'POST', url: '/api/v1/projects', payload: { slug } });
    const key = (await expect(201, { method: 'POST', url: `${base}/keys`, payload: { name: 'ci' } })).id as string;
    await call({ method: 'DELETE', url: `${base}/keys/${key}` }).then((r) => assert.equal(r.statusCode, 204, r.body));

    // A person invited, who accepts (their own entry, as a user), then is removed.
    const invitee = await createPerson(h.app, email('invitee'));
    const invitation = await expect(201, { method: 'POST', url: `${base}/invitations`, payload: { email: invitee.email } });
    const token = String(invitation.url).split('/').pop() ?? '';
    const joiner = await ManagementClient.on(h.app);
    assert.equal((await joiner.signIn(invitee.email, invitee.password)).statusCode, 200);
    const accepted = await joiner.call({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      payload: {},
      remoteAddress: '198.51.100.4',
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
    await call({ method: 'DELETE', url: `${base}/members/${invitee.email}` }).then((r) => assert.equal(r.statusCode, 204, r.body));

    const first = (
      await expect(201, {
        method: 'POST',
        url: `${base}/deploys`,
        payload: await tarGz([{ name: 'index.html', content: 'one' }]),
        headers: GZIP,
      })
    ).id as string;
    // A failed deploy is recorded too: it is in the history.
    const failed = await call({
      method: 'POST',
      url: `${base}/deploys`,
      payload: await tarGz([{ name: 'about.html', content: 'no index' }]),
      headers: GZIP,
    });
    assert.equal(failed.statusCode, 422, failed.body);
    const failedId = /^Deploy (\d+) /.exec((failed.json() as { message: string }).message)?.[1] ?? '';
    await expect(200, { method: 'POST', url: `${base}/deploys/${first}/promote` });

    const hook = (
      await expect(201, { method: 'POST', url: `${base}/webhooks`, payload: { url: 'https://example.test/hook', events: ['*'] } })
    ).id as string;
    await expect(200, { method: 'PATCH', url: `${base}/webhooks/${hook}`, payload: { enabled: false } });
    await expect(200, { method: 'PATCH', url: `${base}/webhooks/${hook}`, payload: { url: 'https://example.test/other' } });
    const ping = (await expect(202, { method: 'POST', url: `${base}/webhooks/${hook}/test` })).eventId as string;
    await expect(200, { method: 'DELETE', url: `${base}/webhooks/${hook}` });

    return [
      ['project.create', slug],
      ['key.create', key],
      ['key.revoke', key],
      ['member.invite', invitee.email],
      ['member.add', invitee.email, invitee.email],
      ['member.remove', invitee.email],
      ['deploy.create', first],
      ['deploy.create', failedId],
      ['deploy.promote', first],
      ['webhook.add', hook],
      ['webhook.update', hook],
      ['webhook.update', `${hook} url=https://example.test/other`],
      ['webhook.test', `${hook} ${ping}`],
      ['webhook.remove', hook],
    ];
  }

  /** Checks the log against the expected changes: `actor` for each, but the invitee's own acceptance. */
  const assertLog = (entries: Entry[], expected: string[][], actor: Entry['actor'], ip: string) => {
    assert.deepEqual(
      entries.map((e) => [e.action, e.target]),
      expected.map(([action, target]) => [action, target]),
    );
    expected.forEach(([action, , joiner], i) => {
      const e = entries[i] as Entry;
      if (joiner) {
        assert.deepEqual(e.actor, { type: 'user', email: joiner }, action);
        assert.equal(e.ip, '198.51.100.4', action);
      } else {
        assert.deepEqual(e.actor, actor, action);
        assert.equal(e.ip, ip, action);
      }
    });
  };

  test('management API with a session (cookie and CSRF token): the person, from their address', async () => {
    const slug = uniqueSlug('ses');
    const ip = '203.0.113.7';
    const expected = await changeEverything((c) => session.call({ ...c, remoteAddress: ip }), slug);
    assertLog(await log(slug), expected, { type: 'user', email: owner.email }, ip);
  });

  test('API with an access token (pst_…): the person and the token, from its address', async () => {
    const created = await session.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'script' } });
    assert.equal(created.statusCode, 201, created.body);
    const { id, token } = created.json() as { id: string; token: string };
    assert.match(token, /^pst_/);
    const bearer = await ManagementClient.on(h.app);
    const slug = uniqueSlug('tok');
    const ip = '203.0.113.8';
    const expected = await changeEverything(
      (c) => bearer.call({ ...c, headers: { ...c.headers, authorization: `Bearer ${token}` }, remoteAddress: ip }),
      slug,
    );
    assertLog(await log(slug), expected, { type: 'token', email: owner.email, tokenId: id }, ip);
  });

  test('the local CLI: the operator, with no address', async () => {
    const cli = async (...args: string[]) => {
      const r = await runCli(args, db.url);
      assert.equal(r.code, 0, `petstore ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    const json = async <T>(...args: string[]) => JSON.parse(await cli(...args, '--json')) as T;
    const slug = uniqueSlug('cli');
    await json('projects', 'create', slug, '--plan', 'free');
    await json('projects', 'set-plan', slug, 'pro');
    const key = (await json<{ id: string }>('keys', 'create', '--project', slug)).id;
    await cli('keys', 'revoke', key);
    const banned = (await json<{ id: string }>('keys', 'create', '--project', slug)).id;
    await openKeyRepository(h.storage.database).ban(banned, new Date(Date.now() + 3600_000));
    assert.match(await cli('keys', 'unban', banned), /^unbanned /);
    assert.match(await cli('keys', 'unban', banned), /is not banned/, 'nothing lifted: nothing recorded');

    const member = await createPerson(h.app, email('member'));
    await cli('projects', 'add-member', slug, member.email);
    await cli('projects', 'add-member', slug, member.email);
    await cli('projects', 'remove-member', slug, member.email);
    // So the owner may read the log through the API as well.
    await cli('projects', 'add-member', slug, owner.email, '--owner');

    const site = mkdtempSync(join(tmpdir(), 'petstore-audit-site-'));
    try {
      writeFileSync(join(site, 'index.html'), '<h1>cli</h1>');
      const first = (await json<{ id: string }>('deploy', slug, site)).id;
      await json('deploy', slug, site);
      await json('deploys', 'promote', slug, first);
      const hook = (await json<{ id: string }>('webhooks', 'add', slug, 'https://example.test/hook')).id;
      await cli('webhooks', 'remove', slug, hook);

      const entries = await log(slug);
      const second = entries.filter((e) => e.action === 'deploy.create')[1]?.target ?? '';
      assert.deepEqual(
        entries.map((e) => [e.action, e.target]),
        [
          ['project.create', slug],
          ['plan.change', `${slug} -> pro`],
          ['key.create', key],
          ['key.revoke', key],
          ['key.create', banned],
          ['key.unban', banned],
          ['member.add', member.email],
          ['member.remove', member.email],
          ['member.add', owner.email],
          ['deploy.create', first],
          ['deploy.create', second],
          ['deploy.promote', first],
          ['webhook.add', hook],
          ['webhook.remove', hook],
        ],
      );
      for (const e of entries) {
        assert.deepEqual(e.actor, { type: 'operator' }, e.action);
        assert.equal(e.ip, undefined, e.action);
      }
      // The CLI reads the same log.
      const fromCli = await json<Entry[]>('audit', slug);
      assert.deepEqual(fromCli.reverse(), entries);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
