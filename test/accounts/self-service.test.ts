import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
const PASSWORD = 'correct horse battery staple';

describeEachEngine('self-service: sign-up', () => {
  let open: Harness;
  let closed: Harness;
  let invite: Harness;
  before(async () => {
    open = await harness({ config: { signup: 'open' } });
    closed = await harness();
    invite = await harness({ config: { signup: 'invite' } });
  });
  after(async () => {
    await open.close();
    await closed.close();
    await invite.close();
  });

  test('SIGNUP=open: sign-up answers 201 with the session, like sign-in; the session works at once', async () => {
    const c = await ManagementClient.on(open.app);
    const me = email('new');
    const res = await c.signUp(me.toUpperCase(), PASSWORD);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().user, { email: me, admin: false });
    assert.equal(typeof res.json().csrfToken, 'string');
    assert.match(String(res.headers['set-cookie']), /^petstore_session=[^;]+; .*HttpOnly/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const session = await c.call({ url: '/api/v1/session' });
    assert.equal(session.statusCode, 200);
    assert.equal(session.json().user.email, me);
    assert.deepEqual((await c.call({ url: '/api/v1/projects' })).json(), []);
    const again = await ManagementClient.on(open.app);
    assert.equal((await again.signIn(me, PASSWORD)).statusCode, 200);
  });

  test('SIGNUP=closed (the default) and SIGNUP=invite: 403 signup_closed, and no account is made', async () => {
    assert.equal(closed.app.config.signup, 'closed');
    for (const h of [closed, invite]) {
      const c = await ManagementClient.on(h.app);
      const me = email('closed');
      const res = await c.signUp(me, PASSWORD);
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().code, 'signup_closed');
      assert.equal((await c.signIn(me, PASSWORD)).statusCode, 401);
    }
  });

  test('weak passwords are 400 weak_password: short, common, repetitive, or holding the email', async () => {
    const c = await ManagementClient.on(open.app);
    const me = email('weakling');
    for (const password of [
      'short-pw',
      '12345678901',
      'password1234',
      '123456789012',
      'aaaaaaaaaaaaaaaa',
      'abababababab',
      `${me.split('@')[0]}!x`,
    ]) {
      const res = await c.signUp(me, password, '10.9.0.1');
      assert.equal(res.statusCode, 400, password);
      assert.equal(res.json().code, 'weak_password', password);
    }
  });

  test('bad input is 4xx with the Error body: taken email, malformed email, 10 KB password, __proto__ keys, extra fields', async () => {
    const c = await ManagementClient.on(open.app);
    const taken = await createPerson(open.app, email('taken'));
    const takenRes = await c.signUp(taken.email, PASSWORD, '10.9.0.2');
    assert.equal(takenRes.statusCode, 409);
    assert.equal(takenRes.json().code, 'user_exists');
    const bodies: unknown[] = [
      { email: 'not-an-email', password: PASSWORD },
      { email: email('big'), password: 'x'.repeat(10 * 1024) },
      { email: email('nopw') },
      { email: email('extra'), password: PASSWORD, admin: true },
    ];
    for (const payload of bodies) {
      const res = await c.call({
        method: 'POST',
        url: '/api/v1/users',
        payload: payload as Record<string, unknown>,
        remoteAddress: '10.9.0.3',
      });
      assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'details', 'message', 'status'].filter((k) => k in res.json()).sort());
      assert.equal(res.json().status, 400);
    }
    for (const raw of [
      `{"__proto__": {"admin": true}, "email": "${email('proto')}", "password": "${PASSWORD}"}`,
      `{"constructor": {"prototype": {"admin": true}}, "email": "${email('proto')}", "password": "${PASSWORD}"}`,
    ]) {
      const res = await c.call({
        method: 'POST',
        url: '/api/v1/users',
        payload: raw,
        headers: { 'content-type': 'application/json' },
        remoteAddress: '10.9.0.4',
      });
      assert.equal(res.statusCode, 400, raw);
      assert.equal(typeof res.json().code, 'string');
      assert.equal(({} as Record<string, unknown>).admin, undefined);
    }
  });

  test('sign-up is throttled like sign-in: after 10 refusals from one address, 429 with Retry-After, even for a good request', async () => {
    const c = await ManagementClient.on(open.app);
    const taken = await createPerson(open.app, email('probe'));
    const address = '10.9.1.7';
    for (let i = 0; i < 10; i++) assert.equal((await c.signUp(taken.email, PASSWORD, address)).statusCode, 409);
    const res = await c.signUp(email('late'), PASSWORD, address);
    assert.equal(res.statusCode, 429);
    assert.equal(res.json().code, 'rate_limited');
    assert.ok(Number(res.headers['retry-after']) >= 1);
    // Sign-in from that address shares the count.
    assert.equal((await c.signIn(taken.email, taken.password, address)).statusCode, 429);
  });
});

