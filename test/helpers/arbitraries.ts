/**
 * fast-check generators for hostile HTTP input, each paired with what a
 * correct server must make of it, so properties can check exact outcomes
 * instead of "anything but a 5xx".
 */
import fc from 'fast-check';
import { generateSecret } from '../../src/keys/key-format.js';

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const BODY_LIMIT = 16 * 1024;

/** Runs/seed for fc.assert: FC_SEED (and FC_PATH) replay a failure that fast-check reported. */
export function propertyOptions<T>(numRuns: number): fc.Parameters<T> {
  const seed = process.env.FC_SEED;
  const path = process.env.FC_PATH;
  return { numRuns, ...(seed ? { seed: Number(seed) } : {}), ...(path ? { path } : {}) };
}

const charOf = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));

/** Text a real HTTP header value can carry: visible ASCII, space and obs-text (Latin-1). */
export const headerText = (maxLength = 60) =>
  fc.string({ unit: fc.oneof({ weight: 8, arbitrary: charOf(0x20, 0x7e) }, { weight: 1, arbitrary: charOf(0xa0, 0xff) }), maxLength });

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// ---------------------------------------------------------------- headers

export interface AuthCase {
  header: string | undefined;
  /** Whether a correct server accepts it as the project's key. */
  valid: boolean;
}

/** Authorization header variants: the valid key in accepted spellings, and many ways to be wrong. */
export function authCases(key: string, revokedKey: string): fc.Arbitrary<AuthCase> {
  const ok = (header: string): AuthCase => ({ header, valid: true });
  const bad = (header: string | undefined): AuthCase => ({ header, valid: false });
  // One character replaced by another (never by itself, and without a filter, so FC_SEED replays exactly).
  const mutated = fc.tuple(fc.integer({ min: 4, max: key.length - 1 }), fc.integer({ min: 1, max: 61 })).map(([i, shift]) => {
    const c = ALPHANUMERIC[(ALPHANUMERIC.indexOf(key[i] ?? '0') + shift) % 62] ?? '0';
    return bad(`Bearer ${key.slice(0, i)}${c}${key.slice(i + 1)}`);
  });
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(ok(`Bearer ${key}`), ok(`bearer ${key}`), ok(`BEARER   ${key}`), ok(`Bearer ${key} `)) },
    {
      weight: 4,
      arbitrary: fc.oneof(
        fc.constantFrom(
          bad(undefined),
          bad(''),
          bad('Bearer'),
          bad('Bearer '),
          bad(`Basic ${Buffer.from(`${key}:`).toString('base64')}`),
          bad(`Token ${key}`),
          bad(key),
          bad(`Bearer ${key}x`),
          bad(`Bearer ${key.slice(0, -1)}`),
          bad(`Bearer ${key.toUpperCase()}`),
          bad(`Bearer "${key}"`),
          bad(`Bearer ${key} ${key}`),
          bad(`Bearer\t${key}`),
          bad(`Bearer ${revokedKey}`),
          bad(`Bearer ${generateSecret()}`),
          bad(`Bearer psk_${'0'.repeat(38)}`),
        ),
        mutated,
        headerText().map((t) => bad(`Bearer ${t}`)),
        headerText().map((t) => bad(t)),
      ),
    },
  );
}

const REQUEST_ID_CHARS = `${ALPHANUMERIC}._:-`;

/** X-Request-Id variants: absent, well-formed (kept by the server), and junk (replaced). */
export const requestIds = (key: string): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.string({ unit: fc.constantFrom(...REQUEST_ID_CHARS), minLength: 1, maxLength: 128 }),
    fc.string({ unit: fc.constantFrom(...REQUEST_ID_CHARS), minLength: 129, maxLength: 200 }),
    headerText(),
    fc.constantFrom('', ' ', 'a b', key, `id-${key}`, '../../etc/passwd', '<script>'),
  );

/** The request id a correct server answers with, given the one sent. */
export function expectedRequestId(sent: string | undefined): RegExp | string {
  if (sent !== undefined && /^[A-Za-z0-9._:-]{1,128}$/.test(sent) && !sent.includes('psk_')) return sent;
  return /^req_[0-9a-f]{32}$/;
}

export type IdempotencyCase = { kind: 'none' } | { kind: 'slot'; slot: 0 | 1 } | { kind: 'invalid'; value: string };

