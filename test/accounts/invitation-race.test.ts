import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { OPERATOR } from '../../src/audit/actor.js';
import type { AccountRepository } from '../../src/accounts/repository.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

const email = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.test`;

describeEachEngine('an invitation used as its sender loses the authority to send it', () => {
  let h: Harness;
  /** Runs once, just before the next use of an invitation: what another request does between the check and the use. */
  let beforeUse: (() => Promise<void>) | null = null;
  before(async () => {
    h = await harness({
      wrapRepositories: {
        accounts: (repository: AccountRepository) => ({
          ...repository,
          useInvitation: async (tokenHash: Buffer, at: Date) => {
            const meanwhile = beforeUse;
            beforeUse = null;
            await meanwhile?.();
            return repository.useInvitation(tokenHash, at);
          },
        }),
      },
    });
  });
  after(() => h.close());

  test('an admin demoted after the invitation was checked and before it is used: 410 withdrawn, no member added', async () => {
    const slug = uniqueSlug('race');
    ok(await h.app.projects.create(OPERATOR, slug, 'pro'));
    const owner = await createPerson(h.app, email('owner'));
    const admin = await createPerson(h.app, email('admin'));
    ok(await h.app.accounts.addMember(OPERATOR, slug, owner.email, 'owner'));
    ok(await h.app.accounts.addMember(OPERATOR, slug, admin.email, 'admin'));
    const byAdmin = await ManagementClient.on(h.app);
    await byAdmin.signIn(admin.email, admin.password);
    const joiner = await createPerson(h.app, email('joiner'));
    const invited = await byAdmin.call({ method: 'POST', url: `/api/v1/projects/${slug}/invitations`, payload: { email: joiner.email } });
    assert.equal(invited.statusCode, 201, invited.body);
    const token = String(invited.json().url).split('/').pop() ?? '';

    const project = ok(await h.app.projects.find(slug));
    beforeUse = async () => {
      ok(await h.app.accounts.setRole(OPERATOR, 'owner', project, admin.email, 'viewer'));
    };
    const c = await ManagementClient.on(h.app);
    await c.signIn(joiner.email, joiner.password);
    const accepted = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    assert.equal(beforeUse, null, 'the demotion ran between the check and the use');
    assert.equal(accepted.statusCode, 410, accepted.body);
    assert.equal(accepted.json().code, 'invitation_expired');
    assert.match(accepted.json().message, /withdrawn/);
    assert.equal((await c.call({ url: `/api/v1/projects/${slug}` })).statusCode, 404, 'not a member');
  });

  test('a used invitation is still told apart from a withdrawn one', async () => {
    const slug = uniqueSlug('race');
    ok(await h.app.projects.create(OPERATOR, slug, 'pro'));
    const admin = await createPerson(h.app, email('admin'));
    ok(await h.app.accounts.addMember(OPERATOR, slug, admin.email, 'admin'));
    const byAdmin = await ManagementClient.on(h.app);
    await byAdmin.signIn(admin.email, admin.password);
    const joiner = await createPerson(h.app, email('joiner'));
    const invited = await byAdmin.call({ method: 'POST', url: `/api/v1/projects/${slug}/invitations`, payload: { email: joiner.email } });
    const token = String(invited.json().url).split('/').pop() ?? '';
    const c = await ManagementClient.on(h.app);
    await c.signIn(joiner.email, joiner.password);
    // Another tab of the same person accepted it first, between this one's check and its use.
    beforeUse = async () => {
      const other = await ManagementClient.on(h.app);
      await other.signIn(joiner.email, joiner.password);
      assert.equal((await other.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} })).statusCode, 200);
    };
    const accepted = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    assert.equal(accepted.statusCode, 410, accepted.body);
    assert.equal(accepted.json().code, 'invitation_used');
  });
});
