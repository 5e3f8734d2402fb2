import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { KEY_PREFIX, generateKeyId, generateSecret, hashSecret, isWellFormedSecret, secretHint } from '../../src/keys/key-format.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('key format', () => {
  test('a secret is psk_ and 38 base62 characters, and is well formed', () => {
    for (let i = 0; i < 200; i++) {
      const s = generateSecret();
      assert.match(s, /^psk_[0-9A-Za-z]{38}$/);
      assert.ok(s.startsWith(KEY_PREFIX));
      assert.ok(isWellFormedSecret(s), s);
    }
  });

  test('any single changed character, in the random part or the checksum, is refused', () => {
    const s = generateSecret();
    for (let i = KEY_PREFIX.length; i < s.length; i++) {
      const other = ALPHABET[(ALPHABET.indexOf(s[i] ?? '0') + 1) % 62] ?? '0';
      const changed = s.slice(0, i) + other + s.slice(i + 1);
      assert.equal(isWellFormedSecret(changed), false, `position ${String(i)}`);
    }
  });

  test('wrong prefix, length or alphabet is refused', () => {
    const s = generateSecret();
    for (const bad of ['', KEY_PREFIX, `psx_${s.slice(4)}`, s.slice(0, -1), `${s}0`, `${s.slice(0, -1)}-`, ` ${s}`, s.toUpperCase()]) {
      assert.equal(isWellFormedSecret(bad), false, bad);
    }
  });

  test('characters are spread over the whole alphabet', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 500; i++) for (const c of generateSecret().slice(4, 36)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 62);
    // 16 000 characters: each expected 258 times; a biased generator falls far outside this band.
    for (const [c, n] of counts) assert.ok(n > 170 && n < 360, `${c}: ${String(n)}`);
  });

  test('the stored hash is SHA-256 of the secret: 32 bytes, deterministic, distinct per secret', () => {
    const s = generateSecret();
    assert.equal(hashSecret(s).length, 32);
    assert.deepEqual(hashSecret(s), hashSecret(s));
    assert.notDeepEqual(hashSecret(s), hashSecret(generateSecret()));
    assert.equal(hashSecret('abc').toString('hex'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('key ids and hints show nothing secret', () => {
    assert.match(generateKeyId(), /^key_[0-9A-Za-z]{16}$/);
    const s = generateSecret();
    assert.equal(secretHint(s), `${s.slice(0, 8)}…`);
  });
});
