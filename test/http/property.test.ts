import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { harness, exactIds, ok, type Harness } from '../helpers/harness.js';
import {
  BODY_LIMIT,
  INT64_MAX,
  INT64_MIN,
  authCases,
  contentTypes,
  cursorValues,
  cursorVerdict,
  expectedRequestId,
  idempotencyCases,
  idempotencyKeyTexts,
  int64Values,
  junkBodies,
  limitValues,
  percentEncodeAll,
  petBodies,
  propertyOptions,
  queryParts,
  render,
  renderings,
  requestIds,
  statusValues,
  validPetBodies,
  type AuthCase,
  type NewPetValue,
  type QueryPart,
} from '../helpers/arbitraries.js';
import { allowedMethods, pathPattern, type Contract } from '../helpers/operations.js';
import { OPERATOR } from '../../src/audit/actor.js';

/**
 * Property-based tests over every operation: hostile bodies, queries, paths and
 * headers. Every response is checked against the served contract by the
 * harness; each property also states the exact outcome a correct server gives.
 * Replay a failure with FC_SEED=<seed> (and FC_PATH=<path>) from fast-check's report.
 */

const MIN_REQUESTS = 10_000;

/**
 * The URL as inject() hands it to the server: resolved like a browser would
 * (dot segments removed, fragment dropped). Checks use this form.
 */
function asInjected(raw: string): string {
  const u = new URL(raw.startsWith('//') ? `http://localhost${raw}` : raw, 'http://localhost');
  return u.pathname + u.search;
}

interface SeededPet {
  id: bigint;
  status: string;
  body: string;
}

