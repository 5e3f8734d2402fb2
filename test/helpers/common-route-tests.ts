import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generateSecret } from '../../src/keys/key-format.js';
import { harness, manualClock, ok, type Harness } from './harness.js';
import { assertConsistentLimitHeaders, intoMinute } from './limits.js';
import {
  allowedMethods,
  bodySchema,
  invalidRequest,
  isProtected,
  operationsOf,
  sampleRequest,
  urlOf,
  valuesFromLocation,
  type Contract,
  type Operation,
  type SampleRequest,
} from './operations.js';
import { BODY_LIMIT_BYTES } from '../../src/http/body/json-body.js';
import { OPERATOR } from '../../src/audit/actor.js';

const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];
/** What every operation can answer whatever it does: from validation, the key check, routing, limits and the server. */
const COMMON_STATUSES = ['400', '401', '405', '408', '429', '431', '500', '503'];
const PROBED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Authorization headers that are not a valid key, each answered 401 (undefined: no header). */
const invalidAuthorizations = (key: string): (string | undefined)[] => [
  undefined,
  'Bearer',
  'Bearer ',
  `Basic ${key}`,
  key,
  'Bearer psk_short',
  `Bearer ${key}x`,
  `Bearer ${generateSecret()}`,
  `Bearer ${key} extra`,
  'Bearer \u00e9',
];

const label = (op: Operation) => `${op.method} ${op.path} (${op.operationId})`;

/**
 * The checks the contract document owes for every operation, whatever it does:
 * the common statuses, the Error body and headers of 405/408/431, and the
 * limit headers (with Retry-After on 429) on every response.
 */
export function runContractDocumentTests(doc: Contract): void {
  for (const op of operationsOf(doc)) {
    describe(`the contract of ${label(op)}`, () => {
      test('documents a success status and every common error status', () => {
        const statuses = Object.keys(op.responses);
        assert.ok(
          statuses.some((s) => s.startsWith('2')),
          `${op.operationId}: no 2xx`,
        );
        for (const status of COMMON_STATUSES) assert.ok(statuses.includes(status), `${op.operationId}: ${status} not documented`);
        if (op.requestBody) for (const status of ['413', '415']) assert.ok(statuses.includes(status), `${op.operationId}: ${status}`);
        if ((op.parameters ?? []).some((p) => p.in === 'path')) assert.ok(statuses.includes('404'), `${op.operationId}: 404`);
      });

      test('405, 408 and 431 are the Error body with the headers each really carries', () => {
        for (const status of ['405', '408', '431']) {
          const schema = op.responses[status]?.content?.['application/json']?.schema;
          assert.equal(schema?.$ref, '#/components/schemas/Error', `${op.operationId} ${status}`);
        }
        // 405 comes after the key check, so it is counted; 408 and 431 come from the HTTP parser, before any request.
        const h405 = op.responses['405']?.headers ?? {};
        assert.ok('Allow' in h405 && 'X-RateLimit-Limit' in h405, `${op.operationId} 405 headers`);
        for (const status of ['408', '431']) assert.deepEqual(Object.keys(op.responses[status]?.headers ?? {}), ['X-Request-Id']);
      });

      test('every response documents the limit headers, and 429 Retry-After', () => {
        for (const [status, response] of Object.entries(op.responses)) {
          const names = Object.keys(response.headers ?? {});
          const counted = status !== '408' && status !== '431';
          for (const name of LIMIT_HEADERS) assert.equal(names.includes(name), counted, `${op.operationId} ${status}: ${name}`);
          assert.equal(names.includes('Retry-After'), status === '429', `${op.operationId} ${status}: Retry-After`);
        }
      });

      test('path parameters have examples, and a 200 list holds at most 100 items', () => {
        for (const p of (op.parameters ?? []).filter((q) => q.in === 'path')) {
          const examples = p.schema?.examples;
          assert.ok(Array.isArray(examples) && examples.length > 0, `${op.operationId}: ${p.name} has no example`);
        }
        const schema = op.responses['200']?.content?.['application/json']?.schema;
        if (schema?.type === 'array') assert.equal(schema.maxItems, 100, `${op.operationId}: maxItems`);
      });
    });
  }
}

/**
 * The shared auth, limits, error-body and method suite (after unkey's
 * runCommonRouteTests), run against every operation of `doc` from one sample
 * request per operation built from the contract. Call it inside
 * describeEachEngine; it builds its own app on that engine.
 */
