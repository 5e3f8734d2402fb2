import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonExact, parseNumber } from '../../src/http/body/json-body.js';

describe('parseNumber', () => {
  test('mathematical integers in any spelling are exact bigints', () => {
    const cases: [string, bigint][] = [
      ['0', 0n],
      ['-0', 0n],
      ['7', 7n],
      ['7.0', 7n],
      ['1e3', 1000n],
      ['70e-1', 7n],
      ['0e-400', 0n],
      ['9007199254740993', 9007199254740993n],
      ['9.007199254740993e15', 9007199254740993n],
      ['9223372036854775807', 9223372036854775807n],
      ['-9.223372036854775808E+18', -9223372036854775808n],
      ['00012', 12n],
    ];
    for (const [text, value] of cases) assert.equal(parseNumber(text), value, text);
  });

  test('non-integers are doubles, and NaN when the nearest double would pass for an integer', () => {
    assert.equal(parseNumber('1.5'), 1.5);
    assert.equal(parseNumber('-0.25'), -0.25);
    for (const text of ['1e-400', '6755399441055743.5', '9007199254740993.5', '1.0000000000000001']) {
      assert.ok(Number.isNaN(parseNumber(text)), text);
    }
  });

  test('magnitudes no int64 can reach are left to the double', () => {
    assert.equal(parseNumber('1e41'), 1e41);
    assert.equal(parseNumber('1e39'), 10n ** 39n);
  });
});

describe('parseJsonExact', () => {
  test('long and exponent literals keep every digit; short ones take the native parser', () => {
    assert.deepEqual(parseJsonExact('{"a":9223372036854775807,"b":[1e3]}'), { a: 9223372036854775807n, b: [1000n] });
    // Once any literal needs it, the whole body takes the exact parser: integers are then all bigints.
    assert.deepEqual(parseJsonExact('{"a":1,"b":9223372036854775807}'), { a: 1n, b: 9223372036854775807n });
    assert.deepEqual(parseJsonExact('[1, -1.5E3]'), [1n, -1500n]);
    assert.deepEqual(parseJsonExact(' 12345678901234567'), 12345678901234567n);
    assert.deepEqual(parseJsonExact('{"x":\n\t-0.12345678901234567}'), { x: Number('-0.12345678901234567') });
    // Digits and exponents inside keys and strings are text: the native parser reads them.
    assert.deepEqual(parseJsonExact('{"a":1,"b":"9223372036854775807"}'), { a: 1, b: '9223372036854775807' });
    assert.deepEqual(parseJsonExact('{"1e":0,"2E":1,"9223372036854775807":2}'), { '1e': 0, '2E': 1, '9223372036854775807': 2 });
    assert.deepEqual(parseJsonExact('{"a":1,"b":"x","c":1.5}'), { a: 1, b: 'x', c: 1.5 });
    assert.deepEqual(parseJsonExact('{"n":123456789012345}'), { n: 123456789012345 });
  });

  test('malformed JSON throws', () => {
    for (const text of ['{', '{"a":}', "{'a':1}", '{"a":1}x', '{"a":1e400x}']) assert.throws(() => parseJsonExact(text), text);
  });
});
