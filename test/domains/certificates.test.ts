import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { Agent } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { manualClock } from '../../src/clock.js';
import { listenHttps, type HttpsListener } from '../../src/domains/serving/https.js';
import { cleanup } from '../helpers/cleanup.js';
import { eventually, httpGet, httpsGet, readyDeploys } from '../helpers/domains.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { freePort } from '../helpers/redis-server.js';
import { OPERATOR } from '../../src/audit/actor.js';

const available = pebbleAvailable();
const PLATFORM = 'edge.platform.test';
const SECRETS_KEY = 'a test secrets key, long enough';

/**
 * Certificates end to end against Pebble: ordered after verify over http-01
 * answered on PORT from the database, stored with the key encrypted, served
 * by SNI on HTTPS_PORT; the upgrade to HTTPS, redirects, removal, CAA,
 * diagnostics and renewal.
 */
describe('custom domain certificates and HTTPS, against Pebble', { skip: available === true ? false : available }, () => {
  let rig: PebbleRig;
  let h: Harness;
  let https: HttpsListener;
  let port: number;
  let root: string;
  const clock = manualClock(Date.now());
  const deploys = readyDeploys();
  let slug: string;

  async function addVerified(name: string): Promise<void> {
    ok(await h.app.domains.add(OPERATOR, slug, name));
    await rig.setCname(name, PLATFORM);
    assert.equal(ok(await h.app.domains.verify(OPERATOR, name)).status, 'verified');
  }

  /** The suite runs on SQLite in memory: rows are read directly. */
  const sqlite = () => {
    const db = h.storage.database;
    if (db.engine !== 'sqlite') assert.fail('expected SQLite');
    return db.sqlite;
  };
  const stored = (name: string) =>
    sqlite().prepare('SELECT cert_key, cert_chain FROM domains WHERE name = ?').get(name) as { cert_key: string; cert_chain: string };
  const ordersFor = (name: string) =>
    (sqlite().prepare('SELECT COUNT(*) AS n FROM acme_orders WHERE domain = ?').get(name) as { n: number }).n;

  async function certificateOf(name: string) {
    const list = ok(await h.app.domains.list(slug));
    return list.find((d) => d.domain === name);
  }

  async function issued(name: string) {
    return eventually(`certificate for ${name}`, 30_000, async () => {
      const d = await certificateOf(name);
      assert.notEqual(d?.certificate.status, 'failed', JSON.stringify(d?.certificate));
      return d?.certificate.status === 'issued' && h.app.domainHosts.isActive(name) ? d : undefined;
    });
  }

  const PAGE = '<!doctype html><title>Shop</title><h1>Served on a custom domain</h1>\n';

  const started = cleanup();
  before(async () => {
    port = await freePort();
    rig = started.add(await startPebble({ httpPort: port }), (r) => r.stop());
    root = await rig.root();
    await rig.addA(PLATFORM, ['127.0.0.1']);
    h = await harness({
      clock,
      config: {
        port,
        platformHost: PLATFORM,
        dnsServers: [rig.dnsServer],
        acmeDirectoryUrl: rig.directoryUrl,
        acmeCaFile: rig.caFile,
        acmeCaaIdentities: ['pebble.test'],
        secretsKey: SECRETS_KEY,
        httpsPort: 0,
        certificateGraceSeconds: 1800,
      },
      wrapRepositories: { readyDeploys: () => deploys },
    });
    started.add(h, (x) => x.close());
    await h.app.listen({ port, host: '127.0.0.1' });
    const listener = await listenHttps(h.app);
    assert.ok(listener);
    https = started.add(listener, (l) => l.close());
    const { project } = await h.newProject('pro');
    slug = project;
    deploys.ready.add(ok(await h.app.projects.find(slug)).id);
    // The custom domains of this project serve its live deploy, as <slug>.<PLATFORM_HOST> does.
    const site = await h.app.deploys.deploy(OPERATOR, slug, { files: [{ path: 'index.html', bytes: Buffer.from(PAGE) }] });
    assert.equal((site as { status?: string }).status, 'ready', JSON.stringify(site));
  });
  after(() => started.run());

  test('after verify a certificate is issued and served by SNI, validated against Pebble’s root; the key is encrypted at rest', async () => {
    const name = 'www.cert-one.test';
    await addVerified(name);
    const d = await issued(name);
    assert.ok(d.certificate.notAfter);

    const res = await httpsGet(https.port, name, '/', root);
    assert.equal(res.status, 200);
    assert.equal(res.body, PAGE, 'the custom domain serves the live deploy over HTTPS');
    // The file is in memory now: the HTTPS listener's front door answers it before Fastify, the same way.
    const answered = h.app.frontDoor.answered;
    const again = await httpsGet(https.port, name, '/', root);
    assert.deepEqual([again.status, again.body, h.app.frontDoor.answered], [200, PAGE, answered + 1]);
    // HSTS on every HTTPS answer of the active domain: the regular path's, the front door's, the API's.
    assert.equal(res.headers['strict-transport-security'], 'max-age=31536000');
    assert.equal(again.headers['strict-transport-security'], 'max-age=31536000');
    assert.equal((await httpsGet(https.port, name, '/v1/pets', root)).headers['strict-transport-security'], 'max-age=31536000');
    assert.equal((await httpsGet(https.port, name, '/missing', root)).headers['strict-transport-security'], 'max-age=31536000');
    const row = stored(name);
    assert.match(row.cert_key, /^v1\./, 'the private key is stored as an AES-256-GCM envelope');
    assert.doesNotMatch(row.cert_key, /PRIVATE KEY/);
    assert.ok(new X509Certificate(row.cert_chain).checkHost(name));
  });

  test('an unknown SNI name fails the handshake and orders nothing', async () => {
    await assert.rejects(httpsGet(https.port, 'unknown.cert.test', '/', root));
    assert.equal(ordersFor('unknown.cert.test'), 0);
  });

  test('plain HTTP on an active domain gets 308 to HTTPS (same path and query), except the ACME path', async () => {
    const name = 'www.cert-one.test';
    const res = await httpGet(port, name, '/a/b?c=d');
    assert.equal(res.status, 308);
    assert.equal(res.headers.location, `https://${name}:${String(https.port)}/a/b?c=d`);
    const acme = await httpGet(port, name, '/.well-known/acme-challenge/no-such-token');
    assert.equal(acme.status, 404);
    assert.equal((JSON.parse(acme.body) as { code: string }).code, 'not_found');
    // Another host on plain HTTP is the API as before.
    assert.equal((await httpGet(port, '127.0.0.1', '/healthz')).status, 200);
    // No HSTS on plain HTTP, nor on the project's platform host or the platform's own.
    assert.equal(res.headers['strict-transport-security'], undefined);
    for (const host of [`${slug}.${PLATFORM}`, PLATFORM, '127.0.0.1']) {
      const answer = await httpGet(port, host, '/');
      assert.notEqual(answer.status, 0);
      assert.equal(answer.headers['strict-transport-security'], undefined, host);
    }
    assert.equal((await httpGet(port, `${slug}.${PLATFORM}`, '/')).body, PAGE);
  });

  test('redirect entries answer 301 to https://<to> with the same path and query, over HTTP (no 308 first) and HTTPS', async () => {
    const from = 'cert-one.test';
    await addVerified(from);
    await issued(from);
    ok(await h.app.domains.addRedirect(OPERATOR, slug, from, 'www.cert-one.test'));
    const plain = await httpGet(port, from, '/shop?item=1');
    assert.equal(plain.status, 301);
    assert.equal(plain.headers.location, `https://www.cert-one.test:${String(https.port)}/shop?item=1`);
    const secure = await httpsGet(https.port, from, '/shop?item=1', root);
    assert.equal(secure.status, 301);
    assert.equal(secure.headers.location, `https://www.cert-one.test:${String(https.port)}/shop?item=1`);
  });

  test('removal stops serving at once: the next request on an open keep-alive connection is refused, new handshakes fail', async () => {
    const name = 'www.removed.test';
    await addVerified(name);
    await issued(name);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await httpsGet(https.port, name, '/', root, agent)).status, 200);
      ok(await h.app.domains.remove(OPERATOR, name));
      const after = await httpsGet(https.port, name, '/', root, agent);
      assert.equal(after.status, 421);
      assert.equal(after.headers.connection, 'close');
      await assert.rejects(httpsGet(https.port, name, '/', root));
      assert.equal((await httpGet(port, name, '/x')).status === 308, false, 'no upgrade for a removed domain');
    } finally {
      agent.destroy();
    }
  });

  test('CAA that allows another CA fails the certificate at once with caa_blocked naming the record; no order is sent', async () => {
    const name = 'www.caa-blocked.test';
    await rig.addCaa('caa-blocked.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    await addVerified(name);
    const d = await eventually('caa_blocked', 10_000, async () => {
      const c = await certificateOf(name);
      return c?.certificate.status === 'failed' ? c : undefined;
    });
    assert.equal(d.certificate.reason, 'caa_blocked');
    assert.match(d.certificate.message ?? '', /caa-blocked\.test\. CAA 0 issue "other-ca\.example"/);
    assert.ok(d.certificate.nextAttemptAt, 'the next attempt is shown');
    assert.equal(ordersFor(name), 0);

    // After CERTIFICATE_GRACE_SECONDS without a certificate, list gives diagnostics.
    clock.advance(1801 * 1000);
    const late = await certificateOf(name);
    assert.ok(late?.diagnostics, 'diagnostics after the grace period');
    assert.equal(late.diagnostics.dns.status, 'verified');
    assert.equal(late.diagnostics.caa.status, 'blocked');
    assert.match(late.diagnostics.message, /still points at the platform/);

    // Re-verify once CAA allows the CA: a new attempt starts now and succeeds.
    await rig.clearCaa('caa-blocked.test');
    await rig.addCaa('caa-blocked.test', [{ tag: 'issue', value: 'pebble.test' }]);
    const again = ok(await h.app.domains.verify(OPERATOR, name));
    assert.equal(again.certificate.status, 'pending');
    await issued(name);
  });

  test('a project downgraded below Pro keeps its domains, unserved, until it is upgraded again', async () => {
    const name = 'www.cert-one.test';
    ok(await h.app.projects.setPlan(OPERATOR, slug, 'free'));
    await h.app.domainHosts.reload();
    assert.equal(h.app.domainHosts.isActive(name), false);
    await assert.rejects(httpsGet(https.port, name, '/', root));
    assert.equal((await certificateOf(name))?.certificate.status, 'issued', 'the domain and its certificate are kept');
    ok(await h.app.projects.setPlan(OPERATOR, slug, 'pro'));
    await h.app.domainHosts.reload();
    assert.equal((await httpsGet(https.port, name, '/', root)).status, 200);
  });

  test('renewal: once two thirds of the lifetime have passed a new certificate is ordered and served without a restart', async () => {
    const name = 'www.cert-one.test';
    const before = await httpsGet(https.port, name, '/', root);
    const d = await certificateOf(name);
    const notAfter = Date.parse(d?.certificate.notAfter ?? '');
    // Pebble's certificates last years: move the clock to just past the renewal time computed from the certificate.
    const notBefore = Date.parse(new X509Certificate(stored(name).cert_chain).validFrom);
    clock.set(notBefore + ((notAfter - notBefore) * 2) / 3 + 60_000);
    h.app.certificates?.kick();
    const renewed = await eventually('a renewed certificate served', 30_000, async () => {
      const res = await httpsGet(https.port, name, '/', root);
      return res.serial !== before.serial ? res : undefined;
    });
    assert.equal(renewed.status, 200);
  });
});

