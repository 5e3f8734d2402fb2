import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const PASSWORD = 'correct horse battery staple';

describeEachEngine('invitations: who may vouch for an email (SIGNUP=invite)', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { signup: 'invite' } });
  });
  after(() => h.close());

  const person = async (name: string, options: { admin?: boolean } = {}) => {
    const p = await createPerson(h.app, email(name), options);
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(p.email, p.password)).statusCode, 200);
    return { ...p, c };
  };
  const tokenOf = (res: { json(): unknown }) => (res.json() as { url: string }).url.split('/').pop() ?? '';

  test('the owner of a self-made project cannot mint a link that creates an account, and the answer is the same whether the email has one', async () => {
    const attacker = await person('attacker');
    const slug = uniqueSlug('mine');
    assert.equal((await attacker.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } })).statusCode, 201);
    const ceo = email('ceo');
    const minted = await attacker.c.call({ method: 'POST', url: `/api/v1/projects/${slug}/invitations`, payload: { email: ceo } });
    assert.equal(minted.statusCode, 201, minted.body);
    const token = tokenOf(minted);
    const anon = await ManagementClient.on(h.app);
    assert.equal((await anon.call({ url: `/api/v1/invitations/${token}` })).json().signupAllowed, false);
    const taken = await anon.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: PASSWORD } });
    assert.equal(taken.statusCode, 403, taken.body);
    assert.equal(taken.json().code, 'signup_closed');
    // Nobody can sign in as the invited email: the account was not made.
    const signIn = await (await ManagementClient.on(h.app)).signIn(ceo, PASSWORD);
    assert.equal(signIn.statusCode, 401);

    // An email that has an account gets the very same answer (no enumeration).
    const existing = await createPerson(h.app, email('existing'));
    const other = await attacker.c.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/invitations`,
      payload: { email: existing.email },
    });
    const otherToken = tokenOf(other);
    assert.equal((await anon.call({ url: `/api/v1/invitations/${otherToken}` })).json().signupAllowed, false);
    const same = await anon.call({ method: 'POST', url: `/api/v1/invitations/${otherToken}/accept`, payload: { password: PASSWORD } });
    assert.equal(same.statusCode, taken.statusCode);
    assert.equal(same.json().code, taken.json().code);
    assert.equal(same.json().message, taken.json().message);

    // The person who has the account joins only by accepting signed in as that email.
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(existing.email, existing.password)).statusCode, 200);
    const joined = await c.call({ method: 'POST', url: `/api/v1/invitations/${otherToken}/accept`, payload: {} });
    assert.equal(joined.statusCode, 200, joined.body);
    assert.equal(joined.json().project, slug);
  });

  test('invitations from an admin, or from an owner of a project an admin made, create the account', async () => {
    const admin = await person('admin', { admin: true });
    const adminMade = uniqueSlug('adm');
    assert.equal((await admin.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug: adminMade } })).statusCode, 201);
    const operatorMade = uniqueSlug('ops');
    assert.ok(!('code' in (await h.app.projects.create(OPERATOR, operatorMade, 'free'))));
    const owner = await person('owner');
    assert.equal(await h.app.accounts.addMember(OPERATOR, operatorMade, owner.email, 'owner'), true);

    for (const [who, slug] of [
      [admin, adminMade],
      [owner, operatorMade],
    ] as const) {
      const to = email('newcomer');
      const token = tokenOf(await who.c.call({ method: 'POST', url: `/api/v1/projects/${slug}/invitations`, payload: { email: to } }));
      const anon = await ManagementClient.on(h.app);
      assert.equal((await anon.call({ url: `/api/v1/invitations/${token}` })).json().signupAllowed, true);
      const res = await anon.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: PASSWORD } });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().user, { email: to, admin: false });
    }
  });

  test('at most 20 pending invitations per project: 409 invitation_limit; used ones free a place', async () => {
    const owner = await person('many');
    const slug = uniqueSlug('many');
    assert.equal((await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } })).statusCode, 201);
    const invite = (to: string) => owner.c.call({ method: 'POST', url: `/api/v1/projects/${slug}/invitations`, payload: { email: to } });
    const member = await createPerson(h.app, email('member'));
    const first = await invite(member.email);
    for (let i = 1; i < 20; i++) assert.equal((await invite(email(`p${String(i)}`))).statusCode, 201);
    const over = await invite(email('over'));
    assert.equal(over.statusCode, 409, over.body);
    assert.equal(over.json().code, 'invitation_limit');
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(member.email, member.password)).statusCode, 200);
    assert.equal((await c.call({ method: 'POST', url: `/api/v1/invitations/${tokenOf(first)}/accept`, payload: {} })).statusCode, 200);
    assert.equal((await invite(email('now'))).statusCode, 201);
  });
});
