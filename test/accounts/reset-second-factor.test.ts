import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';
import { openAppStorage } from '../../src/features.js';
import { TEST_PASSWORD_HASH_COST } from '../helpers/hash-cost.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { runCli, tempDatabase } from '../helpers/processes.js';
import { SoftAuthenticator } from '../helpers/webauthn.js';

test('petstore users reset-second-factor EMAIL: a locked-out person signs in with their password again; audited as the operator', async () => {
  const db = tempDatabase();
  const storage = await openAppStorage({ databaseUrl: db.url, databasePoolSize: 1 });
  const app = await buildApp({ config: defaultConfig({ databaseUrl: db.url, passwordHashCost: TEST_PASSWORD_HASH_COST }), storage });
  try {
    const me = await createPerson(app, `locked-${randomBytes(4).toString('hex')}@example.test`);
    const c = await ManagementClient.on(app);
    await c.signIn(me.email, me.password);
    const { secret } = (await c.call({ method: 'POST', url: '/api/v1/me/totp' })).json() as { secret: string };
    assert.equal(
      (await c.call({ method: 'POST', url: '/api/v1/me/totp/confirm', payload: { code: await generate({ secret }) } })).statusCode,
      200,
    );
    const authenticator = new SoftAuthenticator('http://localhost:80');
    const options = (await c.call({ method: 'POST', url: '/api/v1/me/passkeys/options' })).json() as {
      challenge: string;
      rp: { id?: string };
    };
    const added = await c.call({
      method: 'POST',
      url: '/api/v1/me/passkeys',
      payload: { name: 'Lost phone', response: authenticator.register(options) },
    });
    assert.equal(added.statusCode, 201, added.body);
    assert.equal((await c.signIn(me.email, me.password)).json().code, 'second_factor_required', 'locked out without the phone');

    const unknown = await runCli(['users', 'reset-second-factor', 'nobody@example.test'], db.url);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /not_found/);
    const reset = await runCli(['users', 'reset-second-factor', me.email.toUpperCase(), '--json'], db.url);
    assert.equal(reset.code, 0, reset.stderr);
    assert.deepEqual(JSON.parse(reset.stdout), { email: me.email, totp: true, passkeys: 1 });

    const again = await ManagementClient.on(app);
    assert.equal((await again.signIn(me.email, me.password)).statusCode, 200, 'a password alone again');
    assert.deepEqual((await again.call({ url: '/api/v1/me/passkeys' })).json(), []);
    const log = (await again.call({ url: '/api/v1/me/security-log' })).json() as {
      action: string;
      actor: { type: string };
      target: string;
    }[];
    const entry = log.find((e) => e.action === 'second_factor.reset');
    assert.deepEqual([entry?.actor.type, entry?.target], ['operator', 'authenticator app, 1 passkey']);
  } finally {
    await app.close();
    await storage.close();
    db.cleanup();
  }
});
