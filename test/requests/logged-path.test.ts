import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
// The composition root registers the features' secret prefixes (psk_, pst_).
import '../../src/features.js';
import { generateSecret } from '../../src/keys/key-format.js';
import { fullyDecoded, redactKeys } from '../../src/http/observability/logging.js';
import { loggedPath } from '../../src/requests/recorder.js';
import { propertyOptions } from '../helpers/arbitraries.js';

/** Every character percent-encoded, `times` times over (`p` → `%70` → `%2570` → …). */
const encodeAll = (text: string, times: number) => {
  let out = text;
  for (let i = 0; i < times; i++) out = [...Buffer.from(out)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  return out;
};
/** Only some characters encoded (the ones at even positions), with upper- or lowercase hex digits. */
const encodeSome = (text: string, upper: boolean) =>
  [...text]
    .map((c, i) => (i % 2 === 0 ? `%${c.charCodeAt(0).toString(16)}` : c))
    .join('')
    [upper ? 'toUpperCase' : 'toString']();

describe('the request log redacts decoded forms, whatever the spelling', () => {
  const key = generateSecret();
  const secret = key.slice(4);
  const cursor = 'AbC123_secret-position';

  test('a cursor under any spelling of its name is replaced', () => {
    for (const name of [
      'cursor',
      'CURSOR',
      'Cursor',
      '%63ursor',
      '%63%75rsor',
      '%2563ursor',
      '%252563ursor',
      'cursor+',
      '%43URSOR',
      'c%75rs%6Fr',
    ]) {
      const path = loggedPath(`/v1/pets?limit=1&${name}=${cursor}&status=sold`);
      assert.equal(path, '/v1/pets?limit=1&cursor=…&status=sold', name);
    }
    assert.equal(loggedPath('/v1/pets?cursors=x&xcursor=y'), '/v1/pets?cursors=x&xcursor=y', 'other names are kept');
  });

  test('a key is replaced however often and however partly it was percent-encoded, in names, values and the path', () => {
    const spellings = [
      key,
      key.toUpperCase(),
      `%2570sk_${secret}`,
      `%25%37%30sk_${secret}`,
      encodeAll(key, 1),
      encodeAll(key, 2),
      encodeAll(key, 3),
      encodeSome(key, true),
      encodeSome(key, false),
      `ps%6B_${secret}`,
      `%252570sk_${secret}`,
    ];
    for (const spelled of spellings) {
      for (const url of [`/v1/pets?api_key=${spelled}`, `/v1/pets?${spelled}=1`, `/v1/pets/${spelled}`, `/v1/pets?x=a%26${spelled}`]) {
        const logged = loggedPath(url);
        assert.ok(!logged.includes(secret) && !logged.toLowerCase().includes(secret.toLowerCase()), `${url} → ${logged}`);
        assert.ok(!fullyDecoded(logged, true).toLowerCase().includes(secret.toLowerCase()), `${url} → ${logged} (decoded)`);
        assert.match(logged, /psk_\[redacted\]/, url);
      }
    }
    assert.equal(
      loggedPath(`/v1/pets?limit=5&api_key=%2570sk_${secret}&status=sold`),
      '/v1/pets?limit=5&api_key=psk_[redacted]&status=sold',
    );
  });

  test('parts without a secret are kept as sent', () => {
    for (const url of ['/v1/pets?name=caf%C3%A9&q=a+b', '/v1/pets?x=%ZZ%2', '/v1/pets/%2F..%2F', '/v1/pets?status=available']) {
      assert.equal(loggedPath(url), url);
    }
    assert.equal(redactKeys('api.petstore.test:8080'), 'api.petstore.test:8080');
  });

  test('property: no spelling of a key reaches the logged path', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.boolean()), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('api_key', 'key', 'token', '%6Bey', ''),
        fc.constantFrom('?', '/'),
        (steps, name, where) => {
          // Each step encodes every character (n times), or only some, in turn.
          let spelled = key;
          for (const [times, some] of steps) spelled = some ? encodeSome(spelled, times % 2 === 0) : encodeAll(spelled, times);
          const url = where === '?' ? `/v1/pets?${name}=${spelled}` : `/v1/pets/${spelled}`;
          const logged = loggedPath(url);
          assert.ok(!fullyDecoded(logged, true).toLowerCase().includes(secret.toLowerCase()), `${url} → ${logged}`);
        },
      ),
      propertyOptions(500),
    );
  });
});
