import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ErrorObject } from 'ajv';
import type { FastifySchema } from 'fastify';
import { MAX_FIELD_CHARS, toApiError } from '../../src/http/errors/error-handler.js';
import { ApiError, MAX_DETAILS } from '../../src/http/errors/errors.js';
import { parseJsonExact } from '../../src/http/body/json-body.js';
import { createAjv, runtimeSchema, validatorCompiler } from '../../src/http/body/validation.js';
import { NewPetSchema } from '../../src/pets/schemas.js';
import { harness, type Harness } from '../helpers/harness.js';

interface ErrorBody {
  code: string;
  message: string;
  status: number;
  details: { in: string; field: string; message: string }[];
}

describe('a validation error reports at most 10 problems and echoes a bounded part of the input', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const post = async (payload: string) => {
    const res = await h.request({ method: 'POST', url: '/v1/pets', headers: { ...h.auth, 'content-type': 'application/json' }, payload });
    assert.equal(res.statusCode, 400, res.body);
    return { bytes: Buffer.byteLength(res.body), body: res.json<ErrorBody>() };
  };

  test('a 14.7 KB body of 2,000 unknown fields gets a 400 under 4 KB that says how many more there were', async () => {
    const payload = JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [i.toString(36), 0])));
    assert.ok(payload.length > 14_000 && payload.length < 16_384, String(payload.length));
    const { bytes, body } = await post(payload);
    assert.ok(bytes < 4096, `a ${String(bytes)}-byte answer`);
    assert.equal(body.code, 'validation_failed');
    assert.equal(body.details.length, MAX_DETAILS);
    // name and categoryId are missing, and 2,000 fields are unknown: 2,002 fields with problems.
    assert.deepEqual(
      body.details.slice(0, 3).map((d) => [d.field, d.message]),
      [
        ['name', 'is required'],
        ['categoryId', 'is required'],
        ['0', 'is not an allowed field'],
      ],
    );
    assert.match(body.message, /; and 1992 more fields with problems\.$/);
  });

  test('a long field name is echoed cut to 64 characters, never splitting a character', async () => {
    const long = '🐕'.repeat(3000);
    const { bytes, body } = await post(JSON.stringify({ name: 'Rex', categoryId: 1, [long]: 1 }));
    const field = body.details[0]?.field ?? '';
    assert.equal(field, `${'🐕'.repeat(MAX_FIELD_CHARS)}…`);
    assert.ok(field.isWellFormed());
    assert.ok(bytes < 1024, `a ${String(bytes)}-byte answer`);
  });

  test('the worst case, many long names of characters JSON escapes, stays far below the body', async () => {
    // Each name is 64+ control characters, each escaped to six bytes in the answer.
    const fields = Array.from({ length: 40 }, (_, i) => [`${String.fromCharCode(1).repeat(64)}${String(i)}`, 0]);
    const payload = JSON.stringify(Object.fromEntries(fields));
    const { bytes, body } = await post(payload);
    assert.equal(body.details.length, MAX_DETAILS);
    assert.ok(
      bytes < 10_000 && bytes < Buffer.byteLength(payload),
      `a ${String(bytes)}-byte answer to a ${String(payload.length)}-byte body`,
    );
  });

  test('problems found before schema validation (strings that cannot be stored) are bounded the same way', async () => {
    const fields = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${String(i)}`, 'a\u0000b']));
    const { bytes, body } = await post(JSON.stringify({ name: 'Rex', categoryId: 1, ...fields }));
    assert.equal(body.details.length, MAX_DETAILS);
    assert.match(body.message, /; and 490 more fields with problems\.$/);
    assert.ok(bytes < 4096, `a ${String(bytes)}-byte answer`);
  });

  test('up to 10 problems are all reported, with no count of more', async () => {
    const { body } = await post(JSON.stringify({ name: 'Rex', categoryId: 1, a: 1, b: 2 }));
    assert.deepEqual(
      body.details.map((d) => d.field),
      ['a', 'b'],
    );
    assert.doesNotMatch(body.message, /more/);
  });
});

test('a body with many unknown fields is answered as if every one had been validated', () => {
  // The validator checks the known fields and the first 10 unknown ones and counts the rest; Ajv over the
  // whole body is the reference. Both answers are compared: the message (with its count) and the details.
  const bounded = validatorCompiler()({ schema: NewPetSchema as FastifySchema, httpPart: 'body', method: 'POST', url: '/v1/pets' }) as ((
    data: unknown,
  ) => boolean) & { errors?: ErrorObject[] | null };
  const whole = createAjv().compile(runtimeSchema(NewPetSchema) as object);
  const answer = (errors: ErrorObject[] | null | undefined) => {
    const e = toApiError(Object.assign(new Error('invalid'), { validation: errors ?? [], validationContext: 'body' }));
    return { message: e.message, details: e.details };
  };
  const value = fc.oneof(
    fc.constant(0),
    fc.constant('Rex'),
    fc.constant(''),
    fc.constant(null),
    fc.constant(12345678901234567890n),
    fc.constant([1]),
  );
  const key = fc.oneof(
    fc.constantFrom('name', 'categoryId', 'status', 'id', '__proto__', 'constructor', '0', '7', '4294967295', '-1', 'a.b', 'x/y', '~'),
    fc.nat({ max: 5000 }).map((n) => n.toString(36)),
    fc.string({ maxLength: 6 }),
  );
  fc.assert(
    fc.property(fc.uniqueArray(fc.tuple(key, value), { maxLength: 60, selector: ([k]) => k }), (entries) => {
      const text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${typeof v === 'bigint' ? v.toString() : JSON.stringify(v)}`).join(',')}}`;
      const ok = bounded(parseJsonExact(text));
      const reference = whole(parseJsonExact(text));
      assert.equal(ok, reference);
      if (!ok) assert.deepEqual(answer(bounded.errors), answer(whole.errors));
    }),
    { numRuns: 400 },
  );
});

test('a 4xx ApiError carries no stack trace; a 5xx keeps its own', () => {
  const frames = (e: Error) => (e.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at ')).length;
  assert.equal(frames(new ApiError('validation_failed')), 0);
  assert.equal(frames(new ApiError('rate_limited')), 0);
  assert.ok(frames(new ApiError('internal_error')) > 0);
  assert.ok(frames(new Error('after')) > 0, 'the stack trace limit is restored');
});
