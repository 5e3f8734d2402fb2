import assert from 'node:assert/strict';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { listenHttps, type HttpsListener } from '../../src/domains/serving/https.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { openDomainRepository } from '../../src/domains/repository.js';
import { keySealer } from '../../src/domains/acme/key-sealing.js';
import { sqlFor } from '../../src/storage/sql.js';
import { selfSigned, type SelfSigned } from '../helpers/certificates.js';
import { httpsGet } from '../helpers/domains.js';
import { describeEachEngine, engines, freshDatabase, type EngineName, type FreshDatabase } from '../helpers/engines.js';
import { exactIds, harness, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { runCli } from '../helpers/processes.js';
import { eventually, receiver } from '../helpers/webhooks.js';

const SECRETS_KEY = 'the secrets key of the service that was backed up';
const PLATFORM = 'sites.backup.test';
const DOMAIN = 'www.restored.test';

/** The tables fill() puts rows in: one or more per capability. */
const FILLED_TABLES = [
  'projects',
  'api_keys',
  'pets',
  'pet_sequences',
  'orders',
  'order_sequences',
  'idempotency_keys',
  'users',
  'project_members',
  'sessions',
  'access_tokens',
  'deploys',
  'deploy_files',
  'deploy_blobs',
  'deploy_live',
  'domains',
  'webhook_endpoints',
  'events',
  'webhook_deliveries',
  'webhook_attempts',
  'audit_log',
];

type Receiver = Awaited<ReturnType<typeof receiver>>;

const config = (databaseUrl: string) => ({
  databaseUrl,
  secretsKey: SECRETS_KEY,
  platformHost: PLATFORM,
  httpsPort: 0,
  webhookAllowPrivate: true,
  webhookRetryDelays: [1],
});

/** What the source held, and the credentials a client kept from before the backup. */
interface Filled {
  slug: string;
  auth: { authorization: string };
  /** The second page of pets, as its cursor from before the backup answered it. */
  nextPage: { url: string; body: string };
  email: string;
  password: string;
  session: { cookie: string; csrfToken: string };
  token: string;
  site: { live: Buffer; logo: Buffer; preview: Buffer; previewHost: string };
  cert: SelfSigned;
  webhookSecret: string;
  /** The project's staging environment: a staging key and its pets as listed before the backup. */
  staging: { auth: { authorization: string; host: string }; pets: string };
}

async function fill(h: Harness, dir: string, hook: Receiver): Promise<Filled> {
  const { project: slug, auth } = await h.newProject('enterprise');
  const project = ok(await h.app.projects.find(slug));
  const hooked = ok(await h.app.webhooks.service.add(OPERATOR, project, { url: hook.url, events: ['*'] }));
  hook.useSecret(hooked.secret);
  for (let i = 0; i < 5; i++) {
    const res = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...auth, 'idempotency-key': `fill-${String(i)}`, 'content-type': 'application/json' },
      payload: `{"name":"pet ${String(i)} ✓","categoryId":9223372036854775807,"status":"available"}`,
    });
    assert.equal(res.statusCode, 201, res.body);
  }
  const order = await h.request({ method: 'POST', url: '/v1/store/orders', headers: auth, payload: { petId: 1, quantity: 2 } });
  assert.equal(order.statusCode, 201, order.body);
  const first = await h.request({ url: '/v1/pets?limit=2', headers: auth });
  const next = /<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
  assert.ok(next, 'a next page');
  const nextUrl = new URL(next, 'http://x').pathname + new URL(next, 'http://x').search;
  const nextPage = { url: nextUrl, body: (await h.request({ url: nextUrl, headers: auth })).body };

  const person = await createPerson(h.app, `owner-${randomBytes(3).toString('hex')}@example.test`);
  ok(await h.app.accounts.addMember(OPERATOR, slug, person.email));
  const c = await ManagementClient.on(h.app);
  assert.equal((await c.signIn(person.email, person.password)).statusCode, 200);
  const created = await c.call({ method: 'POST', url: '/api/v1/tokens', payload: { name: 'ci' } });
  assert.equal(created.statusCode, 201, created.body);
  const token = (created.json() as { token: string }).token;
  const audited = await c.call({ method: 'POST', url: `/api/v1/projects/${slug}/keys`, payload: { name: 'from the dashboard' } });
  assert.equal(audited.statusCode, 201, audited.body);

  const logo = randomBytes(64 * 1024);
  const v1 = ok(
    await h.app.deploys.deploy(OPERATOR, slug, { files: [{ path: 'index.html', bytes: Buffer.from('<h1>version one</h1>') }] }),
  );
  ok(
    await h.app.deploys.deploy(OPERATOR, slug, {
      files: [
        { path: 'index.html', bytes: Buffer.from('<h1>version two</h1>') },
        { path: 'logo.bin', bytes: logo },
      ],
    }),
  );
  const previewHost = `${slug}--${String(v1.id)}.${PLATFORM}`;

  ok(await h.app.domains.add(OPERATOR, slug, DOMAIN));
  const cert = selfSigned(dir, 'restored', { commonName: DOMAIN, subjectAltName: `DNS:${DOMAIN}` });
  await sqlFor(h.storage.database).run("UPDATE domains SET status = 'verified', verified_at = ? WHERE name = ?", [new Date(), DOMAIN]);
  const sealed = keySealer(SECRETS_KEY).seal(cert.key, DOMAIN);
  await openDomainRepository(h.storage.database).storeCertificate(DOMAIN, {
    chain: cert.cert,
    key: sealed,
    expiresAt: new Date(Date.now() + 86_400_000),
    renewAt: new Date(Date.now() + 43_200_000),
  });
  // The staging environment: its own key and pets (numbered from 1), backed up and restored beside production's.
  const stagingKey = ok(await h.app.keys.create(OPERATOR, slug, 'staging', { environment: 'staging' }));
  const staging = { authorization: `Bearer ${stagingKey.key}`, host: new URL(h.app.config.stagingBaseUrl).host };
  for (const name of ['staging one', 'staging two']) {
    const res = await h.request({ method: 'POST', url: '/v1/pets', headers: staging, payload: { name, categoryId: 3 } });
    assert.equal(res.statusCode, 201, res.body);
  }
  const stagingPets = (await h.request({ url: '/v1/pets', headers: staging })).body;
  assert.deepEqual(exactIds(stagingPets), ['1', '2']);
  await hook.waitFor(1);
  return {
    slug,
    auth,
    nextPage,
    email: person.email,
    password: person.password,
    session: { cookie: c.cookie ?? '', csrfToken: c.csrfToken ?? '' },
    token,
    site: {
      live: Buffer.from('<h1>version two</h1>'),
      logo,
      preview: Buffer.from('<h1>version one</h1>'),
      previewHost,
    },
    cert,
    webhookSecret: hooked.secret,
    staging: { auth: staging, pets: stagingPets },
  };
}

