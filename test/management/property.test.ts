import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { tarGz } from '../helpers/deploys.js';
import { harness, type Harness } from '../helpers/harness.js';
import { junkBodies, percentEncodeAll, propertyOptions } from '../helpers/arbitraries.js';
import { createPerson, ManagementClient } from '../helpers/management.js';

/**
 * Hostile input to every management operation, signed in with the CSRF token:
 * random path segments (junk, encodings, names of other projects' resources),
 * random bodies and content types. Every answer is below 500 and matches
 * /api/v1/openapi.json (the client checks each one). Replay with FC_SEED.
 */

interface Operation {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
}

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncodeAll),
  fc.constantFrom('', '.', '..', '%00', '%2e%2e', 'a%2Fb', '\\', 'xn--', 'www.example.com', 'WWW.EXAMPLE.COM.', '1', '0', '-1'),
  fc.constantFrom('9'.repeat(30), 'a'.repeat(300), 'ü.example', '*.example.com', '127.0.0.1', '[::1]', 'localhost'),
  fc.domain(),
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/gzip',
  'application/octet-stream',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
);

let h: Harness;
let admin: ManagementClient;
let operations: Operation[];
let slug: string;
let deployId: string;
let domain: string;

before(async () => {
  // DNS goes to a closed local port: a lookup fails at once and never leaves the machine.
  h = await harness({ config: { dnsServers: ['127.0.0.1:1'], deployMaxBytes: 32 * 1024 } });
  const me = await createPerson(h.app, `fuzz-${randomBytes(4).toString('hex')}@example.test`, { admin: true });
  admin = await ManagementClient.on(h.app);
  assert.equal((await admin.signIn(me.email, me.password)).statusCode, 200);
  slug = (await h.newProject('pro')).project;
  const deploy = await admin.call({
    method: 'POST',
    url: `/api/v1/projects/${slug}/deploys`,
    payload: await tarGz([{ name: 'index.html', content: '<h1>fuzz</h1>' }]),
    headers: { 'content-type': 'application/gzip' },
  });
  assert.equal(deploy.statusCode, 201, deploy.body);
  deployId = String(deploy.json().id);
  domain = `www.fuzz-${randomBytes(3).toString('hex')}.example.com`;
  const added = await admin.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains`, payload: { domain } });
  assert.equal(added.statusCode, 201, added.body);
  const doc = (await h.app.inject({ url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Operation['method'], path })),
  );
});
after(() => h.close());

test('every operation: random path parameters, bodies and content types give a documented 4xx or success', async () => {
  const statuses = new Map<number, number>();
  const fill = (path: string, values: string[]) => {
    let i = 0;
    return path.replace(/\{[^}]+\}/g, (name) => {
      const value = values[i++] ?? '';
      if (name === '{slug}' && value === '') return slug;
      // Mostly junk; sometimes the real resource, so the operation's own logic runs on junk bodies.
      if (value === '=') return name === '{slug}' ? slug : name === '{deployId}' ? deployId : domain;
      return encodeURIComponent(value);
    });
  };
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...operations.filter((o) => o.path !== '/session')),
      fc.array(fc.oneof({ weight: 3, arbitrary: segment }, { weight: 2, arbitrary: fc.constant('=') }), { minLength: 3, maxLength: 3 }),
      fc.oneof(
        junkBodies,
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
      ),
      contentType,
      async (op, values, body, type) => {
        const url = `/api/v1${fill(op.path, values)}`;
        if (op.method === 'DELETE' && url.endsWith(`/domains/${domain}`)) return; // keep the domain for later runs
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const res = await admin.call({ method: op.method, url, headers, ...(op.method === 'POST' ? { payload: body } : {}) });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        assert.ok(res.statusCode < 500, `${op.method} ${url} (${String(type)}): ${String(res.statusCode)} ${res.body}`);
      },
    ),
    propertyOptions(Number(process.env.FC_RUNS ?? 600)),
  );
  // The runs reached the operations' own answers, not only the validation layer.
  for (const status of [200, 400, 404])
    assert.ok((statuses.get(status) ?? 0) > 0, `no ${String(status)} among ${JSON.stringify([...statuses])}`);
});

test('the session routes: random credentials and bodies are 4xx, never 5xx', async () => {
  const anonymous = await ManagementClient.on(h.app);
  await fc.assert(
    fc.asyncProperty(junkBodies, contentType, async (body, type) => {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      const res = await anonymous.call({ method: 'POST', url: '/api/v1/session', payload: body, headers, remoteAddress: '192.0.2.1' });
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${String(res.statusCode)} ${res.body}`);
    }),
    propertyOptions(Number(process.env.FC_RUNS ?? 150)),
  );
});

test('a DELETE labelled JSON with nothing in it is a DELETE without a body, as many clients send it', async () => {
  const created = await admin.call({ method: 'POST', url: `/api/v1/projects/${slug}/keys`, payload: { name: 'labelled' } });
  assert.equal(created.statusCode, 201);
  const id = String(created.json().id);
  const res = await admin.call({
    method: 'DELETE',
    url: `/api/v1/projects/${slug}/keys/${id}`,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(res.statusCode, 204, res.body);
  const other = await admin.call({
    method: 'DELETE',
    url: `/api/v1/projects/${slug}/keys/${id}`,
    headers: { 'content-type': 'text/plain' },
    payload: 'x',
  });
  assert.equal(other.statusCode, 415, 'a body in a media type the API does not take is still refused');
});
