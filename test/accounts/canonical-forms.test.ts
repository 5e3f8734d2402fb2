import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isCommonPassword } from '../../src/accounts/common-passwords.js';
import { emailProblem, normaliseEmail } from '../../src/accounts/email.js';
import { generatePassword } from '../../src/accounts/passwords.js';
import { passwordWeakness } from '../../src/accounts/service.js';

const PASSWORD = 'correct horse battery staple';

test('canonical form and checks, without storage', () => {
  assert.equal(normaliseEmail(' Alice@Example.COM. '), 'alice@example.com');
  assert.equal(normaliseEmail('bob@例え.テスト'), 'bob@xn--r8jz45g.xn--zckzah');
  assert.equal(emailProblem('bob@例え.テスト'), null);
  assert.equal(emailProblem('not-an-email'), 'it is not an email address');
  // NUL is refused in any JSON string by the API (400 validation_failed); here the checks themselves.
  assert.equal(emailProblem('carol@example\u0000.com'), 'it contains control or invisible characters');
  assert.equal(passwordWeakness('password\u0000\u0000\u0000\u0000', 'carol@example.com')?.code, 'weak_password');
  assert.equal(
    passwordWeakness(`${' '.repeat(12)}abc`, 'carol@example.com')?.message,
    'The password is too weak: it needs at least 12 characters.',
  );
  for (const good of [PASSWORD, 'Tr0ub4dor&3-horse', 'a quiet walk by the river', generatePassword(), generatePassword()])
    assert.equal(isCommonPassword(good), false, good);
});