export const idempotencyCases: fc.Arbitrary<IdempotencyCase> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<IdempotencyCase>({ kind: 'none' }) },
  { weight: 4, arbitrary: fc.constantFrom<IdempotencyCase>({ kind: 'slot', slot: 0 }, { kind: 'slot', slot: 1 }) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom('', 'clé', 'ключ', 'tab\tkey', 'x'.repeat(256)),
        fc.string({ unit: charOf(0x20, 0x7e), minLength: 256, maxLength: 300 }),
      )
      .map((value): IdempotencyCase => ({ kind: 'invalid', value })),
  },
);

/** Per-run idempotency key texts: printable ASCII, 1 to 255 characters. */
export const idempotencyKeyTexts = fc.tuple(
  fc.string({ unit: charOf(0x20, 0x7e), minLength: 1, maxLength: 40 }),
  fc.string({ unit: charOf(0x20, 0x7e), minLength: 200, maxLength: 255 }),
);

// ---------------------------------------------------------------- numbers

/** A JSON number literal (or another JSON value) and the int64 it denotes, or null when it is none. */
export interface Int64Literal {
  text: string;
  value: bigint | null;
}

const interesting = [
  0n,
  1n,
  -1n,
  7n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 1n,
  2n ** 52n - 1n,
  INT64_MAX,
  INT64_MIN,
  9n * 10n ** 18n,
  10n ** 18n,
];

export const int64Values: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  fc.bigInt({ min: -1000n, max: 1000n }),
  fc.constantFrom(...interesting),
  // Values with trailing zeros, written exactly with a short mantissa and a large exponent.
  fc.tuple(fc.bigInt({ min: -922n, max: 922n }), fc.integer({ min: 0, max: 16 })).map(([m, e]) => m * 10n ** BigInt(e)),
  fc.tuple(fc.bigInt({ min: 2n ** 52n, max: 2n ** 54n }), fc.boolean()).map(([v, neg]) => (neg ? -v : v)),
);

/** Every way of writing an exact int64 as a JSON number that JSON Schema counts as an integer. */
function exactSpellings(v: bigint): fc.Arbitrary<string> {
  const sign = v < 0n ? '-' : '';
  const digits = (v < 0n ? -v : v).toString();
  const len = digits.length;
  const e = fc.constantFrom('e', 'E', 'e+', 'E+');
  const spellings: fc.Arbitrary<string>[] = [
    fc.constant(v.toString()),
    fc.constantFrom('.0', '.000').map((f) => `${v.toString()}${f}`),
    // d.ddd e N with the decimal point anywhere: 4503599627.370495e6
    fc
      .tuple(fc.integer({ min: 1, max: len }), e)
      .map(([k, ee]) => `${sign}${digits.slice(0, k)}${k < len ? `.${digits.slice(k)}` : ''}${ee}${String(len - k)}`),
  ];
  // Extra zeros paid back by a negative exponent: 70e-1
  if (v !== 0n) spellings.push(fc.integer({ min: 1, max: 3 }).map((z) => `${v.toString()}${'0'.repeat(z)}e-${String(z)}`));
  const trimmed = digits.replace(/0+$/, '');
  if (trimmed.length > 0 && trimmed.length < len) {
    // 9e18, 9.22e18: only the significant digits and an exponent.
    spellings.push(e.map((ee) => `${sign}${trimmed[0] ?? ''}${trimmed.length > 1 ? `.${trimmed.slice(1)}` : ''}${ee}${String(len - 1)}`));
  }
  if (v === 0n) spellings.push(fc.constantFrom('-0', '0.0e5', '-0.0', '0e-400'));
  return fc.oneof(...spellings);
}

/** Number literals that are not an integer: the fraction may be far below what a double can hold. */
function fractionalSpellings(v: bigint): fc.Arbitrary<string> {
  const sign = v < 0n ? '-' : '';
  const digits = (v < 0n ? -v : v).toString();
  const len = digits.length;
  return fc.oneof(
    fc.constantFrom('.5', '.1', '.0000000000000000001', '.999999999999999999').map((f) => `${v.toString()}${f}`),
    fc.integer({ min: 1, max: len }).map((k) => `${sign}${digits.slice(0, k)}.${digits.slice(k)}1e${String(len - k)}`),
    fc.constantFrom('1e-400', '-1e-400', '0.5', '1e-1', '5E-324', '2.5e0'),
  );
}

