import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { SecretBox, SecretDecryptError } from '../../src/domains/acme/key-sealing.js';

const SECRET = 'correct horse battery staple 42';
const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function refusal(fn: () => unknown, reason: string): void {
  assert.throws(fn, (e: unknown) => e instanceof SecretDecryptError && e.reason === reason);
}

function flip(envelope: string, part: number): string {
  const parts = envelope.split('.');
  const bytes = Buffer.from(parts[part] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secrets at rest (AES-256-GCM under SECRETS_KEY)', () => {
  const box = new SecretBox(SECRET);

  test('a private key round-trips, and the envelope does not contain it', () => {
    const envelope = box.encrypt(pem, 'www.shop.test');
    assert.match(envelope, /^v1\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    assert.ok(!envelope.includes('PRIVATE KEY'));
    assert.equal(box.decrypt(envelope, 'www.shop.test'), pem);
    assert.notEqual(box.encrypt(pem, 'www.shop.test'), envelope, 'a fresh IV every time');
    assert.equal(new SecretBox(SECRET).decrypt(envelope, 'www.shop.test'), pem, 'another process with the same key');
  });

  test('any altered byte (ciphertext, IV or tag) fails loudly', () => {
    const envelope = box.encrypt(pem, 'www.shop.test');
    refusal(() => box.decrypt(flip(envelope, 3), 'www.shop.test'), 'tampered');
    refusal(() => box.decrypt(flip(envelope, 2), 'www.shop.test'), 'tampered');
    refusal(() => box.decrypt(flip(envelope, 4), 'www.shop.test'), 'tampered');
  });

  test('an envelope moved to another domain does not decrypt', () => {
    refusal(() => box.decrypt(box.encrypt(pem, 'www.shop.test'), 'evil.test'), 'tampered');
  });

  test('a different SECRETS_KEY is refused as unknown, not decrypted to garbage', () => {
    const other = new SecretBox('a completely different secret');
    refusal(() => other.decrypt(box.encrypt(pem, 'a.test'), 'a.test'), 'unknown_key');
  });

  test('malformed envelopes are refused', () => {
    refusal(() => box.decrypt('not an envelope', 'a.test'), 'malformed');
    refusal(() => box.decrypt(box.encrypt(pem, 'a.test').replace(/^v1/, 'v9'), 'a.test'), 'malformed');
    const [v, id, , body, tag] = box.encrypt(pem, 'a.test').split('.');
    refusal(() => box.decrypt([v, id, 'AAAA', body, tag].join('.'), 'a.test'), 'malformed');
  });

  test('rotation: the new key decrypts rows written under a previous one and marks them', () => {
    const old = box.encrypt(pem, 'a.test');
    const rotated = new SecretBox('the next secrets key, longer', [SECRET]);
    assert.equal(rotated.decrypt(old, 'a.test'), pem);
    assert.ok(rotated.needsRotation(old));
    const fresh = rotated.encrypt(pem, 'a.test');
    assert.ok(!rotated.needsRotation(fresh));
    refusal(() => box.decrypt(fresh, 'a.test'), 'unknown_key');
  });

  test('a short SECRETS_KEY is refused at construction', () => {
    assert.throws(() => new SecretBox('short'), /at least 16 characters/);
  });
});
