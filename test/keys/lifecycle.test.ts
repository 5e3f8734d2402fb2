import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../../src/app.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { DomainError } from '../../src/errors/domain-error.js';
import { secretHint } from '../../src/keys/key-format.js';

interface Created {
  id: string;
  key: string;
  name: string | null;
  scope: 'read' | 'write';
  expiresAt: string | null;
}
interface Rolled extends Created {
  replaces: { id: string; expiresAt: string };
}
interface Listed {
  id: string;
  scope: string;
  expiresAt: string | null;
}

const HOUR = 3600_000;

describeEachEngine('API key scopes, expiry and rolling', () => {
  const clock = manualClock(Date.UTC(2027, 2, 1, 10));
  let h: Harness;
  let c: ManagementClient;
  let slug: string;
  let member: { email: string; password: string };
  /** Signs in again: sessions expire as the clock moves on. */
  const signIn = async () => assert.equal((await c.signIn(member.email, member.password)).statusCode, 200);
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const keysUrl = () => `/api/v1/projects/${slug}/keys`;

  before(async () => {
    h = await harness({ clock });
    slug = (await h.newProject('pro')).project;
    member = await createPerson(h.app, `keys-${randomBytes(4).toString('hex')}@example.test`);
    ok(await h.app.accounts.addMember(OPERATOR, slug, member.email));
    c = await ManagementClient.on(h.app);
    await signIn();
  });
  after(() => h.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await c.call({ method: 'POST', url: keysUrl(), payload: body });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as Created;
  };

  test('a read key may GET and HEAD; its write is 403 insufficient_scope and counted against the quota; usage per key is exact', async () => {
    const read = await create({ name: 'reports', scope: 'read' });
    const write = await create({ name: 'app' });
    assert.equal(read.scope, 'read');
    assert.equal(write.scope, 'write');
    assert.equal((await h.request({ url: '/v1/pets', headers: bearer(read.key) })).statusCode, 200);
    assert.equal((await h.request({ method: 'HEAD', url: '/v1/pets', headers: bearer(read.key) })).statusCode, 200);
    const refused = await h.request({ method: 'POST', url: '/v1/pets', headers: bearer(read.key), payload: { name: 'Rex' } });
    assert.equal(refused.statusCode, 403);
    assert.equal((refused.json() as { code: string }).code, 'insufficient_scope');
    const order = await h.request({ method: 'POST', url: '/v1/store/orders', headers: bearer(read.key), payload: { petId: 1 } });
    assert.equal(order.statusCode, 403);
    assert.equal(
      (await h.request({ method: 'POST', url: '/v1/pets', headers: bearer(write.key), payload: { name: 'Rex', categoryId: 7 } }))
        .statusCode,
      201,
    );
    for (let i = 0; i < 6; i++) await h.request({ url: '/v1/pets', headers: bearer(write.key) });
    // The refused writes count against the quota: the limiter's remaining figure went down by each.
    const remaining = Number((await h.request({ url: '/v1/pets', headers: bearer(read.key) })).headers['ratelimit-remaining'] ?? NaN);
    await h.app.usage.recorder.flush();
    const usage = (await c.call({ url: `/api/v1/projects/${slug}/usage?by=key` })).json() as {
      byKey: { keyId: string; today: number; last30Days: number }[];
    };
    const of = (id: string) => usage.byKey.find((k) => k.keyId === id);
    assert.deepEqual({ today: of(read.id)?.today, total: of(read.id)?.last30Days }, { today: 5, total: 5 });
    assert.deepEqual({ today: of(write.id)?.today, total: of(write.id)?.last30Days }, { today: 7, total: 7 });
    assert.equal(usage.byKey[0]?.keyId, write.id, 'the busiest key first');
    if (!Number.isNaN(remaining)) assert.ok(remaining <= 300 - 12, `remaining ${String(remaining)}`);
    const listed = (await c.call({ url: keysUrl() })).json() as Listed[];
    assert.equal(listed.find((k) => k.id === read.id)?.scope, 'read');
    const bad = await c.call({ method: 'POST', url: keysUrl(), payload: { scope: 'admin' } });
    assert.equal(bad.statusCode, 400);
  });

  test('a key created to expire works until then and is refused 401 like an unknown key after it', async () => {
    const k = await create({ name: 'temp', expiresInDays: 1 });
    assert.equal(k.expiresAt, new Date(clock.now() + 24 * HOUR).toISOString());
    assert.equal((await h.request({ url: '/v1/pets', headers: bearer(k.key) })).statusCode, 200);
    clock.advance(24 * HOUR - 1);
    assert.equal((await h.request({ url: '/v1/pets', headers: bearer(k.key) })).statusCode, 200);
    clock.advance(1);
    const refused = await h.request({ url: '/v1/pets', headers: bearer(k.key) });
    assert.equal(refused.statusCode, 401);
    const unknown = await h.request({ url: '/v1/pets', headers: bearer(`${k.key.slice(0, -6)}AAAAAA`) });
    assert.equal(refused.body.replace(/"requestId":"[^"]*"/, ''), unknown.body.replace(/"requestId":"[^"]*"/, ''));
    assert.equal(refused.headers['www-authenticate'], unknown.headers['www-authenticate']);
    await signIn();
    const listed = (await c.call({ url: keysUrl() })).json() as Listed[];
    assert.equal(listed.find((x) => x.id === k.id)?.expiresAt, k.expiresAt);
    assert.equal(
      (await c.call({ method: 'POST', url: `${keysUrl()}/${k.id}/roll`, payload: {} })).statusCode,
      404,
      'an expired key cannot be rolled',
    );
  });

  test('rolling: a new key with the same name and scope, shown once; the old one works until the overlap ends, then 401', async () => {
    await signIn();
    const old = await create({ name: 'ci', scope: 'read' });
    assert.equal((await h.request({ url: '/v1/pets', headers: bearer(old.key) })).statusCode, 200);
    const res = await c.call({ method: 'POST', url: `${keysUrl()}/${old.id}/roll`, payload: { expiresInHours: 2 } });
    assert.equal(res.statusCode, 201, res.body);
    const rolled = res.json() as Rolled;
    assert.notEqual(rolled.id, old.id);
    assert.deepEqual([rolled.name, rolled.scope], ['ci', 'read']);
    assert.deepEqual(rolled.replaces, { id: old.id, expiresAt: new Date(clock.now() + 2 * HOUR).toISOString() });
    assert.ok(!(await c.call({ url: keysUrl() })).body.includes(rolled.key), 'the listing never holds the secret');
    for (const key of [old.key, rolled.key]) assert.equal((await h.request({ url: '/v1/pets', headers: bearer(key) })).statusCode, 200);
    clock.advance(2 * HOUR);
    assert.equal((await h.request({ url: '/v1/pets', headers: bearer(old.key) })).statusCode, 401);
    assert.equal((await h.request({ url: '/v1/pets', headers: bearer(rolled.key) })).statusCode, 200);
    await signIn();
    const audit = (await c.call({ url: `/api/v1/projects/${slug}/audit` })).json() as { action: string; target: string }[];
    assert.ok(audit.some((e) => e.action === 'key.roll' && e.target === old.id));
    // Default overlap 24 h; out of range is 400; another project's key is 404.
    const next = (await c.call({ method: 'POST', url: `${keysUrl()}/${rolled.id}/roll`, payload: {} })).json() as Rolled;
    assert.equal(next.replaces.expiresAt, new Date(clock.now() + 24 * HOUR).toISOString());
    assert.equal((await c.call({ method: 'POST', url: `${keysUrl()}/${next.id}/roll`, payload: { expiresInHours: 169 } })).statusCode, 400);
    const foreign = ok(await h.app.keys.create(OPERATOR, h.project, 'not yours'));
    assert.equal((await c.call({ method: 'POST', url: `${keysUrl()}/${foreign.id}/roll`, payload: {} })).statusCode, 404);
  });

  test('a key rolled with no overlap stops on another instance within its key cache time (at most 5 s)', async () => {
    const other: App = await buildApp({ config: h.app.config, storage: h.storage, clock });
    try {
      await signIn();
      const old = await create({ name: 'fleet' });
      assert.equal((await other.inject({ url: '/v1/pets', headers: bearer(old.key) })).statusCode, 200, 'cached by the other instance');
      const res = await c.call({ method: 'POST', url: `${keysUrl()}/${old.id}/roll`, payload: { expiresInHours: 0 } });
      assert.equal(res.statusCode, 201);
      assert.equal((await h.request({ url: '/v1/pets', headers: bearer(old.key) })).statusCode, 401, 'at once where it was rolled');
      assert.ok(h.app.config.keyCacheTtlMs <= 5000);
      clock.advance(h.app.config.keyCacheTtlMs);
      assert.equal((await other.inject({ url: '/v1/pets', headers: bearer(old.key) })).statusCode, 401, 'and on the other instance');
      assert.equal((await other.inject({ url: '/v1/pets', headers: bearer((res.json() as Rolled).key) })).statusCode, 200);
    } finally {
      await other.close();
    }
  });
});

