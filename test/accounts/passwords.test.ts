import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.js';
import {
  decoyHash,
  derivationsInProgress,
  hashPassword,
  MAX_CONCURRENT_DERIVATIONS,
  scryptParams,
  verifyPassword,
} from '../../src/accounts/passwords.js';
import { openAccountRepository } from '../../src/accounts/repository.js';
import { loadConfig } from '../../src/config.js';
import { harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

/** The N a stored hash was made with (`scrypt$N$r$p$salt$hash`). */
const storedN = async (h: { storage: { database: Parameters<typeof openAccountRepository>[0] } }, email: string) => {
  const user = await openAccountRepository(h.storage.database).findUserByEmail(email);
  assert.ok(user, email);
  return Number(user.passwordHash.split('$')[1]);
};

describe('password hashing: PASSWORD_HASH_COST', () => {
  test('by default a new password is hashed with scrypt N=2^17, r=8, p=1, and signs in', async () => {
    const h = await harness({ config: { passwordHashCost: loadConfig({}).passwordHashCost } });
    try {
      const me = await createPerson(h.app, 'default-cost@example.test');
      const user = await openAccountRepository(h.storage.database).findUserByEmail(me.email);
      assert.match(user?.passwordHash ?? '', /^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      assert.equal((await (await ManagementClient.on(h.app)).signIn(me.email, me.password)).statusCode, 200);
    } finally {
      await h.close();
    }
  });

  test('hashes made at one cost keep verifying after the setting changes; new ones take the new cost', async () => {
    const h = await harness({ config: { passwordHashCost: 14 } });
    const raised = await buildApp({ config: { ...h.app.config, passwordHashCost: 15 }, storage: h.storage });
    try {
      const early = await createPerson(h.app, 'made-at-14@example.test');
      assert.equal(await storedN(h, early.email), 2 ** 14);
      const late = await createPerson(raised, 'made-at-15@example.test');
      assert.equal(await storedN(h, late.email), 2 ** 15);
      // Each app signs in people whose hashes were made at the other cost; a wrong password stays wrong.
      for (const app of [h.app, raised]) {
        for (const person of [early, late]) {
          const c = await ManagementClient.on(app);
          assert.equal(
            (await c.signIn(person.email, person.password)).statusCode,
            200,
            `${person.email} on cost ${String(app.config.passwordHashCost)}`,
          );
          assert.equal((await c.signIn(person.email, `${person.password}x`)).statusCode, 401);
        }
      }
    } finally {
      await raised.close();
      await h.close();
    }
  });

  test('the decoy hash has the current cost and matches no password, and two decoys differ', async () => {
    const decoy = decoyHash(scryptParams(14));
    assert.match(decoy, /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    assert.equal(await verifyPassword('', decoy), false);
    assert.equal(await verifyPassword('any password at all', decoy), false);
    assert.notEqual(decoyHash(scryptParams(14)), decoy);
  });

  test(`at most ${String(MAX_CONCURRENT_DERIVATIONS)} derivations run at once; the others wait their turn and all finish`, async () => {
    const params = scryptParams(14);
    /** The most derivations running, and waiting, at any turn of the event loop while `work` runs. */
    const peaks = async <T>(work: () => Promise<T>) => {
      const peak = { running: 0, waiting: 0 };
      let done = false;
      const watch = (async () => {
        while (!done) {
          const now = derivationsInProgress();
          peak.running = Math.max(peak.running, now.running);
          peak.waiting = Math.max(peak.waiting, now.waiting);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const result = await work();
      done = true;
      await watch;
      return { result, peak };
    };
    assert.equal(MAX_CONCURRENT_DERIVATIONS, 2);
    assert.deepEqual(derivationsInProgress(), { running: 0, waiting: 0 });
    const passwords = ['one password 1', 'two password 2', 'three password 3', 'four password 4', 'five password 5'];
    const hashing = await peaks(() => Promise.all(passwords.map((p) => hashPassword(p, params))));
    assert.deepEqual(hashing.peak, { running: 2, waiting: 3 }, 'two ran, three waited, none was refused');
    const hashes = hashing.result;
    // Verifications (sign-ins) share the bound: the right password of each, and a wrong one.
    const checking = await peaks(() =>
      Promise.all([
        ...hashes.map((stored, i) => verifyPassword(passwords[i] ?? '', stored)),
        verifyPassword('not any of them', hashes[0] ?? ''),
      ]),
    );
    assert.deepEqual(checking.peak, { running: 2, waiting: 4 });
    assert.deepEqual(checking.result, [true, true, true, true, true, false]);
    assert.deepEqual(derivationsInProgress(), { running: 0, waiting: 0 });
  });
});