export const int64Literals: fc.Arbitrary<Int64Literal> = fc.oneof(
  { weight: 6, arbitrary: int64Values.chain((v) => exactSpellings(v).map((text) => ({ text, value: v }))) },
  { weight: 2, arbitrary: int64Values.chain((v) => fractionalSpellings(v).map((text): Int64Literal => ({ text, value: null }))) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.bigInt({ min: INT64_MAX + 1n, max: INT64_MAX * 4n }).chain((v) => exactSpellings(v)),
        fc.bigInt({ min: INT64_MIN * 4n, max: INT64_MIN - 1n }).chain((v) => exactSpellings(v)),
        fc.constantFrom('1e19', '1e400', '-1e400', '1E999999', '99999999999999999999999'),
        fc.integer({ min: 20, max: 16_500 }).map((n) => `1${'0'.repeat(n)}`),
      )
      .map((text): Int64Literal => ({ text, value: null })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('"7"', 'null', 'true', '[]', '{}', '[7]', '"9223372036854775807"', '{"value":7}')
      .map((text): Int64Literal => ({ text, value: null })),
  },
);

// ---------------------------------------------------------------- names

const nameUnits = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(..."abcdefXYZ0189 -_'.") },
  { weight: 2, arbitrary: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\u2028', '\ufeff', '\u200b') },
  // Sequences that NFC changes: decomposed accents, Angstrom sign, Hangul jamo.
  { weight: 2, arbitrary: fc.constantFrom('e\u0301', 'A\u030a', '\u212b', '\u1e9b\u0323', '\u1100\u1161', '\u0301') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: charOf(0xd800, 0xdfff) },
  { weight: 1, arbitrary: fc.constantFrom('🐶', '👨‍👩‍👧', '\u0000', '\u001f', '"', '\\', '/', '\u007f') },
);

export const nameStrings: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(nameUnits, { maxLength: 12 }).map((a) => a.join('')) },
  { weight: 1, arbitrary: fc.array(nameUnits, { minLength: 190, maxLength: 215 }).map((a) => a.join('')) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 195, max: 205 }).chain((n) => fc.constantFrom('a', 'é', 'e\u0301', '🐶', ' ').map((u) => u.repeat(n))),
  },
);

/** What a correct server stores for a name, or null when it must refuse it. */
export function acceptedName(name: string): string | null {
  // U+0000 is refused on every engine because PostgreSQL text cannot hold it.
  if (!name.isWellFormed() || name.includes('\u0000')) return null;
  const nfc = name.normalize('NFC');
  const codePoints = [...nfc].length;
  return codePoints >= 1 && codePoints <= 200 && /\S/u.test(nfc) ? nfc : null;
}

// ---------------------------------------------------------------- bodies

const STATUSES = ['available', 'pending', 'sold'] as const;
export type Status = (typeof STATUSES)[number];

export interface NewPetValue {
  name: string;
  categoryId: bigint;
  status: Status;
}

/** A NewPet-shaped body as fields (key text, value text) plus what a correct server makes of it. */
export interface PetBody {
  fields: [string, string][];
  /** The pet a correct server creates, or null when it must answer 400. */
  pet: NewPetValue | null;
}

/** `"name"` or the same key with escapes: `"n\u0061me"` is the key `name` too. */
const keyText = (key: string) =>
  fc.constantFrom(
    JSON.stringify(key),
    `"${[...key].map((c, i) => (i % 2 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('')}"`,
  );

const utf16Escapes = (c: string) =>
  Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** A JSON string literal for any JS string, lone surrogates included (as \u escapes). */
const stringLiteral = (s: string) =>
  fc.constantFrom(
    JSON.stringify(s),
    `"${[...s].map((c) => (c.charCodeAt(0) < 0x80 && c !== '"' && c !== '\\' && c >= ' ' ? c : utf16Escapes(c))).join('')}"`,
  );

type Slot<T> = { present: false } | { present: true; text: string; value: T | null };