interface Summary {
  file: string;
  bytes: number;
  sha256: string;
  schemaVersion: number;
  tables: Record<string, number>;
}

/** Backs up `h`'s database while a writer keeps creating pets; every pet acknowledged before the backup began must be in it. */
async function backupWhileWriting(
  h: Harness,
  databaseUrl: string,
  filled: Filled,
  file: string,
): Promise<{ summary: Summary; acknowledged: bigint[] }> {
  const acknowledged: bigint[] = [];
  let stop = false;
  const writer = (async () => {
    while (!stop) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: filled.auth,
        payload: { name: 'written during the backup', categoryId: 1 },
      });
      assert.equal(res.statusCode, 201, res.body);
      acknowledged.push(BigInt(/"id":(\d+)/.exec(res.body)?.[1] ?? '0'));
    }
  })();
  await eventually(async () => (acknowledged.length >= 20 ? true : undefined), 10_000, 'the writer to start');
  const before = [...acknowledged];
  const started = Date.now();
  const r = await runCli(['backup', file, '--json'], databaseUrl);
  stop = true;
  await writer;
  assert.equal(r.code, 0, r.stderr);
  const duringBackup = acknowledged.length - before.length;
  process.stderr.write(`# backup took ${String(Date.now() - started)} ms; ${String(duringBackup)} pets were created meanwhile\n`);
  assert.ok(duringBackup > 0, 'the server kept answering writes during the backup');
  return { summary: JSON.parse(r.stdout) as Summary, acknowledged: before };
}