export function runCommonRouteTests(doc: Contract): void {
  const ops = operationsOf(doc);
  const clock = manualClock(intoMinute(12));
  let h: Harness;
  /** The Authorization of a staging key of the suite's project. */
  let stagingAuth: string;
  /** Locations of what the sample requests created, for operations that take a resource by path. */
  const created: string[] = [];
  const seen = new Set<number>();
  let addresses = 0;

  /** The operations that create (POST on a path without parameters), in contract order. */
  const creators = ops.filter((o) => o.method === 'POST' && !(o.parameters ?? []).some((p) => p.in === 'path'));
  /** Path parameter names (e.g. `petId`, `orderId`): a body field so named refers to that resource. */
  const resourceNames = new Set(ops.flatMap((o) => (o.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)));
  /** The newest resource of each kind the suite created, by the path parameter naming it. */
  const latest: Record<string, string> = {};
  const remember = (location: string) => {
    created.push(location);
    for (const o of ops) Object.assign(latest, valuesFromLocation(o, location) ?? {});
  };

  /** The sample with each body field that names a resource (e.g. `petId`) set to the newest one created. */
  const withReferences = (req: SampleRequest): SampleRequest => {
    if (typeof req.payload !== 'string') return req;
    const body = JSON.parse(req.payload) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return req;
    const fields = Object.keys(body).filter((name) => resourceNames.has(name) && latest[name] !== undefined);
    if (fields.length === 0) return req;
    return { ...req, payload: JSON.stringify({ ...body, ...Object.fromEntries(fields.map((f) => [f, Number(latest[f])])) }) };
  };

  /**
   * Whether the operation changes a resource that its sample names (by path or
   * by a body field): repeating it on the same one could meet a state that no
   * longer allows it (an order already cancelled, a pet already ordered), so
   * each sample of it acts on resources created for it just before.
   */
  const changesNamedResource = (op: Operation): boolean => {
    if (op.method === 'GET' || op.method === 'HEAD') return false;
    if ((op.parameters ?? []).some((p) => p.in === 'path')) return true;
    const payload = sampleRequest(doc, op).payload;
    return typeof payload === 'string' && Object.keys(JSON.parse(payload) as object).some((name) => resourceNames.has(name));
  };

  /** Runs every creating sample (but `op`'s own), in contract order, each naming the newest resources. */
  const createFresh = async (op: Operation) => {
    for (const c of creators) {
      if (c === op) continue;
      const req = withReferences(sampleRequest(doc, c));
      const res = await h.request({ ...req, headers: { ...req.headers, ...h.auth } });
      if (res.statusCode === 201 && typeof res.headers.location === 'string') remember(res.headers.location);
    }
  };

  /** Path parameter values of the newest resource the sample requests created under the operation's path. */
  const resourceFor = (op: Operation): Record<string, string> | undefined => {
    if (!op.path.includes('{')) return {};
    for (const location of [...created].reverse()) {
      const values = valuesFromLocation(op, location);
      if (values) return values;
    }
    return undefined;
  };

  /** The operation's sample request, on fresh resources where it changes them. */
  const sampleOf = async (op: Operation): Promise<SampleRequest> => {
    if (changesNamedResource(op)) await createFresh(op);
    return withReferences(sampleRequest(doc, op, resourceFor(op) ?? {}));
  };

  before(async () => {
    h = await harness({ clock, config: { banThreshold: 1 } });
    stagingAuth = `Bearer ${ok(await h.app.keys.create(OPERATOR, h.project, 'staging', { environment: 'staging' })).key}`;
    assert.deepEqual(
      Object.keys((h.app.openapi() as unknown as Contract).paths),
      Object.keys(doc.paths),
      'the app serves the contract walked here',
    );
    for (const op of ops) {
      const req = await sampleOf(op);
      const res = await h.request({ ...req, headers: { ...req.headers, ...h.auth } });
      if (res.statusCode === 201 && typeof res.headers.location === 'string') remember(res.headers.location);
    }
  });
  after(() => h.close());

  /**
   * Sends through the contract-checking harness, each request from its own
   * loopback address (keyless requests are limited per address, and here each
   * must reach the key check), and applies what every /v1 answer owes.
   */
  const send = async (opts: InjectOptions, what: string): Promise<LightMyRequestResponse> => {
    addresses++;
    const remoteAddress = `127.${String((addresses >> 16) & 255)}.${String((addresses >> 8) & 255)}.${String(addresses & 255)}`;
    const res = await h.request({ ...opts, remoteAddress });
    seen.add(res.statusCode);
    assertConsistentLimitHeaders(res, clock.now(), what);
    if (res.statusCode >= 400 && opts.method !== 'HEAD') {
      const body = res.json() as { code?: unknown; message?: unknown; status?: unknown };
      assert.equal(typeof body.code, 'string', `${what}: Error.code`);
      assert.equal(typeof body.message, 'string', `${what}: Error.message`);
      assert.equal(body.status, res.statusCode, `${what}: Error.status`);
    }
    return res;
  };

  const withAuth = (req: SampleRequest, authorization: string | undefined): InjectOptions => ({
    ...req,
    headers: { ...req.headers, ...(authorization === undefined ? {} : { authorization }) },
  });

  /** The same request to the staging base URL (the harness's is on a host of its own). */
  const onStaging = (req: InjectOptions): InjectOptions => ({
    ...req,
    headers: { ...req.headers, host: new URL(h.app.config.stagingBaseUrl).host },
  });

  for (const op of ops) {
    describe(label(op), () => {
      const sample = () => sampleOf(op);

      test('the sample request built from the contract succeeds with a valid key', async () => {
        const res = await send(withAuth(await sample(), h.auth.authorization), `${label(op)} with key`);
        const allowed = resourceFor(op) ? [200, 201, 202, 204] : [200, 201, 202, 204, 404];
        assert.ok(allowed.includes(res.statusCode), `${label(op)}: ${String(res.statusCode)} ${res.body}`);
      });

      if (!isProtected(doc, op)) {
        test('needs no key', async () => {
          assert.notEqual((await send(await sample(), `${label(op)} no key`)).statusCode, 401);
        });
        return;
      }

      test('missing, malformed, wrong-scheme and unknown keys are 401 with WWW-Authenticate', async () => {
        for (const authorization of invalidAuthorizations(h.key)) {
          const res = await send(withAuth(await sample(), authorization), `${label(op)} ${String(authorization)}`);
          assert.equal(res.statusCode, 401, String(authorization));
          assert.equal(res.json().code, 'unauthorized');
          assert.match(String(res.headers['www-authenticate']), /^Bearer realm="petstore"/);
        }
      });

      test('the scheme is case-insensitive', async () => {
        for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
          assert.notEqual((await send(withAuth(await sample(), `${scheme} ${h.key}`), scheme)).statusCode, 401, scheme);
        }
      });

      test('a revoked key stops working once the key cache expires (at most 5 s)', async () => {
        const k = ok(await h.app.keys.create(OPERATOR, h.project, 'to-revoke'));
        assert.notEqual((await send(withAuth(await sample(), `Bearer ${k.key}`), 'before revoking')).statusCode, 401);
        ok(await h.app.keys.revoke(OPERATOR, k.id));
        clock.advance(2001);
        const res = await send(withAuth(await sample(), `Bearer ${k.key}`), 'revoked');
        assert.equal(res.statusCode, 401);
        assert.match(res.json().message, /invalid or has been revoked/);
      });

      const takesResource = (op.parameters ?? []).some((p) => p.in === 'path');
      if (takesResource || op.method === 'GET') {
        test("another project's key neither sees nor reaches this project's data", async () => {
          const values = resourceFor(op);
          const mine = await send(withAuth(await sample(), h.auth.authorization), 'own key');
          const other = await h.newProject();
          const theirs = await send(withAuth(await sample(), other.auth.authorization), 'other key');
          if (takesResource) {
            if (values) assert.ok(mine.statusCode < 300, `own resource: ${String(mine.statusCode)} ${mine.body}`);
            assert.equal(theirs.statusCode, 404, `${label(op)} with another project's key: ${theirs.body}`);
            return;
          }
          assert.equal(theirs.statusCode, 200);
          const list = theirs.json() as unknown;
          if (Array.isArray(list)) assert.deepEqual(list, [], 'a new project sees an empty list');
          // Where the same path creates, the owner's list holds what the sample request created.
          if (Array.isArray(list) && doc.paths[op.path]?.post) assert.ok((mine.json() as unknown[]).length > 0, 'own list is empty');
        });
      }

      test('a key sent to the other environment is 401 wrong_environment, naming the base URL it belongs to', async () => {
        const production = await send(onStaging(withAuth(await sample(), h.auth.authorization)), `${label(op)} production key on staging`);
        assert.equal(production.statusCode, 401);
        assert.equal(production.json().code, 'wrong_environment');
        assert.ok(production.json().message.includes(h.app.config.baseUrl), production.json().message);
        const staging = await send(withAuth(await sample(), stagingAuth), `${label(op)} staging key on production`);
        assert.equal(staging.statusCode, 401);
        assert.equal(staging.json().code, 'wrong_environment');
        assert.ok(staging.json().message.includes(h.app.config.stagingBaseUrl), staging.json().message);
      });

      if (takesResource || op.method === 'GET') {
        test("the project's staging environment neither sees nor reaches its production data", async () => {
          ok(await h.app.staging.reset(OPERATOR, h.project));
          const values = resourceFor(op);
          const production = await send(withAuth(await sample(), h.auth.authorization), 'production key');
          const staging = await send(onStaging(withAuth(await sample(), stagingAuth)), 'staging key');
          if (takesResource) {
            if (values) assert.ok(production.statusCode < 300, `production resource: ${String(production.statusCode)} ${production.body}`);
            assert.equal(staging.statusCode, 404, `${label(op)} in staging: ${staging.body}`);
            return;
          }
          assert.equal(staging.statusCode, 200, staging.body);
          const list = staging.json() as unknown;
          if (Array.isArray(list)) assert.deepEqual(list, [], 'an empty staging lists nothing');
          if (Array.isArray(list) && doc.paths[op.path]?.post)
            assert.ok((production.json() as unknown[]).length > 0, 'production list is empty');
        });
      }

      const invalid = invalidRequest(doc, op);
      if (invalid) {
        test('invalid input from the contract is 400 validation_failed', async () => {
          const res = await send(withAuth(invalid, h.auth.authorization), `${label(op)} invalid`);
          assert.equal(res.statusCode, 400, res.body);
          assert.equal(res.json().code, 'validation_failed');
        });
      }

      if (bodySchema(op)) {
        test('a body that is not JSON is 415, and one over 16 KiB is 413', async () => {
          const base = withAuth(await sample(), h.auth.authorization);
          const plain = await send({ ...base, headers: { ...base.headers, 'content-type': 'text/plain' } }, `${label(op)} text/plain`);
          assert.equal(plain.statusCode, 415);
          assert.equal(plain.json().code, 'unsupported_media_type');
          const big = `${String(base.payload)}${' '.repeat(BODY_LIMIT_BYTES)}`;
          const tooLarge = await send({ ...base, payload: big }, `${label(op)} oversize`);
          assert.equal(tooLarge.statusCode, 413);
          assert.equal(tooLarge.json().code, 'payload_too_large');
        });
      }

      test('over quota: 429 rate_limited, then api_key_banned, both with Retry-After', async () => {
        const p = await h.newProject('enterprise', { perMinute: 1, perDay: 100 });
        const opts = withAuth(await sample(), p.auth.authorization);
        assert.notEqual((await send(opts, `${label(op)} first`)).statusCode, 429);
        const limited = await send(opts, `${label(op)} over quota`);
        assert.equal(limited.statusCode, 429);
        assert.equal(limited.json().code, 'rate_limited');
        const banned = await send(opts, `${label(op)} banned`);
        assert.equal(banned.json().code, 'api_key_banned');
        assert.equal(banned.headers['retry-after'], '600');
      });
    });
  }

  for (const path of Object.keys(doc.paths)) {
    const allow = allowedMethods(doc, path);
    test(`${path}: every other method is 405 method_not_allowed with Allow: ${allow.join(', ')}`, async () => {
      const op = ops.find((o) => o.path === path) as Operation;
      const url = urlOf(doc, op);
      for (const method of PROBED_METHODS.filter((m) => !allow.includes(m))) {
        const res = await send({ method: method as 'GET', url, headers: h.auth }, `${method} ${url}`);
        assert.equal(res.statusCode, 405, `${method} ${url}`);
        assert.equal(res.json().code, 'method_not_allowed');
        assert.equal(res.headers.allow, allow.join(', '));
      }
    });
  }

  test('the statuses the specification lists were all seen, each with limit headers', () => {
    const expected = [200, 400, 401, 404, 405, 429];
    if (ops.some((op) => op.requestBody)) expected.push(201, 413, 415);
    for (const status of expected) assert.ok(seen.has(status), `no ${String(status)} seen`);
  });
}
