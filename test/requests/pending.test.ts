import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHUNK, PendingRequests, type RecordedRequest } from '../../src/requests/pending.js';
import { FIELDS } from '../../src/requests/blocks.js';

const AT = Date.UTC(2026, 10, 29, 1, 0, 0);
const same = (s: string) => s;
const message = (_code: string | null, m: string | null) => m;

/** A request as `add` takes it, made from its number. */
const request = (n: number, url = `/v1/pets/${String(n)}`): RecordedRequest => ({
  projectId: n % 3,
  requestId: `req_${String(n)}`,
  at: AT + n,
  method: n % 2 ? 'GET' : 'POST',
  url,
  operation: 'getPet',
  status: 200 + (n % 5),
  durationMs: (n * 7) / 1000,
  keyId: `key_${String(n % 4)}`,
  errorCode: null,
  errorMessage: null,
  // Every third request has a trace id (telemetry on, its span recorded).
  traceId: n % 3 === 0 ? n.toString(16).padStart(32, 'a') : null,
});

/** The FIELDS values a request comes back as (its duration in whole microseconds). */
const rowOf = (r: RecordedRequest) => [
  r.projectId,
  r.requestId,
  r.at,
  r.method,
  r.url,
  r.operation,
  r.status,
  Math.round(r.durationMs * 1000),
  r.keyId,
  r.errorCode,
  r.errorMessage,
  r.traceId ?? null,
];

const flatOf = (pending: PendingRequests) => pending.take().flatMap((c) => c.flat(same, message));
const rowsOf = (flat: unknown[]) => Array.from({ length: flat.length / FIELDS }, (_, i) => flat.slice(i * FIELDS, (i + 1) * FIELDS));

test('requests come back as FIELDS values each, in recording order, across chunks', () => {
  const pending = new PendingRequests(10_000);
  const count = CHUNK * 2 + 17;
  for (let n = 0; n < count; n++) assert.ok(pending.add(request(n)));
  assert.equal(pending.size, count);
  const rows = rowsOf(flatOf(pending));
  assert.equal(rows.length, count);
  for (const n of [0, 1, CHUNK - 1, CHUNK, CHUNK * 2 + 16]) assert.deepEqual(rows[n], rowOf(request(n)), `request ${String(n)}`);
  assert.equal(pending.size, 0);
});

test('any text survives: Latin-1 and other characters, a URL longer than a chunk starts with, an error message', () => {
  const pending = new PendingRequests(10_000);
  const urls = ['/v1/pets?name=caf\u00e9', '/v1/pets?name=\u732b\u{1f408}', `/v1/pets?q=${'x'.repeat(300_000)}`, ''];
  for (const [n, url] of urls.entries()) pending.add(request(n, url));
  pending.add({
    projectId: 7,
    requestId: 'client-id:1',
    at: AT,
    method: 'GET',
    url: '/v1/pets/9',
    operation: 'getPet',
    status: 404,
    durationMs: 0.003,
    keyId: null,
    errorCode: 'pet_not_found',
    errorMessage: 'Pet 9 was not found here.',
    // Not a trace id: kept as none.
    traceId: 'not-a-trace-id',
  });
  const [chunk] = pending.take();
  assert.ok(chunk);
  const rows = rowsOf(chunk.flat(same, message));
  assert.deepEqual(
    rows.map((r) => r[4]),
    [...urls, '/v1/pets/9'],
  );
  // Grown for the long URL; let go once the chunk is written, so a chunk kept for reuse stays small.
  assert.ok(chunk.textCapacity >= 300_000);
  pending.release(chunk);
  assert.ok(chunk.textCapacity < 300_000, String(chunk.textCapacity));
  assert.deepEqual(rows[4], [
    7,
    'client-id:1',
    AT,
    'GET',
    '/v1/pets/9',
    'getPet',
    404,
    3,
    null,
    'pet_not_found',
    'Pet 9 was not found here.',
    null,
  ]);
});

test('a trace id is kept only as 32 hex digits', () => {
  const pending = new PendingRequests(10);
  const ids = [
    '4bf92f3577b34da6a3ce929d0e0e4736',
    `${'4bf92f3577b34da6a3ce929d0e0e47'}zz`,
    'g'.repeat(32),
    '4bf92f35',
    `${'ab'.repeat(16)}ab`,
    '',
  ];
  for (const [n, traceId] of ids.entries()) pending.add({ ...request(n), traceId });
  const [chunk] = pending.take();
  assert.ok(chunk);
  assert.deepEqual(
    rowsOf(chunk.flat(same, message)).map((r) => r[11]),
    ['4bf92f3577b34da6a3ce929d0e0e4736', null, null, null, null, null],
  );
});

test('at most max requests wait; chunks put back come before those recorded since, the newest beyond max left out', () => {
  const pending = new PendingRequests(CHUNK + 500);
  for (let n = 0; n < CHUNK + 500; n++) assert.ok(pending.add(request(n)));
  assert.equal(pending.add(request(9_999)), false, 'full');
  const taken = pending.take();
  assert.equal(taken.length, 2);
  // The first chunk was written; the second could not be, and 1,100 more were recorded meanwhile.
  pending.release(taken[0]!);
  for (let n = 20_000; n < 21_100; n++) assert.ok(pending.add(request(n)));
  const lost = pending.restore(taken.slice(1));
  assert.equal(lost, 100);
  assert.equal(pending.size, CHUNK + 500);
  const ids = rowsOf(flatOf(pending)).map((r) => r[1]);
  assert.equal(ids.length, CHUNK + 500);
  assert.equal(ids[0], `req_${String(CHUNK)}`);
  assert.equal(ids[499], `req_${String(CHUNK + 499)}`);
  assert.equal(ids[500], 'req_20000');
  assert.equal(ids.at(-1), 'req_20999');
  // A reused chunk holds nothing of what it held before.
  pending.add(request(5));
  assert.deepEqual(rowsOf(flatOf(pending)), [rowOf(request(5))]);
});