/** Restores `file` into a new database on `engine`, checks every credential and site from before, and returns the restored service. */
async function restoreAndCheck(
  engine: EngineName,
  file: string,
  summary: Summary,
  filled: Filled,
  acknowledged: bigint[],
  hook: Receiver,
  cleanup: (() => Promise<void>)[],
): Promise<{ h: Harness; db: FreshDatabase }> {
  const db = await freshDatabase(engine, { onDisk: true });
  cleanup.push(() => db.drop());
  const r = await runCli(['restore', file, '--json'], db.url);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const restored = JSON.parse(r.stdout) as Summary;
  assert.deepEqual(restored.tables, summary.tables);
  assert.equal(restored.sha256, summary.sha256);

  const h = await harness({ config: config(db.url) });
  cleanup.push(() => h.close());
  const https = (await listenHttps(h.app)) as HttpsListener;
  cleanup.push(() => https.close());

  // Every pet acknowledged before the backup began is there, with its int64 category intact.
  const list = await h.request({ url: '/v1/pets?limit=100', headers: filled.auth });
  assert.equal(list.statusCode, 200, 'the old API key works');
  const sql = sqlFor(h.storage.database);
  const ids = new Set((await sql.all<{ id: bigint }>('SELECT id FROM pets')).map((p) => p.id));
  for (const id of acknowledged) assert.ok(ids.has(id), `pet ${String(id)} was acknowledged before the backup`);
  assert.match(list.body, /"categoryId":9223372036854775807/);

  // A cursor issued before the backup still pages (same SECRETS_KEY).
  assert.equal((await h.request({ url: filled.nextPage.url, headers: filled.auth })).body, filled.nextPage.body);

  // The next pet's id is past every restored one.
  const max = (await sql.one<{ m: bigint }>('SELECT MAX(id) AS m FROM pets'))?.m ?? 0n;
  const name = `after the restore ${randomBytes(4).toString('hex')}`;
  const created = await h.request({ method: 'POST', url: '/v1/pets', headers: filled.auth, payload: { name, categoryId: 2 } });
  assert.equal(created.statusCode, 201);
  const newId = BigInt(/"id":(\d+)/.exec(created.body)?.[1] ?? '0');
  assert.ok(newId > max, `new pet ${String(newId)} after every restored one (${String(max)})`);

  // Staging as it was: its key works at the staging address only, its pets are there, and its numbering continues.
  // (A restore of a restore also holds the pet the previous step added.)
  const stagingList = (await h.request({ url: '/v1/pets', headers: filled.staging.auth })).body;
  assert.ok(stagingList.startsWith(filled.staging.pets.slice(0, -1)), `staging pets restored: ${stagingList}`);
  const wrong = await h.request({ url: '/v1/pets', headers: { authorization: filled.staging.auth.authorization } });
  assert.equal(wrong.json().code, 'wrong_environment');
  const more = await h.request({
    method: 'POST',
    url: '/v1/pets',
    headers: filled.staging.auth,
    payload: { name: 'staging more', categoryId: 3 },
  });
  assert.equal(more.statusCode, 201, more.body);
  assert.equal(more.json().id, exactIds(stagingList).length + 1, "staging's next pet continues after its restored ones");
  assert.equal((await h.request({ url: '/v1/pets/3', headers: filled.auth })).json().name, 'pet 2 ✓', 'production pet 3 is untouched');

  // Password, session cookie and access token from before.
  const fresh = await ManagementClient.on(h.app);
  assert.equal((await fresh.signIn(filled.email, filled.password)).statusCode, 200, 'the password signs in');
  const old = await ManagementClient.on(h.app);
  old.cookie = filled.session.cookie;
  old.csrfToken = filled.session.csrfToken;
  assert.equal((await old.call({ url: '/api/v1/projects' })).statusCode, 200, 'the session cookie works');
  const byToken = await h.app.inject({ url: '/api/v1/projects', headers: { authorization: `Bearer ${filled.token}` } });
  assert.equal(byToken.statusCode, 200, 'the access token works');

  // Sites byte for byte, previews too.
  const site = async (host: string, url: string) => (await h.app.inject({ url, headers: { host } })).rawPayload;
  assert.deepEqual(await site(`${filled.slug}.${PLATFORM}`, '/'), filled.site.live);
  assert.deepEqual(await site(`${filled.slug}.${PLATFORM}`, '/logo.bin'), filled.site.logo);
  assert.deepEqual(await site(filled.site.previewHost, '/'), filled.site.preview);

  // The certificate, its key sealed by SECRETS_KEY, is served by SNI.
  await h.app.domainHosts.reload();
  const answer = await httpsGet(https.port, DOMAIN, '/', filled.cert.cert);
  assert.equal(answer.serial, new X509Certificate(filled.cert.cert).serialNumber, 'the restored certificate was presented');

  // The new pet's delivery verifies with the webhook's secret from before the backup.
  await eventually(
    async () => hook.received.find((d) => d.verified !== null && d.body.includes(name)),
    15_000,
    'a verified delivery of the new pet',
  );
  return { h, db };
}