describe('property: every operation answers hostile input with a documented 2xx/4xx', () => {
  let h: Harness;
  let revokedKey: string;
  /** A project with known pets, for listing and reading. */
  let shelf: { auth: { authorization: string }; key: string; projectId: number; pets: SeededPet[] };
  /** The project of h.key. */
  let ownProjectId: number;
  let requests = 0;
  /** How often each operation answered each status, to show the generators reach every branch. */
  const outcomes = new Map<string, number>();
  const tally = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);

  before(async () => {
    h = await harness();
    const revoked = ok(await h.app.keys.create(OPERATOR, h.project, 'revoked'));
    ok(await h.app.keys.revoke(OPERATOR, revoked.id));
    revokedKey = revoked.key;
    const p = await h.newProject();
    const pets: SeededPet[] = [];
    const statuses = ['available', 'pending', 'sold', 'available', 'sold'];
    for (let i = 0; i < 130; i++) {
      const res = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...p.auth, 'content-type': 'application/json' },
        payload: `{"name":"shelf ${String(i)}","categoryId":${String(BigInt(i) * 70_000_000_000_000_000n)},"status":"${statuses[i % 5] ?? ''}"}`,
      });
      assert.equal(res.statusCode, 201);
      pets.push({ id: BigInt(exactIds(res.body)[0] ?? ''), status: statuses[i % 5] ?? '', body: res.body });
    }
    shelf = { auth: p.auth, key: p.key, projectId: ok(await h.app.projects.find(p.project)).id, pets };
    ownProjectId = ok(await h.app.projects.find(h.project)).id;
  });
  after(() => h.close());

  /** Sends through the contract-checking harness and applies the checks every response owes. */
  async function send(
    opts: InjectOptions,
    auth: AuthCase,
    requestId: string | undefined,
    needsKey: boolean,
    op = 'other',
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    const url = asInjected(String(opts.url));
    if (auth.header !== undefined) headers.authorization = auth.header;
    if (requestId !== undefined) headers['x-request-id'] = requestId;
    requests++;
    // Each request comes from its own loopback address: keyless requests are limited per address
    // (test/limits/limits.test.ts covers that), and here every one of them must reach authentication.
    const remoteAddress = `127.${String((requests >> 16) & 255)}.${String((requests >> 8) & 255)}.${String(requests & 255)}`;
    const res = await h.request({ ...opts, url, headers, remoteAddress });
    tally(`${op} ${String(res.statusCode)}`);
    const what = `${String(opts.method)} ${url} -> ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
    assert.ok(res.statusCode < 500, `5xx: ${what}`);
    const expectedId = expectedRequestId(requestId);
    if (typeof expectedId === 'string') assert.equal(res.headers['x-request-id'], expectedId, what);
    else assert.match(String(res.headers['x-request-id']), expectedId, what);
    if (needsKey && !auth.valid) {
      assert.equal(res.statusCode, 401, `a request without a valid key must be 401: ${what}`);
      assert.match(String(res.headers['www-authenticate']), /^Bearer /, what);
    }
    if (needsKey && auth.valid) assert.notEqual(res.statusCode, 401, `a valid key was refused: ${what}`);
    if (res.statusCode === 405) {
      const allow = String(res.headers.allow ?? '');
      assert.ok(allow.length > 0, `405 without Allow: ${what}`);
      assert.ok(!allow.split(', ').includes(String(opts.method)), `405 for a method its Allow lists: ${what}`);
    }
    return res;
  }

  const categoryIdOf = (body: string) => /"categoryId":(-?\d+)[,}]/.exec(body)?.[1];

  function assertIsPet(body: string, expected: NewPetValue, what: string): bigint {
    const pet = JSON.parse(body) as { name: string; status: string };
    assert.equal(pet.name, expected.name, `name: ${what}`);
    assert.equal(pet.status, expected.status, `status: ${what}`);
    assert.equal(categoryIdOf(body), expected.categoryId.toString(), `categoryId must round-trip exactly: ${what}`);
    return BigInt(exactIds(body)[0] ?? '');
  }

  test('createPet: random bodies, content types, sizes, keys and Idempotency-Keys', async () => {
    let run = 0;
    const request = fc.record({
      auth: authCases(h.key, revokedKey),
      requestId: requestIds(h.key),
      idempotency: idempotencyCases,
      contentType: contentTypes,
      body: fc.oneof(
        { weight: 4, arbitrary: validPetBodies.map((b) => ({ structured: b })) },
        { weight: 4, arbitrary: petBodies.map((b) => ({ structured: b })) },
        { weight: 2, arbitrary: junkBodies.map((j) => ({ junk: j })) },
      ),
      rendering: renderings,
      // Resend the previous request reformatted, or its headers with this body (same Idempotency-Key).
      repeat: fc.constantFrom('no', 'no', 'same-body', 'other-body'),
    });
    await fc.assert(
      fc.asyncProperty(idempotencyKeyTexts, fc.array(request, { minLength: 1, maxLength: 3 }), async (keyTexts, sequence) => {
        run++;
        // Idempotency keys are per run, so runs stay independent of each other.
        const keys = keyTexts.map((t) => `r${String(run)}:${t}`.slice(0, 255));
        const firstUse = new Map<string, { fingerprint: string; body: string }>();
        let previous: (typeof sequence)[number] | undefined;
        for (const step of sequence) {
          const r =
            step.repeat === 'same-body' && previous
              ? { ...previous, rendering: step.rendering, requestId: step.requestId }
              : step.repeat === 'other-body' && previous
                ? { ...step, auth: previous.auth, idempotency: previous.idempotency, contentType: previous.contentType }
                : step;
          previous = r;
          const payload = 'structured' in r.body ? render(r.body.structured.fields, r.rendering) : r.body.junk;
          const pet = 'structured' in r.body ? r.body.structured.pet : null;
          const idem =
            r.idempotency.kind === 'slot' ? keys[r.idempotency.slot] : r.idempotency.kind === 'invalid' ? r.idempotency.value : undefined;
          const headers: Record<string, string> = {};
          if (r.contentType.value !== undefined) headers['content-type'] = r.contentType.value;
          if (idem !== undefined) headers['idempotency-key'] = idem;
          const res = await send({ method: 'POST', url: '/v1/pets', headers, payload }, r.auth, r.requestId, true, 'createPet');
          if (!r.auth.valid) continue;

          const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
          const what = `${String(r.contentType.value)} ${String(size)} bytes idem=${String(idem)}: ${typeof payload === 'string' ? payload.slice(0, 200) : payload.toString('hex').slice(0, 200)} -> ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
          const kind = r.contentType.kind;
          if (kind === 'other') {
            assert.ok(size === 0 ? [400, 415].includes(res.statusCode) : res.statusCode === 415, `non-JSON media type: ${what}`);
            continue;
          }
          if (kind === 'none') {
            assert.equal(res.statusCode, size === 0 ? 400 : 415, `no Content-Type: ${what}`);
            continue;
          }
          if (kind === 'json' && size > BODY_LIMIT) {
            assert.equal(res.statusCode, 413, `body over 16 KiB: ${what}`);
            assert.equal(res.json().code, 'payload_too_large');
            continue;
          }
          if (!pet) {
            if (kind === 'json') assert.equal(res.statusCode, 400, `invalid body: ${what}`);
            else assert.ok([400, 413, 415].includes(res.statusCode), `invalid body, odd media type: ${what}`);
            continue;
          }
          if (kind === 'odd' && res.statusCode !== 201 && res.statusCode !== 422) {
            assert.ok([400, 413, 415].includes(res.statusCode), `odd media type: ${what}`);
            continue;
          }
          if (r.idempotency.kind === 'invalid') {
            assert.equal(res.statusCode, 400, `invalid Idempotency-Key: ${what}`);
            assert.equal(res.json().details?.[0]?.field, 'Idempotency-Key', what);
            continue;
          }
          const fingerprint = `${pet.name}\u0000${pet.categoryId.toString()}\u0000${pet.status}`;
          const earlier = idem === undefined ? undefined : firstUse.get(idem);
          if (earlier && earlier.fingerprint !== fingerprint) {
            assert.equal(res.statusCode, 422, `Idempotency-Key reused with another body: ${what}`);
            assert.equal(res.json().code, 'idempotency_key_reused');
            continue;
          }
          assert.equal(res.statusCode, 201, `valid NewPet: ${what}`);
          const id = assertIsPet(res.body, pet, what);
          assert.equal(res.headers.location, `/v1/pets/${id.toString()}`, what);
          if (earlier) {
            assert.equal(res.headers['idempotent-replayed'], 'true', what);
            assert.equal(res.body, earlier.body, `a replay answers the first response: ${what}`);
            tally('createPet replayed');
          } else {
            assert.equal(res.headers['idempotent-replayed'], undefined, what);
            if (idem !== undefined) firstUse.set(idem, { fingerprint, body: res.body });
          }
          const read = await send({ method: 'GET', url: `/v1/pets/${id.toString()}` }, r.auth, undefined, true);
          assert.equal(read.statusCode, 200, what);
          assert.equal(read.body, res.body, `the stored pet reads back byte for byte: ${what}`);
        }
      }),
      propertyOptions(2400),
    );
  });

  /** The exact outcome of a plainly encoded listing query, or null when only "200 or 400" can be said. */
  function listVerdict(
    parts: QueryPart[],
    kind: 'pets' | 'orders',
    projectId: number,
  ): { ok: false; code: string } | { ok: true; limit: number; status?: string; after?: bigint } | null {
    const allowed = kind === 'pets' ? ['limit', 'status', 'cursor'] : ['limit', 'cursor'];
    if (parts.some((p) => p.decoded === null)) return null;
    const seen = new Map<string, string>();
    const invalid = { ok: false, code: 'validation_failed' } as const;
    for (const p of parts) {
      const d = p.decoded as { name: string; value: string };
      if (!allowed.includes(d.name) || seen.has(d.name)) return invalid;
      seen.set(d.name, d.value);
    }
    let limit = 20;
    const rawLimit = seen.get('limit');
    if (rawLimit !== undefined) {
      // Written as the service writes numbers: no leading zero ("007" is refused, not read as 7).
      if (!/^[1-9]\d{0,24}$/.test(rawLimit) || BigInt(rawLimit) > 100n) return invalid;
      limit = Number(rawLimit);
    }
    const status = seen.get('status');
    if (status !== undefined && !['available', 'pending', 'sold'].includes(status)) return invalid;
    const cursor = seen.get('cursor');
    let after: bigint | undefined;
    if (cursor !== undefined) {
      const scope = { kind, projectId, filter: status ?? '' };
      const v = cursorVerdict(cursor, (c) => h.app.cursors.decode(scope, c));
      if (!v.ok) return v;
      after = v.after;
    }
    return { ok: true, limit, status, after };
  }

  /** Cursors the server issued for a listing of `projectId` (every filter), and ones it issued for another project. */
  function issuedCursors(kind: 'pets' | 'orders', projectId: number, otherProjectId: number, ids: bigint[]) {
    const filters = kind === 'pets' ? ['', 'available', 'pending', 'sold'] : [''];
    const mint = (project: number) =>
      filters.flatMap((filter) => ids.map((id) => h.app.cursors.encode({ kind, projectId: project, filter }, id)));
    return { valid: mint(projectId), foreign: mint(otherProjectId) };
  }

  test('listPets: random query strings (limit, status, cursor, unknown and repeated parameters, junk encoding)', async () => {
    const part = queryParts(['limit', 'status', 'cursor'], (name) =>
      name === 'limit'
        ? limitValues
        : name === 'status'
          ? statusValues
          : name === 'cursor'
            ? cursorValues(
                'pets',
                'orders',
                issuedCursors(
                  'pets',
                  shelf.projectId,
                  ownProjectId,
                  shelf.pets.map((p) => p.id),
                ),
              )
            : fc.string({ maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(
        authCases(shelf.key, revokedKey),
        requestIds(shelf.key),
        fc.array(part, { maxLength: 4 }),
        fc.boolean(),
        async (auth, requestId, parts, questionMark) => {
          const qs = parts.map((p) => p.text).join('&');
          const url = qs || questionMark ? `/v1/pets?${qs}` : '/v1/pets';
          const res = await send({ method: 'GET', url }, auth, requestId, true, 'listPets');
          if (!auth.valid) return;
          const what = `${url} -> ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
          const verdict = listVerdict(parts, 'pets', shelf.projectId);
          if (verdict === null) {
            assert.ok([200, 400].includes(res.statusCode), what);
            return;
          }
          if (!verdict.ok) {
            assert.equal(res.statusCode, 400, what);
            assert.equal(res.json().code, verdict.code, what);
            return;
          }
          assert.equal(res.statusCode, 200, what);
          const matching = shelf.pets.filter(
            (p) => (verdict.status === undefined || p.status === verdict.status) && (verdict.after === undefined || p.id > verdict.after),
          );
          const expected = matching.slice(0, verdict.limit);
          assert.deepEqual(
            exactIds(res.body),
            expected.map((p) => p.id.toString()),
            what,
          );
          assert.equal(res.body, `[${expected.map((p) => p.body).join(',')}]`, what);
          const link = res.headers.link as string | undefined;
          assert.equal(link !== undefined, matching.length > verdict.limit, `Link rel="next" exactly when more follow: ${what}`);
          if (link) {
            const next = /^<(\/v1\/pets\?[^>]+)>; rel="next"$/.exec(link)?.[1];
            assert.ok(next, `Link: ${link}`);
            const following = await send({ method: 'GET', url: next }, auth, undefined, true);
            assert.equal(following.statusCode, 200, `${next}: ${following.body}`);
            assert.equal(
              exactIds(following.body)[0],
              matching[verdict.limit]?.id.toString(),
              `the next page starts after this one: ${next}`,
            );
          }
        },
      ),
      propertyOptions(2400),
    );
  });

  test('getPet: random path parameters (ids in and out of range, junk, encodings) and keys of other projects', async () => {
    const known = shelf.pets.map((p) => p.id);
    const knownSet = new Set(known.map(String));
    type IdCase = { raw: string; expect: 'found' | 'absent' | 'malformed'; id?: bigint };
    const cases: fc.Arbitrary<IdCase> = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...known).map((id): IdCase => ({ raw: id.toString(), expect: 'found', id })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...known).map((id): IdCase => ({ raw: percentEncodeAll(id.toString()), expect: 'found', id })),
      },
      // One resource, one URL: another spelling of a known id (leading zeros) is refused, never the pet again.
      { weight: 1, arbitrary: fc.constantFrom(...known).map((id): IdCase => ({ raw: `00${id.toString()}`, expect: 'malformed', id })) },
      {
        weight: 3,
        arbitrary: int64Values.filter((v) => !knownSet.has(String(v))).map((v): IdCase => ({ raw: v.toString(), expect: 'absent' })),
      },
      {
        weight: 2,
        arbitrary: fc
          .oneof(
            fc.bigInt({ min: INT64_MAX + 1n, max: INT64_MAX * 1000n }).map(String),
            fc.bigInt({ min: INT64_MIN * 1000n, max: INT64_MIN - 1n }).map(String),
            fc.constantFrom(
              '1.0',
              '1e3',
              '+1',
              '%201',
              '1%20',
              'abc',
              '0x1f',
              '%D9%A1',
              '1_000',
              '--1',
              '-',
              '',
              '%2F',
              '%00',
              '%zz',
              '%',
              '%ED%A0%80',
              '%C0%AF',
              'null',
              'undefined',
              '__proto__',
              'constructor',
            ),
            fc
              .string({ unit: 'binary', minLength: 1, maxLength: 10 })
              .filter((s) => !/^-?\d+$/.test(s) && s !== '.' && s !== '..')
              .map(percentEncodeAll),
            fc.integer({ min: 150, max: 400 }).map((n) => '9'.repeat(n)),
          )
          .map((raw): IdCase => ({ raw, expect: 'malformed' })),
      },
    );
    const other = await h.newProject();
    const keys = fc.oneof(
      { weight: 6, arbitrary: authCases(shelf.key, revokedKey).map((a) => ({ auth: a, own: true })) },
      { weight: 1, arbitrary: fc.constant({ auth: { header: `Bearer ${other.key}`, valid: true }, own: false }) },
    );
    await fc.assert(
      fc.asyncProperty(keys, requestIds(shelf.key), cases, async ({ auth, own }, requestId, c) => {
        const url = `/v1/pets/${c.raw}`;
        const res = await send({ method: 'GET', url }, auth, requestId, c.expect !== 'malformed', 'getPet');
        const what = `${url} -> ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
        // getPet is deprecated: every answer says so, errors included; not a URL the router cannot
        // match at all (undecodable, or a parameter over 200 characters), which is answered before routing.
        const decoded = (() => {
          try {
            return decodeURIComponent(c.raw);
          } catch {
            return null;
          }
        })();
        const routable = decoded !== null && decoded.length <= 200;
        if (routable) assert.equal(res.headers.sunset, 'Thu, 05 Dec 2030 00:00:00 GMT', what);
        if (routable) {
          assert.match(String(res.headers.deprecation), /^@\d+$/, what);
          assert.equal(res.headers.link, '</v1/pets>; rel="successor-version"', what);
        }
        if (!auth.valid) {
          assert.ok([400, 401].includes(res.statusCode), what);
          return;
        }
        const expect = !own && c.expect === 'found' ? 'absent' : c.expect;
        if (expect === 'found') {
          assert.equal(res.statusCode, 200, what);
          assert.equal(res.body, shelf.pets.find((p) => p.id === c.id)?.body, what);
        } else if (expect === 'absent') {
          assert.equal(res.statusCode, 404, what);
          assert.equal(res.json().code, 'not_found', what);
        } else {
          assert.equal(res.statusCode, 400, what);
        }
      }),
      propertyOptions(2000),
    );
  });

  test('listOrders: random query strings', async () => {
    const part = queryParts(['limit', 'cursor'], (name) =>
      name === 'limit'
        ? limitValues
        : name === 'cursor'
          ? cursorValues('orders', 'pets', issuedCursors('orders', ownProjectId, shelf.projectId, [1n, 2n]))
          : name === 'status'
            ? statusValues
            : fc.string({ maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(
        authCases(h.key, revokedKey),
        requestIds(h.key),
        fc.array(part, { maxLength: 4 }),
        async (auth, requestId, parts) => {
          const url = parts.length ? `/v1/store/orders?${parts.map((p) => p.text).join('&')}` : '/v1/store/orders';
          const res = await send({ method: 'GET', url }, auth, requestId, true, 'listOrders');
          if (!auth.valid) return;
          const what = `${url} -> ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
          const verdict = listVerdict(parts, 'orders', ownProjectId);
          if (verdict === null) assert.ok([200, 400].includes(res.statusCode), what);
          else if (!verdict.ok) {
            assert.equal(res.statusCode, 400, what);
            assert.equal(res.json().code, verdict.code, what);
          } else {
            assert.equal(res.statusCode, 200, what);
            assert.equal(res.body, '[]', what);
            assert.equal(res.headers.link, undefined, what);
          }
        },
      ),
      propertyOptions(1200),
    );
  });

  test('unknown paths and methods: 404, or 405 with Allow, behind the key for /v1', async () => {
    const contractSegments = Object.keys((h.app.openapi() as unknown as Contract).paths).flatMap((p) =>
      p.split('/').filter((s) => s && !s.startsWith('{')),
    );
    const segment = fc.oneof(
      fc.constantFrom(...new Set(contractSegments)),
      fc.constantFrom('v1', 'pets', 'store', 'orders', 'openapi.json', 'healthz', 'readyz', 'metrics', 'v2', 'V1', 'PETS', '1', '-1', '0'),
      fc.constantFrom('', '%2F', '%00', '%', '%zz', '%ED%A0%80', '%C0%AF', '~', ';', '*', '@', ':', 'psk_x', 'x'.repeat(250)),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }).map(percentEncodeAll),
      fc.string({ unit: fc.constantFrom(..."abcXYZ019-._~!$&'()*+,;=:@"), minLength: 1, maxLength: 10 }),
    );
    const paths = fc.oneof(
      fc
        .tuple(fc.constantFrom('/', '/v1/', '/v1/pets/', '/v1/store/', '//'), fc.array(segment, { maxLength: 4 }))
        .map(([prefix, segs]) => prefix + segs.join('/')),
      fc.constantFrom(
        '/v1',
        '/v1/',
        '/v1/pets',
        '/v1/pets/1/extra',
        '/v1/store/orders/1',
        '/v1/store',
        '/v1/openapi.json',
        '/healthz',
        '/readyz',
        '/',
        '/v1//pets',
        '/v1/pets/',
        '/v1/pets?',
        '/V1/pets',
      ),
    );
    const methods = fc.constantFrom(
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
      'TRACE',
      'PROPFIND',
      'SEARCH',
      'LOCK',
      'MKCOL',
    );
    const query = fc.oneof(
      fc.constant(''),
      queryParts(['limit', 'status'], () => limitValues).map((p) => `?${p.text}`),
    );
    // Which methods a path answers comes from the contract; the public probes are outside it.
    const doc = h.app.openapi() as unknown as Contract;
    const publicPaths = ['/v1/openapi.json', '/healthz', '/readyz', '/metrics'];
    const allowedAt = (bare: string): string[] | undefined => {
      if (publicPaths.includes(bare)) return ['GET', 'HEAD'];
      const path = Object.keys(doc.paths).find((p) => pathPattern(p).test(bare));
      return path === undefined ? undefined : allowedMethods(doc, path);
    };
    await fc.assert(
      fc.asyncProperty(
        methods,
        paths,
        query,
        authCases(h.key, revokedKey),
        requestIds(h.key),
        contentTypes,
        async (method, path, q, auth, requestId, ct) => {
          const url = asInjected(path + q);
          const headers: Record<string, string> = ct.value === undefined ? {} : { 'content-type': ct.value };
          const res = await send(
            { method: method as InjectOptions['method'], url, headers, payload: method === 'GET' || method === 'HEAD' ? undefined : '{}' },
            auth,
            requestId,
            false,
            'other',
          );
          const what = `${method} ${url} -> ${String(res.statusCode)} ${res.body.slice(0, 300)}`;
          const bare = url.split('?')[0] ?? '';
          const allowedHere = allowedAt(bare);
          // `/` leads people to the dashboard (home/).
          if (bare === '/' && (method === 'GET' || method === 'HEAD')) {
            assert.equal(res.statusCode, 303, what);
            assert.equal(res.headers.location, '/dashboard', what);
            return;
          }
          // HEAD answers carry no body to read the code from.
          const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
          const code = res.body && isJson ? (res.json() as { code: string }).code : 'bad_request';
          if (res.statusCode === 400 && !allowedHere) {
            assert.equal(code, 'bad_request', `only a URL the router cannot decode is a 400 here: ${what}`);
            return;
          }
          if (allowedHere && !allowedHere.includes(method)) {
            if (res.statusCode === 400) assert.equal(code, 'bad_request', what);
            else if (bare.startsWith('/v1/') && !auth.valid) assert.equal(res.statusCode, 401, what);
            else assert.equal(res.statusCode, 405, what);
            return;
          }
          if (allowedHere) {
            assert.ok([200, 201, 400, 401, 404, 413, 415, 422].includes(res.statusCode), what);
            return;
          }
          assert.ok([401, 404, 405].includes(res.statusCode), what);
          if (res.statusCode === 401) assert.ok(bare === '/v1' || bare.startsWith('/v1/'), `401 outside /v1: ${what}`);
        },
      ),
      propertyOptions(2000),
    );
  });

  test(`at least ${String(MIN_REQUESTS)} requests were sent, reaching every outcome, all checked against the contract`, (t) => {
    t.diagnostic(`${String(requests)} requests: ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}`);
    assert.ok(requests >= MIN_REQUESTS, `only ${String(requests)} requests`);
    assert.ok(h.contract.checked >= requests);
    const expected = [
      ...['201', '400', '401', '413', '415', '422', 'replayed'].map((s) => `createPet ${s}`),
      ...['200', '400', '401'].map((s) => `listPets ${s}`),
      ...['200', '400', '401', '404'].map((s) => `getPet ${s}`),
      ...['200', '400', '401'].map((s) => `listOrders ${s}`),
      ...['200', '400', '401', '404', '405'].map((s) => `other ${s}`),
    ];
    for (const outcome of expected) assert.ok((outcomes.get(outcome) ?? 0) > 0, `no request ended as "${outcome}"`);
  });
});

describe('hostile inputs the properties found, kept as fixed examples', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    h.request({ method: 'POST', url: '/v1/pets', headers: { ...h.auth, 'content-type': 'application/json', ...headers }, payload });

  test('deeply nested bodies are a 400, not a stack overflow', async () => {
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      for (const exact of ['1', '1234567890123456']) {
        const n = Math.floor((BODY_LIMIT - 60) / (open.length + close.length));
        const res = await post(`{"name":${open.repeat(n)}"x"${close.repeat(n)},"categoryId":${exact}}`);
        assert.equal(res.statusCode, 400, `${open} x${String(n)}: ${res.body}`);
      }
    }
  });

  test('number literals: exact integers in any spelling are accepted, non-integers never', async () => {
    const accepted: [string, string][] = [
      ['9e18', '9000000000000000000'],
      ['9.007199254740993e15', '9007199254740993'],
      ['9007199254.740993e6', '9007199254740993'],
      ['-9.223372036854775808E+18', '-9223372036854775808'],
      ['70e-1', '7'],
      ['0e-400', '0'],
    ];
    for (const [literal, exact] of accepted) {
      const res = await post(`{"name":"n","categoryId":${literal}}`);
      assert.equal(res.statusCode, 201, `${literal}: ${res.body}`);
      assert.match(res.body, new RegExp(`"categoryId":${exact}[,}]`), literal);
    }
    for (const literal of [
      '1e-400',
      '6755399441055743.5',
      '4503599627.3704951e6',
      '9007199254740993.5',
      '1.0000000000000001',
      '5E-324',
      '1e19',
    ]) {
      const res = await post(`{"name":"n","categoryId":${literal}}`);
      assert.equal(res.statusCode, 400, `${literal}: ${res.body}`);
      assert.equal(res.json().details?.[0]?.field, 'categoryId', literal);
    }
  });

  test('invalid UTF-8 in a body is a 400, not stored as U+FFFD', async () => {
    const res = await post(Buffer.concat([Buffer.from('{"name":"Re'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('x","categoryId":1}')]));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'malformed_json');
  });

  test('a forged cursor beyond int64 is a 400', async () => {
    for (const text of ['pets:99999999999999999999', 'pets:-9223372036854775809']) {
      const res = await h.request({ method: 'GET', url: `/v1/pets?cursor=${Buffer.from(text).toString('base64url')}`, headers: h.auth });
      assert.equal(res.statusCode, 400, text);
      assert.equal(res.json().code, 'invalid_cursor', text);
      assert.equal(res.json().details?.[0]?.field, 'cursor');
    }
  });

  test('URLs the router cannot take (bad escapes, over-long segments) get the Error body and a request id', async () => {
    for (const url of ['/v1/pets/%zz', '/v1/pets/%ED%A0%80', `/v1/pets/${'1'.repeat(201)}`, '/%C0%AF']) {
      const res = await h.request({ method: 'GET', url, headers: h.auth });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().code, 'bad_request', url);
      assert.match(String(res.headers['x-request-id']), /^req_/, url);
    }
  });

  test('an unknown route is a 404 (or 405) whatever its body: not a 413 or 415', async () => {
    const big = 'x'.repeat(BODY_LIMIT + 100);
    const cases: [InjectOptions['method'], string, string, number][] = [
      ['POST', '/v1/animals', 'text/plain', 404],
      ['POST', '/v1/animals', 'application/json', 404],
      ['PUT', '/v1/pets', 'application/xml', 405],
      ['DELETE', '/v1/pets/1', 'text/plain', 405],
      ['SEARCH', '/v1/pets/', 'text/plain', 405],
    ];
    for (const [method, url, type, status] of cases) {
      const res = await h.request({ method, url, headers: { ...h.auth, 'content-type': type }, payload: big });
      assert.equal(res.statusCode, status, `${String(method)} ${url}: ${res.body}`);
    }
  });

  test('an X-Request-Id carrying an API key is replaced, since request ids are logged', async () => {
    for (const id of [h.key, `trace-${h.key}`]) {
      const res = await h.request({ method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': id } });
      assert.match(String(res.headers['x-request-id']), /^req_[0-9a-f]{32}$/);
    }
    const kept = await h.request({ method: 'GET', url: '/v1/pets', headers: { ...h.auth, 'x-request-id': 'trace-42.a:b' } });
    assert.equal(kept.headers['x-request-id'], 'trace-42.a:b');
  });
});