describeEachEngine('self-service: projects, members and invitations', () => {
  let h: Harness;
  const clock = manualClock(Date.parse('2026-11-24T12:00:00Z'));
  before(async () => {
    h = await harness({ clock, config: { signup: 'invite', maxProjectsPerUser: 2 } });
  });
  after(() => h.close());

  const person = async (name: string) => {
    const p = await createPerson(h.app, email(name));
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(p.email, p.password)).statusCode, 200);
    return { ...p, c };
  };

  test('a person creates Free projects they own, up to MAX_PROJECTS_PER_USER; slugs with "--" are invalid_slug', async () => {
    const owner = await person('owner');
    const slug = uniqueSlug('own');
    const res = await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().plan, 'free');
    assert.equal(res.json().slug, slug);
    const members = await owner.c.call({ url: `/api/v1/projects/${slug}/members` });
    assert.deepEqual(
      members.json().map((m: { email: string; role: string }) => [m.email, m.role]),
      [[owner.email, 'owner']],
    );
    const dup = await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } });
    assert.equal(dup.json().code, 'project_exists');
    const dashed = await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug: 'my--site' } });
    assert.equal(dashed.statusCode, 400);
    assert.equal(dashed.json().code, 'invalid_slug');
    // A refused slug says which one it was probably meant as.
    for (const [slug, suggestion] of [
      ['Not A Slug', 'not-a-slug'],
      ['Alice_Shop', 'alice-shop'],
      ['-shop', 'shop'],
      ['shop-', 'shop'],
      ['My Web--Shop', 'my-web-shop'],
      ['Café Crème', 'cafe-creme'],
    ]) {
      const bad = await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } });
      assert.deepEqual([bad.statusCode, bad.json().code], [400, 'invalid_slug'], slug);
      assert.deepEqual(bad.json().details, [
        { in: 'body', field: 'slug', message: `must be 1-63 lowercase letters, digits and inner hyphens; try "${suggestion}"` },
      ]);
      assert.match(bad.json().message, new RegExp(`; try "${suggestion}"\\.$`), slug);
    }
    assert.match(dashed.json().message, /; try "my-site"\.$/);
    const nothingToSuggest = await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug: '--' } });
    assert.doesNotMatch(nothingToSuggest.json().message, /try/);
    assert.equal((await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug: uniqueSlug('own') } })).statusCode, 201);
    const third = await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug: uniqueSlug('own') } });
    assert.equal(third.statusCode, 403);
    assert.equal(third.json().code, 'project_limit');
    // The CLI's service refuses "--" as well.
    const refused = await h.app.projects.create(OPERATOR, 'cli--x', 'free');
    assert.equal((refused as { code: string }).code, 'invalid_slug');
    const underscored = await h.app.projects.create(OPERATOR, 'Alice_Shop', 'free');
    assert.equal((underscored as { code: string }).code, 'invalid_slug');
  });

  test('owners invite; the invitee accepts signed in; developers cannot invite or remove (403 insufficient_role); another project is 404', async () => {
    const owner = await person('owner2');
    const slug = uniqueSlug('team');
    assert.equal((await owner.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } })).statusCode, 201);
    const invitee = await person('invitee');
    const created = await owner.c.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/invitations`,
      headers: { host: 'dashboard.petstore.test:8443' },
      payload: { email: invitee.email },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { url, expiresAt } = created.json() as { url: string; expiresAt: string };
    // The link has the origin the inviter reached the service by, not the configured listening port.
    assert.match(url, /^http:\/\/dashboard\.petstore\.test:8443\/dashboard\/invitations\/[A-Za-z0-9_-]{43}$/);
    assert.equal(Date.parse(expiresAt) - clock.now(), 7 * 24 * 3600_000);
    const token = url.split('/').pop() ?? '';

    const anyone = await ManagementClient.on(h.app);
    const shown = await anyone.call({ url: `/api/v1/invitations/${token}` });
    assert.equal(shown.statusCode, 200);
    assert.deepEqual(shown.json(), { project: slug, email: invitee.email, expiresAt, signupAllowed: false });

    // Someone else signed in cannot use it.
    const stranger = await person('stranger');
    const mismatch = await stranger.c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    assert.equal(mismatch.statusCode, 403);
    assert.equal(mismatch.json().code, 'invitation_mismatch');

    const accepted = await invitee.c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.deepEqual(accepted.json(), { project: slug, role: 'developer' });
    const again = await invitee.c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    assert.equal(again.statusCode, 410);
    assert.equal(again.json().code, 'invitation_used');
    assert.equal((await invitee.c.call({ url: `/api/v1/projects/${slug}` })).statusCode, 200);
    const log = (await owner.c.call({ url: `/api/v1/projects/${slug}/audit` })).json() as {
      action: string;
      target: string;
      actor: { email?: string };
    }[];
    assert.deepEqual(
      log.slice(0, 2).map((e) => [e.action, e.target, e.actor.email]),
      [
        ['member.add', invitee.email, invitee.email],
        ['member.invite', invitee.email, owner.email],
      ],
    );

    const forbidden1 = await invitee.c.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/invitations`,
      payload: { email: email('x') },
    });
    assert.equal(forbidden1.statusCode, 403);
    assert.equal(forbidden1.json().code, 'insufficient_role');
    const forbidden2 = await invitee.c.call({
      method: 'DELETE',
      url: `/api/v1/projects/${slug}/members/${encodeURIComponent(owner.email)}`,
    });
    assert.equal(forbidden2.statusCode, 403);
    assert.equal(forbidden2.json().code, 'insufficient_role');

    const elsewhere = uniqueSlug('other');
    assert.equal((await stranger.c.call({ method: 'POST', url: '/api/v1/projects', payload: { slug: elsewhere } })).statusCode, 201);
    for (const call of [
      { url: `/api/v1/projects/${elsewhere}/members` },
      { method: 'POST' as const, url: `/api/v1/projects/${elsewhere}/invitations`, payload: { email: invitee.email } },
      { method: 'DELETE' as const, url: `/api/v1/projects/${elsewhere}/members/${encodeURIComponent(stranger.email)}` },
      { url: `/api/v1/projects/${elsewhere}/audit` },
    ]) {
      const res = await invitee.c.call(call);
      assert.equal(res.statusCode, 404, call.url);
      assert.equal(res.json().code, 'not_found');
    }

    // The owner removes the member; the last owner stays.
    const lastOwner = await owner.c.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/members/${encodeURIComponent(owner.email)}` });
    assert.equal(lastOwner.statusCode, 409);
    assert.equal(lastOwner.json().code, 'last_owner');
    const removed = await owner.c.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/members/${encodeURIComponent(invitee.email)}` });
    assert.equal(removed.statusCode, 204);
    assert.equal((await invitee.c.call({ url: `/api/v1/projects/${slug}` })).statusCode, 404);
  });

  test('accepting by signing up (SIGNUP=invite): the account is created and signed in; taken, expired, unknown and weak are refused', async () => {
    const owner = await person('owner3');
    const slug = uniqueSlug('inv');
    // A project the operator made: its owners' invitations may create accounts.
    ok(await h.app.projects.create(OPERATOR, slug, 'free'));
    assert.equal(await h.app.accounts.addMember(OPERATOR, slug, owner.email, 'owner'), true);
    const invite = async (to: string) => {
      const res = await owner.c.call({ method: 'POST', url: `/api/v1/projects/${slug}/invitations`, payload: { email: to } });
      assert.equal(res.statusCode, 201);
      return (res.json() as { url: string }).url.split('/').pop() ?? '';
    };
    const newcomer = email('newcomer');
    const token = await invite(newcomer);
    const c = await ManagementClient.on(h.app);
    const weak = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: 'short' } });
    assert.equal(weak.statusCode, 400);
    assert.equal(weak.json().code, 'weak_password');
    const huge = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: 'x'.repeat(10 * 1024) } });
    assert.equal(huge.statusCode, 400);
    const proto = await c.call({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      payload: `{"__proto__": {"admin": true}, "password": "${PASSWORD}"}`,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(proto.statusCode, 400);
    assert.equal(proto.json().status, 400);
    const malformed = await owner.c.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/invitations`,
      payload: { email: 'not an email' },
    });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().code, 'validation_failed');
    const noPassword = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: {} });
    assert.equal(noPassword.statusCode, 401);
    const res = await c.call({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, payload: { password: PASSWORD } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().project, slug);
    assert.deepEqual(res.json().user, { email: newcomer, admin: false });
    c.keepSession(res);
    const projects = await c.call({ url: '/api/v1/projects' });
    assert.deepEqual(
      projects.json().map((p: { slug: string }) => p.slug),
      [slug],
    );

    const existing = await createPerson(h.app, email('existing'));
    const takenToken = await invite(existing.email);
    const anon = await ManagementClient.on(h.app);
    const taken = await anon.call({ method: 'POST', url: `/api/v1/invitations/${takenToken}/accept`, payload: { password: PASSWORD } });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().code, 'user_exists');

    const unknown = await anon.call({ url: `/api/v1/invitations/${'A'.repeat(43)}` });
    assert.equal(unknown.statusCode, 404);
    const hostile = await anon.call({ url: `/api/v1/invitations/${'%2e%2e'}` });
    assert.ok([400, 404].includes(hostile.statusCode));

    const lateToken = await invite(email('late'));
    clock.advance(7 * 24 * 3600_000 + 1);
    try {
      const expired = await anon.call({ url: `/api/v1/invitations/${lateToken}` });
      assert.equal(expired.statusCode, 410);
      assert.equal(expired.json().code, 'invitation_expired');
      const acceptExpired = await anon.call({
        method: 'POST',
        url: `/api/v1/invitations/${lateToken}/accept`,
        payload: { password: PASSWORD },
      });
      assert.equal(acceptExpired.json().code, 'invitation_expired');
    } finally {
      clock.advance(-(7 * 24 * 3600_000 + 1));
    }
  });

  test('a membership made without a role is a developer; admins still invite and remove in any project', async () => {
    const admin = await createPerson(h.app, email('admin'), { admin: true });
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(admin.email, admin.password)).statusCode, 200);
    const member = await createPerson(h.app, email('legacy'));
    ok(await h.app.accounts.addMember(OPERATOR, h.project, member.email));
    const members = await c.call({ url: `/api/v1/projects/${h.project}/members` });
    assert.deepEqual(
      members.json().map((m: { email: string; role: string }) => [m.email, m.role]),
      [[member.email, 'developer']],
    );
    const invited = await c.call({
      method: 'POST',
      url: `/api/v1/projects/${h.project}/invitations`,
      payload: { email: email('by-admin') },
    });
    assert.equal(invited.statusCode, 201);
    assert.equal(
      (await c.call({ method: 'DELETE', url: `/api/v1/projects/${h.project}/members/${encodeURIComponent(member.email)}` })).statusCode,
      204,
    );
  });
});