const nameSlot: fc.Arbitrary<Slot<string>> = fc.oneof(
  {
    weight: 12,
    arbitrary: nameStrings.chain((n) => stringLiteral(n).map((text) => ({ present: true as const, text, value: acceptedName(n) }))),
  },
  { weight: 1, arbitrary: fc.constant({ present: false as const }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('5', 'null', 'true', '["Rex"]', '{"first":"Rex"}', '{"__proto__":{"length":1}}', '""')
      .map((text) => ({ present: true as const, text, value: null })),
  },
);

const categorySlot: fc.Arbitrary<Slot<bigint>> = fc.oneof(
  { weight: 12, arbitrary: int64Literals.map((l) => ({ present: true as const, text: l.text, value: l.value })) },
  { weight: 1, arbitrary: fc.constant({ present: false as const }) },
);

const statusSlot: fc.Arbitrary<Slot<Status>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ present: false as const }) },
  { weight: 6, arbitrary: fc.constantFrom(...STATUSES).map((s) => ({ present: true as const, text: JSON.stringify(s), value: s })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('null', '"SOLD"', '""', '"lost"', '1', '["sold"]', '"sold "', '"available\\u0000"', '{"sold":true}')
      .map((text) => ({ present: true as const, text, value: null })),
  },
);

const EXTRA_KEYS = [
  'id',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'Name',
  'category_id',
  'categoryid',
  'status ',
  '',
];

const extraFields = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(...EXTRA_KEYS),
      fc.string({ maxLength: 8 }).filter((k) => !['name', 'categoryId', 'status'].includes(k)),
    ),
    fc.oneof(
      fc.constantFrom('1', 'null', '"x"', '{"name":"Rex","categoryId":1}', '{"polluted":true}', '[]'),
      int64Literals.map((l) => l.text),
    ),
  ),
  { maxLength: 2 },
);

function petBodiesFrom(slots: {
  name: fc.Arbitrary<Slot<string>>;
  categoryId: fc.Arbitrary<Slot<bigint>>;
  status: fc.Arbitrary<Slot<Status>>;
  extras: fc.Arbitrary<[string, string][]>;
}): fc.Arbitrary<PetBody> {
  return fc.record(slots).chain(({ name, categoryId, status, extras }) => {
    const keyed = (key: string, slot: Slot<unknown>) =>
      slot.present ? keyText(key).map((k): [string, string] => [k, slot.text]) : fc.constant(null);
    return fc.tuple(keyed('name', name), keyed('categoryId', categoryId), keyed('status', status)).map(([n, c, s]) => {
      const fields = [n, c, s].filter((f): f is [string, string] => f !== null);
      for (const [k, v] of extras) fields.push([JSON.stringify(k), v]);
      const valid =
        extras.length === 0 &&
        name.present &&
        name.value !== null &&
        categoryId.present &&
        categoryId.value !== null &&
        (!status.present || status.value !== null);
      const pet: NewPetValue | null = valid
        ? {
            name: name.value as string,
            categoryId: categoryId.value as bigint,
            status: status.present ? (status.value as Status) : 'available',
          }
        : null;
      return { fields, pet };
    });
  });
}

/** NewPet-shaped bodies, each field valid or not, sometimes with fields that do not belong. */
export const petBodies: fc.Arbitrary<PetBody> = petBodiesFrom({
  name: nameSlot,
  categoryId: categorySlot,
  status: statusSlot,
  extras: fc.oneof({ weight: 5, arbitrary: fc.constant<[string, string][]>([]) }, { weight: 1, arbitrary: extraFields }),
});

const present = <T>(slot: Slot<T>) => slot.present && slot.value !== null;

/** Bodies a correct server accepts, written in all the ways JSON allows. */
export const validPetBodies: fc.Arbitrary<PetBody> = petBodiesFrom({
  name: nameSlot.filter(present),
  categoryId: categorySlot.filter(present),
  status: statusSlot.filter((s) => !s.present || s.value !== null),
  extras: fc.constant<[string, string][]>([]),
});

/** Renders fields in a given order with whitespace between tokens, padded towards a target size. */
export interface Rendering {
  order: number[];
  spaces: string[];
  /** Total body size in bytes to pad to with whitespace, if any. */
  padTo: number | null;
  padAt: 'start' | 'end' | 'inside';
}

export const renderings: fc.Arbitrary<Rendering> = fc.record({
  order: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  spaces: fc.array(fc.constantFrom('', '', '', ' ', '\n', '\t', '\r\n  '), { minLength: 32, maxLength: 32 }),
  padTo: fc.oneof(
    { weight: 8, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.integer({ min: BODY_LIMIT - 8, max: BODY_LIMIT + 8 }) },
    { weight: 1, arbitrary: fc.integer({ min: BODY_LIMIT - 2000, max: BODY_LIMIT + 4000 }) },
  ),
  padAt: fc.constantFrom('start', 'end', 'inside'),
});