interface ListedKey {
  id: string;
  name: string | null;
  hint: string;
  expiresAt: string | null;
  revokedAt: string | null;
  replacedBy: { id: string; hint: string; rolledAt: string } | null;
  replaces: { id: string; hint: string } | null;
}

describeEachEngine('API key rolls: once per key, the expiry rule kept, the list saying which replaced which', () => {
  const clock = manualClock(Date.UTC(2027, 5, 1, 8));
  let h: Harness;
  let c: ManagementClient;
  let slug: string;
  let member: { email: string; password: string };
  const signIn = async () => assert.equal((await c.signIn(member.email, member.password)).statusCode, 200);
  const keysUrl = () => `/api/v1/projects/${slug}/keys`;
  const roll = (id: string, payload: Record<string, unknown> = {}) => c.call({ method: 'POST', url: `${keysUrl()}/${id}/roll`, payload });
  const listed = async () => (await c.call({ url: keysUrl() })).json() as ListedKey[];

  before(async () => {
    h = await harness({ clock });
    slug = (await h.newProject('pro')).project;
    member = await createPerson(h.app, `rolls-${randomBytes(4).toString('hex')}@example.test`);
    ok(await h.app.accounts.addMember(OPERATOR, slug, member.email));
    c = await ManagementClient.on(h.app);
    await signIn();
  });
  after(() => h.close());

  test('a key that expires gives its successor the same lifetime, counted from the roll; one that never expires, none', async () => {
    await signIn();
    const old = (await c.call({ method: 'POST', url: keysUrl(), payload: { name: 'ninety', expiresInDays: 90 } })).json() as Created;
    clock.advance(80 * 24 * HOUR);
    await signIn();
    const res = await roll(old.id, { expiresInHours: 48 });
    assert.equal(res.statusCode, 201, res.body);
    const rolled = res.json() as Rolled;
    assert.equal(rolled.expiresAt, new Date(clock.now() + 90 * 24 * HOUR).toISOString(), 'valid 90 days from the roll');
    assert.equal(rolled.replaces.expiresAt, new Date(clock.now() + 48 * HOUR).toISOString());
    // Rolled near its end, the old key still stops when it was to expire.
    clock.advance(89 * 24 * HOUR + 12 * HOUR);
    await signIn();
    const late = (await roll(rolled.id, { expiresInHours: 168 })).json() as Rolled;
    assert.equal(late.replaces.expiresAt, rolled.expiresAt);
    assert.equal(late.expiresAt, new Date(clock.now() + 90 * 24 * HOUR).toISOString(), 'and the chain keeps the rule');
    const forever = (await c.call({ method: 'POST', url: keysUrl(), payload: { name: 'forever' } })).json() as Created;
    const next = (await roll(forever.id)).json() as Rolled;
    assert.equal(next.expiresAt, null);
  });

  test('a key is rolled once: again during its overlap or after it is 409 key_already_rolled naming the key that replaced it', async () => {
    await signIn();
    const old = (await c.call({ method: 'POST', url: keysUrl(), payload: { name: 'once' } })).json() as Created;
    const first = (await roll(old.id, { expiresInHours: 1 })).json() as Rolled;
    const again = await roll(old.id);
    assert.equal(again.statusCode, 409);
    const problem = again.json() as { code: string; message: string };
    assert.equal(problem.code, 'key_already_rolled');
    assert.ok(problem.message.includes(first.id), problem.message);
    clock.advance(2 * HOUR);
    await signIn();
    assert.equal((await roll(old.id)).statusCode, 409, 'after the overlap too');
    assert.equal((await roll(first.id)).statusCode, 201, 'the successor rolls');
    const result = await h.app.keys.roll(OPERATOR, slug, old.id);
    assert.ok(result instanceof DomainError && result.code === 'key_already_rolled');
  });

  test('of several rolls of one key at once exactly one succeeds, on any engine; the rest are key_already_rolled', async () => {
    for (let round = 0; round < 3; round++) {
      const old = ok(await h.app.keys.create(OPERATOR, slug, `concurrent ${String(round)}`));
      const results = await Promise.all(Array.from({ length: 6 }, () => h.app.keys.roll(OPERATOR, slug, old.id, 1)));
      const won = results.filter((r) => !(r instanceof DomainError));
      assert.equal(won.length, 1, `round ${String(round)}: ${String(won.length)} successors`);
      assert.deepEqual(
        results.filter((r) => r instanceof DomainError).map((r) => (r as DomainError).code),
        Array.from({ length: 5 }, () => 'key_already_rolled'),
      );
      const mine = ok(await h.app.keys.list(slug)).filter((k) => k.name === `concurrent ${String(round)}`);
      assert.equal(mine.length, 2, 'the key and exactly one successor');
      assert.equal(mine.find((k) => k.id === old.id)?.replacedBy?.id, (won[0] as { id: string }).id);
    }
    // Over HTTP, at once: one 201, the others 409.
    await signIn();
    const old = (await c.call({ method: 'POST', url: keysUrl(), payload: { name: 'http at once' } })).json() as Created;
    const statuses = (await Promise.all(Array.from({ length: 4 }, () => roll(old.id)))).map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409]);
  });

  test('the list says which key replaced which, when the rolled one stops, and that a revoked rolled key cannot be rolled', async () => {
    await signIn();
    const old = (await c.call({ method: 'POST', url: keysUrl(), payload: { name: 'listed' } })).json() as Created;
    const rolledAt = new Date(clock.now()).toISOString();
    const rolled = (await roll(old.id, { expiresInHours: 6 })).json() as Rolled;
    const keys = await listed();
    const before = keys.find((k) => k.id === old.id);
    const after = keys.find((k) => k.id === rolled.id);
    assert.deepEqual(before?.replacedBy, { id: rolled.id, hint: secretHint(rolled.key), rolledAt });
    assert.equal(before?.expiresAt, new Date(clock.now() + 6 * HOUR).toISOString());
    assert.deepEqual(after?.replaces, { id: old.id, hint: before?.hint });
    assert.equal(after?.replacedBy, null);
    assert.equal((await c.call({ method: 'DELETE', url: `${keysUrl()}/${old.id}` })).statusCode, 204, 'a rolled key can be stopped early');
    assert.equal((await roll(old.id)).statusCode, 409);
  });
});