describe('custom domain certificates when the CA is unreachable', { skip: available === true ? false : available }, () => {
  test('the certificate fails with ca_unreachable in words, a next attempt is scheduled, nothing crashes', async () => {
    const rig = await startPebble({ httpPort: 1 });
    const closedPort = await freePort();
    const deploys = readyDeploys();
    const h = await harness({
      config: {
        platformHost: PLATFORM,
        dnsServers: [rig.dnsServer],
        acmeDirectoryUrl: `https://127.0.0.1:${String(closedPort)}/dir`,
        acmeCaaIdentities: ['pebble.test'],
      },
      wrapRepositories: { readyDeploys: () => deploys },
    });
    try {
      const { project } = await h.newProject('business');
      deploys.ready.add(ok(await h.app.projects.find(project)).id);
      const name = 'www.no-ca.test';
      ok(await h.app.domains.add(OPERATOR, project, name));
      await rig.setCname(name, PLATFORM);
      ok(await h.app.domains.verify(OPERATOR, name));
      const d = await eventually('ca_unreachable', 15_000, async () => {
        const list = ok(await h.app.domains.list(project));
        return list[0]?.certificate.status === 'failed' ? list[0] : undefined;
      });
      assert.equal(d.certificate.reason, 'ca_unreachable');
      assert.match(d.certificate.message ?? '', /could not be reached \(ECONNREFUSED\)/);
      assert.ok(Date.parse(d.certificate.nextAttemptAt ?? '') > Date.now(), 'retried later, with backoff');
      assert.equal((await h.app.inject({ url: '/healthz' })).statusCode, 200);
    } finally {
      await h.close();
      await rig.stop();
    }
  });
});