async function roundTrip(from: EngineName, to: EngineName[]): Promise<void> {
  const cleanup: (() => Promise<void>)[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'petstore-backup-'));
  const hook = await receiver();
  try {
    const source = await freshDatabase(from, { onDisk: true });
    cleanup.push(() => source.drop());
    const h = await harness({ config: config(source.url) });
    let filled: Filled;
    let backup: Awaited<ReturnType<typeof backupWhileWriting>>;
    try {
      filled = await fill(h, dir, hook);
      backup = await backupWhileWriting(h, source.url, filled, join(dir, 'source.backup'));
    } finally {
      // One service at a time, as when moving: the old one stops before the restored one starts.
      await h.close();
    }
    let { summary, acknowledged } = backup;
    for (const name of FILLED_TABLES) assert.ok((summary.tables[name] ?? 0) > 0, `${name} has rows in the backup`);
    let file = summary.file;
    for (const [i, engine] of to.entries()) {
      const restored = await restoreAndCheck(engine, file, summary, filled, acknowledged, hook, cleanup);
      if (i === to.length - 1) break;
      // The restored service is itself backed up, and that backup restored further.
      const again = await runCli(['backup', join(dir, `step-${String(i)}.backup`), '--json'], restored.db.url);
      assert.equal(again.code, 0, again.stderr);
      summary = JSON.parse(again.stdout) as Summary;
      acknowledged = (await sqlFor(restored.h.storage.database).all<{ id: bigint }>('SELECT id FROM pets')).map((p) => p.id);
      file = summary.file;
    }
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    await hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describeEachEngine('backup and restore', (engine) => {
  test('everything works after a restore into a new database of the same engine', async () => {
    await roundTrip(engine.name, [engine.name]);
  });
});

const postgres = engines().find((e) => e.name === 'postgres');
describe('moving between engines', { skip: postgres?.skip ?? false }, () => {
  test('SQLite → PostgreSQL → SQLite: everything works at each step', async () => {
    await roundTrip('sqlite', ['postgres', 'sqlite']);
  });
});