export function render(fields: [string, string][], r: Rendering): string {
  const ordered = fields
    .map((f, i) => ({ f, k: r.order[i % r.order.length] ?? 0 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.f);
  let s = 0;
  const ws = () => r.spaces[s++ % r.spaces.length] ?? '';
  let text = `{${ws()}${ordered.map(([k, v]) => `${k}${ws()}:${ws()}${v}`).join(`${ws()},${ws()}`)}${ws()}}`;
  if (r.padTo !== null) {
    const pad = ' '.repeat(Math.max(0, r.padTo - Buffer.byteLength(text)));
    if (r.padAt === 'start') text = pad + text;
    else if (r.padAt === 'end') text += pad;
    else text = `{${pad}${text.slice(1)}`;
  }
  return text;
}

/** Bodies that are not a NewPet at all: any JSON, broken JSON, deep nesting, invalid UTF-8. */
export const junkBodies: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    '   ',
    '\n',
    '{',
    '{"name":"Rex","categoryId":1,}',
    '{"name":"Rex","categoryId":1}}',
    '{"name":"Rex" "categoryId":1}',
    "{'name':'Rex','categoryId':1}",
    '{"name":"Rex","categoryId":NaN}',
    '{"name":"Rex","categoryId":Infinity}',
    '{"name":"Rex","categoryId":0x10}',
    '{"name":"Rex","categoryId":01}',
    '{"name":"Rex","categoryId":+1}',
    '{"name":"Rex","categoryId":.5}',
    '{"name":"Rex","categoryId":1.}',
    '{"name":"Rex","categoryId":1} // comment',
    '\ufeff{"name":"Rex","categoryId":1}',
    '{"name":"\\ud800","categoryId":1}',
    '{"name":"\\x41","categoryId":1}',
    '{"__proto__":{"name":"Rex","categoryId":1}}',
    '{"__proto__":{"name":"Rex","categoryId":1111111111111111111}}',
    '{"constructor":{"prototype":{"name":"Rex"}},"categoryId":1}',
    'undefined',
    '[{"name":"Rex","categoryId":1}]',
  ),
  // Deep nesting close to the size limit, through both JSON parsers (a 16-digit run selects the exact one).
  fc.tuple(fc.integer({ min: 1, max: 8180 }), fc.constantFrom('[', '{"a":'), fc.boolean()).map(([depth, open, exact]) => {
    const close = open === '[' ? ']' : '}';
    const n = Math.min(depth, Math.floor((BODY_LIMIT - 60) / (open.length + 1)));
    return `{"name":${open.repeat(n)}${open === '[' ? '"x"' : '1'}${close.repeat(n)},"categoryId":${exact ? '1234567890123456' : '1'}}`;
  }),
  // Invalid UTF-8 inside an otherwise valid body.
  fc
    .constantFrom([0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x80], [0xe2, 0x82], [0xf5, 0x80, 0x80, 0x80], [0xff], [0xf0, 0x9f, 0x90])
    .map((bytes) => Buffer.concat([Buffer.from('{"name":"Rex'), Buffer.from(bytes), Buffer.from('","categoryId":1}')])),
);

export type ContentTypeClass = 'json' | 'other' | 'odd' | 'none';

/** Content-Type variants: JSON (accepted), other media types (415), and odd spellings (either way). */
export const contentTypes: fc.Arbitrary<{ value: string | undefined; kind: ContentTypeClass }> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .constantFrom('application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8')
      .map((value) => ({ value, kind: 'json' as const })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=----x',
        'application/xml',
        'text/json',
        'application/jsonx',
        'application/json-patch+json',
        'application/vnd.api+json',
        'application/octet-stream',
        '*/*',
      )
      .map((value) => ({ value, kind: 'other' as const })),
  },
  { weight: 1, arbitrary: fc.constant({ value: undefined, kind: 'none' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          'APPLICATION/JSON',
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          'application/json;',
          ' application/json',
          'application/json, text/plain',
          'json',
          '',
        ),
        headerText(30),
      )
      .map((value) => ({ value, kind: 'odd' as const })),
  },
);

// ---------------------------------------------------------------- query strings and paths

export interface QueryPart {
  text: string;
  /** Name and value as a query parser must decode them, when the text is plainly encoded. */
  decoded: { name: string; value: string } | null;
}

