import assert from 'node:assert/strict';
import { Agent } from 'node:https';
import { after, before, describe, test } from 'node:test';
import { manualClock } from '../../src/clock.js';
import { listenHttps, type HttpsListener } from '../../src/domains/serving/https.js';
import { eventually, httpGet, httpsGet, readyDeploys } from '../helpers/domains.js';
import { cleanup } from '../helpers/cleanup.js';
import { engines, freshDatabase, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { freePort } from '../helpers/redis-server.js';
import { OPERATOR } from '../../src/audit/actor.js';

const available = pebbleAvailable();
const PLATFORM = 'multi.platform.test';
const skip = available === true ? false : available;
// Decided before anything starts: this suite needs PostgreSQL as well as Pebble.
const postgresSkip = skip || (engines().find((e) => e.name === 'postgres')?.skip ?? false);

describe('background DNS re-checks of pending domains', { skip }, () => {
  test('a pending domain is checked again 1 min later, then 2, 4 … (at most 1 h), and verifies once its record appears', async () => {
    const rig = await startPebble({ httpPort: 1 });
    const clock = manualClock(Date.now());
    const deploys = readyDeploys();
    const h = await harness({
      clock,
      config: { platformHost: PLATFORM, dnsServers: [rig.dnsServer] },
      wrapRepositories: { readyDeploys: () => deploys },
    });
    try {
      const { project } = await h.newProject('pro');
      deploys.ready.add(ok(await h.app.projects.find(project)).id);
      const name = 'www.later.test';
      ok(await h.app.domains.add(OPERATOR, project, name));
      const nextCheck = async () => {
        const row =
          h.storage.database.engine === 'sqlite'
            ? h.storage.database.sqlite.prepare('SELECT next_check_at AS at FROM domains WHERE name = ?').get(name)
            : null;
        return Number((row as { at: number }).at);
      };
      const start = clock.now();
      assert.equal(await nextCheck(), start + 60_000);
      clock.advance(30_000);
      await h.app.domainRechecks.run();
      assert.equal(await nextCheck(), start + 60_000, 'not due yet: not checked');
      clock.advance(31_000);
      await h.app.domainRechecks.run();
      assert.equal(await nextCheck(), clock.now() + 120_000, 'checked; the next check doubles the delay');
      clock.advance(121_000);
      await h.app.domainRechecks.run();
      assert.equal(await nextCheck(), clock.now() + 240_000);

      await rig.setCname(name, PLATFORM);
      clock.advance(241_000);
      await h.app.domainRechecks.run();
      const [d] = ok(await h.app.domains.list(project));
      assert.equal(d?.status, 'verified');
      assert.equal(d?.certificate.status, 'pending', 'a domain verified in the background starts its certificate');
    } finally {
      await h.close();
      await rig.stop();
    }
  });
});

describe('two instances on one SQLite file', { skip }, () => {
  test('a change on one instance reaches the other within 1 s (data_version): a redirect starts, then a removal stops it', async () => {
    const rig = await startPebble({ httpPort: 1 });
    const db = await freshDatabase('sqlite', { onDisk: true });
    const deploys = readyDeploys();
    const config = { databaseUrl: db.url, platformHost: PLATFORM, dnsServers: [rig.dnsServer] };
    const a = await harness({ config, wrapRepositories: { readyDeploys: () => deploys } });
    const b = await harness({ config, wrapRepositories: { readyDeploys: () => deploys } });
    try {
      const { project } = await a.newProject('pro');
      deploys.ready.add(ok(await a.app.projects.find(project)).id);
      for (const name of ['sq.test', 'www.sq.test']) {
        ok(await a.app.domains.add(OPERATOR, project, name));
        await rig.setCname(name, PLATFORM);
        ok(await a.app.domains.verify(OPERATOR, name));
      }
      ok(await a.app.domains.addRedirect(OPERATOR, project, 'sq.test', 'www.sq.test'));
      const seen = async (status: number) => (await b.app.inject({ url: '/x', headers: { host: 'sq.test' } })).statusCode === status;
      let t = Date.now();
      await eventually('the redirect on the other instance', 1000, () => seen(301));
      const added = Date.now() - t;
      t = Date.now();
      ok(await a.app.domains.remove(OPERATOR, 'sq.test'));
      await eventually('the removal on the other instance', 1000, async () => !(await seen(301)));
      process.stderr.write(
        `# SQLite: redirect seen by the other instance after ${String(added)} ms, removal after ${String(Date.now() - t)} ms\n`,
      );
    } finally {
      await b.close();
      await a.close();
      await db.drop();
      await rig.stop();
    }
  });
});

describe('two instances on PostgreSQL with Pebble', { skip: postgresSkip }, () => {
  let rig: PebbleRig;
  let db: FreshDatabase;
  let a: Harness;
  let b: Harness;
  let httpsA: HttpsListener;
  let httpsB: HttpsListener;
  let root: string;
  const deploys = readyDeploys();
  const started = cleanup();

  before(async () => {
    const port = await freePort();
    rig = started.add(await startPebble({ httpPort: port }), (r) => r.stop());
    root = await rig.root();
    await rig.addA(PLATFORM, ['127.0.0.1']);
    db = started.add(await freshPostgresDatabase(), (d) => d.drop());
    const config = {
      databaseUrl: db.url,
      platformHost: PLATFORM,
      dnsServers: [rig.dnsServer],
      acmeDirectoryUrl: rig.directoryUrl,
      acmeCaFile: rig.caFile,
      acmeCaaIdentities: ['pebble.test'],
      secretsKey: 'the shared secrets key of both instances',
      httpsPort: 0,
    };
    a = started.add(await harness({ config: { ...config, port }, wrapRepositories: { readyDeploys: () => deploys } }), (h) => h.close());
    b = started.add(await harness({ config, wrapRepositories: { readyDeploys: () => deploys } }), (h) => h.close());
    // Only A answers on the port Pebble dials: when B orders, A answers the challenge from the database.
    await a.app.listen({ port, host: '127.0.0.1' });
    httpsA = started.add((await listenHttps(a.app)) as HttpsListener, (l) => l.close());
    httpsB = started.add((await listenHttps(b.app)) as HttpsListener, (l) => l.close());
  });
  after(() => started.run());

  test('one instance orders, both serve the certificate; a removal on one reaches the other within 1 s, keep-alive included', async () => {
    const { project } = await b.newProject('enterprise');
    deploys.ready.add(ok(await b.app.projects.find(project)).id);
    await b.app.deploys.deploy(OPERATOR, project, { files: [{ path: 'index.html', bytes: Buffer.from('<h1>shop</h1>') }] });
    const name = 'www.two.test';
    ok(await b.app.domains.add(OPERATOR, project, name));
    await rig.setCname(name, PLATFORM);
    ok(await b.app.domains.verify(OPERATOR, name));
    // Both workers look for due certificates; the lease lets one of them order.
    a.app.certificates?.kick();
    await eventually('active on both instances', 30_000, async () => a.app.domainHosts.isActive(name) && b.app.domainHosts.isActive(name));
    const pg = a.storage.database.engine === 'postgres' ? a.storage.database.pg : assert.fail('expected PostgreSQL');
    const orders = await pg.query<{ n: bigint }>('SELECT COUNT(*) AS n FROM acme_orders WHERE domain = $1', [name]);
    assert.equal(orders.rows[0]?.n, 1n, 'one order for the domain');

    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await httpsGet(httpsA.port, name, '/', root, agent)).status, 200);
      assert.equal((await httpsGet(httpsB.port, name, '/', root)).status, 200);
      const t = Date.now();
      ok(await b.app.domains.remove(OPERATOR, name));
      await eventually(
        'the removal on the other instance',
        1000,
        async () => (await httpsGet(httpsA.port, name, '/', root, agent)).status === 421,
      );
      process.stderr.write(`# PostgreSQL: removal seen by the other instance after ${String(Date.now() - t)} ms\n`);
      await assert.rejects(httpsGet(httpsA.port, name, '/', root));
      assert.equal(
        (await httpGet(a.app.server.address() ? (a.app.server.address() as { port: number }).port : 0, name, '/')).status === 308,
        false,
      );
    } finally {
      agent.destroy();
    }
  });
});
