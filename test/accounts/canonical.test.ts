import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { ManagementClient } from '../helpers/management.js';

const PASSWORD = 'correct horse battery staple';
let address = 0;
/** A new client address for each sign-up, so that refusals do not add up to the sign-up throttle. */
const from = () => `10.38.${String(Math.floor(++address / 250))}.${String((address % 250) + 1)}`;

describeEachEngine('one address, one account: emails in canonical form; weak passwords judged normalised', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { signup: 'open' } });
  });
  after(async () => {
    await h.close();
  });

  test('a trailing dot, fullwidth letters, upper case and a Unicode domain name the account already made; sign-in takes every form', async () => {
    const c = await ManagementClient.on(h.app);
    const name = `alice-${randomBytes(3).toString('hex')}`;
    const created = await c.signUp(`${name}@Bücher.example`, PASSWORD, from());
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().user.email, `${name}@xn--bcher-kva.example`);
    const fullwidth = [...name].map((ch) => (ch === 'a' ? '\uff41' : ch)).join('');
    for (const same of [
      `${name}@bücher.example.`,
      `${name}@xn--bcher-kva.example`,
      `${fullwidth}@BÜCHER.example`,
      ` ${name.toUpperCase()}@bücher.example `,
    ]) {
      const again = await c.signUp(same, PASSWORD, from());
      assert.equal(again.statusCode, 409, `${same}: ${again.body}`);
      assert.equal(again.json().code, 'user_exists');
      const other = await ManagementClient.on(h.app);
      assert.equal((await other.signIn(same, PASSWORD)).statusCode, 200, same);
    }
  });

  test('a Cyrillic letter among Latin ones (local part or domain), or an invisible character, is 400 validation_failed', async () => {
    const c = await ManagementClient.on(h.app);
    const tag = randomBytes(3).toString('hex');
    for (const confusable of [
      `\u0441arol-${tag}@example.com`,
      `carol-${tag}@exampl\u0435.com`,
      `carol-${tag}@xn--exampl-8of.com`,
      `carol\u200b-${tag}@example.com`,
    ]) {
      const res = await c.signUp(confusable, PASSWORD, from());
      assert.equal(res.statusCode, 400, `${JSON.stringify(confusable)}: ${res.body}`);
      assert.equal(res.json().code, 'validation_failed');
      assert.match(res.json().message, /scripts|invisible|domain/);
    }
    // One script throughout is an address like any other.
    const greek = await c.signUp(`\u03b1\u03bb\u03c6\u03b1-${String(Date.now())}@example.com`, PASSWORD, from());
    assert.equal(greek.statusCode, 201, greek.body);
  });

  test('padded, invisible-suffixed, sequence, keyboard-run and repeat passwords are 400 weak_password', async () => {
    const c = await ManagementClient.on(h.app);
    for (const password of [
      'password1234 ',
      'password\u200b\u200b\u200b\u200b',
      '1234567890123456',
      'qwertyuiopasdfghjkl',
      `${' '.repeat(12)}abc`,
      'abcabcabcabcabc',
      'zyxwvutsrqponmlk',
      'password!!!!!!!!',
      '\uff50\uff41\uff53\uff53\uff57\uff4f\uff52\uff441234',
    ]) {
      const res = await c.signUp(`weak-${randomBytes(4).toString('hex')}@example.test`, password, from());
      assert.equal(res.statusCode, 400, `${JSON.stringify(password)}: ${res.body}`);
      assert.equal(res.json().code, 'weak_password', JSON.stringify(password));
    }
  });
});
