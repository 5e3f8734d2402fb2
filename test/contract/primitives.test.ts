import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { INT64_MAX, INT64_MIN, INT64_NOTE, Int64, isInt64Schema } from '../../src/contract/primitives.js';

describe('int64 primitives', () => {
  test('the bounds are those of a signed 64-bit integer', () => {
    assert.equal(INT64_MAX, 9223372036854775807n);
    assert.equal(INT64_MIN, -9223372036854775808n);
  });

  test('Int64() is an integer of format int64 that says how JSON parsers round it', () => {
    const schema = Int64({ description: 'An id.', examples: [1] });
    assert.ok(isInt64Schema(schema));
    assert.equal(schema.description, `An id. ${INT64_NOTE}`);
    assert.deepEqual(schema.examples, [1]);
    assert.equal('examples' in Int64({ description: 'x' }), false);
    assert.equal(isInt64Schema({ type: 'integer', format: 'int32' }), false);
    assert.equal(isInt64Schema({ type: 'string', format: 'int64' }), false);
  });
});