/** Junk percent-encoding: truncated escapes, invalid UTF-8, NUL, plus and hash signs. */
const percentJunk = fc.constantFrom(
  '%',
  '%z',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%00',
  '+',
  '%2B',
  '%25',
  '%%',
  '%u0041',
  '#',
  ';',
  '&&',
  '=',
  '==',
);

export function queryParts(names: string[], value: (name: string) => fc.Arbitrary<string>): fc.Arbitrary<QueryPart> {
  const name = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...names) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'Limit',
        'LIMIT',
        'limit[]',
        'limit ',
        'foo',
        'api_key',
        '__proto__',
        'constructor',
        'hasOwnProperty',
        'page',
        'offset',
        'status',
        'cursor',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }) },
  );
  const clean = name.chain((n) =>
    value(n).map((v): QueryPart => {
      const encodable = n.isWellFormed() && v.isWellFormed();
      return encodable
        ? { text: `${encodeURIComponent(n)}=${encodeURIComponent(v)}`, decoded: { name: n, value: v } }
        : { text: 'x=%', decoded: null };
    }),
  );
  const junk = fc
    .tuple(
      fc.constantFrom(...names),
      fc.array(
        fc.oneof(
          percentJunk,
          headerText(6).map((t) => t.replace(/[ #]/g, '')),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      fc.boolean(),
    )
    .map(([n, bits, bare]): QueryPart => ({ text: bare ? bits.join('') : `${n}=${bits.join('')}`, decoded: null }));
  return fc.oneof({ weight: 5, arbitrary: clean }, { weight: 1, arbitrary: junk });
}

export const limitValues: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 130 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      '0',
      '00',
      '007',
      '1.0',
      '1e1',
      '+5',
      ' 5',
      '5 ',
      '0x10',
      '١٢',
      '99999999999999999999999999',
      '-0',
      'NaN',
      'Infinity',
      'null',
      'true',
      '[]',
      '20abc',
      '1,2',
    ),
  },
);

export const statusValues: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STATUSES) },
  { weight: 1, arbitrary: fc.constantFrom('', 'AVAILABLE', 'Sold', 'lost', 'available ', 'sold,pending', 'null', '__proto__') },
);

/**
 * Cursors for a listing: `valid` ones the server issued for it, `foreign` ones it
 * issued for another project or filter, unsigned forgeries of the old plain form
 * (`pets:<id>`), altered valid ones, and junk.
 */
export function cursorValues(kind: string, otherKind: string, cursors: { valid: string[]; foreign: string[] }): fc.Arbitrary<string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  const flipOne = (cursor: string, at: number) => {
    const i = at % cursor.length;
    return `${cursor.slice(0, i)}${cursor[i] === 'A' ? 'B' : 'A'}${cursor.slice(i + 1)}`;
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...cursors.valid) },
    { weight: 1, arbitrary: fc.constantFrom(...cursors.foreign) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...cursors.valid), fc.nat()).map(([c, at]) => flipOne(c, at)) },
    { weight: 2, arbitrary: int64Values.map((id) => b64(`${kind}:${id.toString()}`)) },
    { weight: 1, arbitrary: int64Values.map((id) => b64(`${otherKind}:${id.toString()}`)) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(
          '',
          'abc',
          '====',
          b64(`${kind}:99999999999999999999`),
          b64(`${kind}:-99999999999999999999`),
          b64(`${kind}:9223372036854775808`),
          b64(`${kind}:1 `),
          b64(`${kind}:`),
          b64(`${kind}:1e3`),
          `${b64(`${kind}:1`)}=`,
          Buffer.from(`${kind}:1`).toString('base64'),
          'x'.repeat(201),
        ),
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.base64String({ maxLength: 40 }),
      ),
    },
  );
}

/**
 * What a correct server does with a cursor, given how the server would read it
 * for this listing (`position`: the id it points after, or null): 'ok' for one it
 * issued for the listing, else the 400's code (a cursor outside the contract's
 * 1-200 characters fails validation; any other is not one the server issued).
 */
export function cursorVerdict(
  cursor: string,
  position: (cursor: string) => bigint | null,
): { ok: true; after: bigint } | { ok: false; code: 'validation_failed' | 'invalid_cursor' } {
  if ([...cursor].length < 1 || [...cursor].length > 200) return { ok: false, code: 'validation_failed' };
  const after = position(cursor);
  return after === null ? { ok: false, code: 'invalid_cursor' } : { ok: true, after };
}

/** Encodes a path segment byte by byte, including bytes that are not UTF-8. */
export const percentEncodeAll = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
