import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../../src/app.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, uniqueSlug, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

/** Milliseconds until `refused` holds, polling every 25 ms, at most 6 s. */
async function delayUntil(refused: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < 6000) {
    if (await refused()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Infinity;
}

describeEachEngine('session and token revocation across instances', () => {
  let h: Harness;
  let other: App;
  before(async () => {
    h = await harness();
    // A second server on the same database, with its own caches.
    other = await buildApp({ config: h.app.config, storage: h.storage });
  });
  after(async () => {
    await other.close();
    await h.close();
  });

  test('a token revoked on instance A is refused by instance B within 5 s; a session signed out on A at once', async (t) => {
    const me = await createPerson(h.app, email('two'));
    const onA = await ManagementClient.on(h.app);
    assert.equal((await onA.signIn(me.email, me.password)).statusCode, 200);
    const slug = uniqueSlug('two');
    assert.equal((await onA.call({ method: 'POST', url: '/api/v1/projects', payload: { slug } })).statusCode, 201);
    const created = (await onA.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'two instances' } })).json() as {
      id: string;
      token: string;
    };
    const onB = await ManagementClient.on(other);
    const viaToken = () => onB.call({ url: `/api/v1/projects/${slug}`, headers: { authorization: `Bearer ${created.token}` } });
    assert.equal((await viaToken()).statusCode, 200, 'B accepts the token (and now caches it)');

    assert.equal((await onA.call({ method: 'DELETE', url: `/api/v1/tokens/${created.id}` })).statusCode, 204);
    const tokenDelay = await delayUntil(async () => (await viaToken()).statusCode === 401);
    assert.ok(tokenDelay <= 5000, `token refused by B after ${String(tokenDelay)} ms`);

    onB.cookie = onA.cookie;
    onB.csrfToken = onA.csrfToken;
    assert.equal((await onB.call({ url: '/api/v1/session' })).statusCode, 200, 'B accepts the session started on A');
    assert.equal((await onA.call({ method: 'DELETE', url: '/api/v1/session' })).statusCode, 204);
    const sessionDelay = await delayUntil(async () => (await onB.call({ url: '/api/v1/session' })).statusCode === 401);
    assert.ok(sessionDelay <= 5000, `session refused by B after ${String(sessionDelay)} ms`);
    t.diagnostic(
      `revocation seen by instance B after: token ${tokenDelay.toFixed(0)} ms (KEY_CACHE_TTL_MS ${String(h.app.config.keyCacheTtlMs)}), session ${sessionDelay.toFixed(0)} ms`,
    );
  });
});
