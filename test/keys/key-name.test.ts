import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OPERATOR } from '../../src/audit/actor.js';
import { DomainError } from '../../src/errors/domain-error.js';
import { keyNameError, printableName } from '../../src/keys/key-name.js';
import { harness, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

describe('a key name', () => {
  test('refused with a control character (line feed, carriage return, tab, escape, DEL, C1), a line separator or a bidi control', () => {
    for (const name of [
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u001b[2Jb',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
      'a\u2029b',
      'a\u202eb',
      'a\u2066b',
      '\u0000',
    ]) {
      const error = keyNameError(name);
      assert.ok(error instanceof DomainError, JSON.stringify(name));
      assert.equal(error.code, 'validation_failed');
      assert.deepEqual(
        error.details?.map((d) => [d.in, d.field]),
        [['body', 'name']],
      );
      assert.match(error.message, /^Invalid name: must not contain control characters such as line breaks \(found U\+[0-9A-F]{4}\)\.$/);
    }
    assert.match(keyNameError('a\nb')?.message ?? '', /U\+000A/);
  });

  test('accepted: letters of any script, emoji with their joiners, spaces, punctuation; 1 to 100 characters', () => {
    for (const name of ['mobile app', 'Café – prod', '東京の店', 'shop 👩‍💻 ci', 'a'.repeat(100), '😀'.repeat(100)])
      assert.equal(keyNameError(name), null, name);
    assert.equal(keyNameError('')?.code, 'validation_failed');
    assert.equal(keyNameError('a'.repeat(101))?.code, 'validation_failed');
  });

  test('printed among others: one line, one column; controls, separators, invisible format characters and the backslash escaped', () => {
    assert.equal(printableName(null), '');
    assert.equal(printableName('mobile app'), 'mobile app');
    assert.equal(printableName('ok\nkey_forged\tpsk_x\tadmin'), 'ok\\nkey_forged\\tpsk_x\\tadmin');
    assert.equal(printableName('a\r\u001b[2J\u0085\u2028'), 'a\\r\\u001b[2J\\u0085\\u2028');
    assert.equal(printableName('gpj\u202e.exe'), 'gpj\\u202e.exe');
    assert.equal(printableName('zero\u200bwidth\ufeff'), 'zero\\u200bwidth\\ufeff');
    assert.equal(printableName('back\\nslash'), 'back\\\\nslash', 'a backslash is escaped, so `\\n` in a name is not read as a line break');
    assert.equal(printableName('shop 👩‍💻'), 'shop 👩‍💻', 'joiners stay');
    for (const name of ['x\ny', 'x\u2028y', 'x\ty']) assert.doesNotMatch(printableName(name), /[\n\t\u2028]/);
  });
});

describe('creating a key with such a name', () => {
  let h: Harness;
  let client: ManagementClient;
  before(async () => {
    h = await harness();
    client = await ManagementClient.on(h.app);
    const person = await createPerson(h.app, 'names@example.test', { admin: true });
    assert.equal((await client.signIn(person.email, person.password)).statusCode, 200);
  });
  after(() => h.close());

  test('POST …/keys: 400 validation_failed naming the field; nothing is created', async () => {
    const before = (await client.call({ url: `/api/v1/projects/${h.project}/keys` })).json<unknown[]>().length;
    for (const name of ['line one\nkey_forged\tpsk_x', 'tab\there', 'rtl\u202eexe.jpg']) {
      const res = await client.call({ method: 'POST', url: `/api/v1/projects/${h.project}/keys`, payload: { name } });
      assert.equal(res.statusCode, 400, res.body);
      const body = res.json<{ code: string; message: string; details: { in: string; field: string }[] }>();
      assert.equal(body.code, 'validation_failed');
      assert.match(body.message, /^Invalid name: must not contain control characters/);
      assert.deepEqual(
        body.details.map((d) => [d.in, d.field]),
        [['body', 'name']],
      );
    }
    assert.equal((await client.call({ url: `/api/v1/projects/${h.project}/keys` })).json<unknown[]>().length, before);
    const fine = await client.call({ method: 'POST', url: `/api/v1/projects/${h.project}/keys`, payload: { name: 'mobile app 📱' } });
    assert.equal(fine.statusCode, 201, fine.body);
  });

  test('the service refuses it whoever asks (the CLI calls it too)', async () => {
    const refused = await h.app.keys.create(OPERATOR, h.project, 'a\nb');
    assert.ok(refused instanceof DomainError);
    assert.equal(refused.code, 'validation_failed');
  });
});
