import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engines, freshPostgresDatabase, type FreshDatabase } from '../helpers/engines.js';
import { buildPreviousRelease, missingHistory, releaseCommit, type PreviousRelease } from '../helpers/previous-release.js';
import { runCli, startServer, type RunningServer } from '../helpers/processes.js';
import { accessToken } from '../helpers/remote-cli.js';

/** The commit release 1.0.0 was cut from, as CHANGELOG.md names it. */
const RELEASE_1_0_0 = releaseCommit('1.0.0');
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
// The most a revocation may take to reach every instance (docs/operations.md).
const PROPAGATION_MS = 5000;

const history = await missingHistory(RELEASE_1_0_0);
const postgres = engines().find((e) => e.name === 'postgres')?.skip;
// Under CI=true nothing is skipped: a clone without the history fails the build below instead.
const skip = process.env.CI === 'true' ? undefined : (history ?? postgres);

type Json = Record<string, unknown>;

/** A folder holding one index.html with this body. */
function siteDir(body: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-upgrade-site-'));
  writeFileSync(join(dir, 'index.html'), body);
  return dir;
}

/** The body a server answers on this host (a project's site or a preview). */
function siteBody(server: RunningServer, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every answer of a traffic loop, by status; what was not a 2xx, with its body. */
interface Tally {
  total: number;
  byStatus: Map<number, number>;
  unexpected: string[];
}

/*
 * A rolling upgrade as docs/upgrading.md describes it, on PostgreSQL: release 1.0.0 built from this
 * repository's history serves a database; this build migrates it while 1.0.0 serves traffic; then both
 * serve side by side, each reading what the other wrote, through the v1 API, the management API and the
 * CLI; finally, with 1.0.0 stopped, `migrate --contract`. No answer may be a 5xx.
 */
const NAME = 'rolling upgrade from release 1.0.0 on PostgreSQL';
// A skipped test (not only a skipped suite) so the run's summary counts it.
if (skip) test(NAME, { skip }, () => undefined);
else
  describe(NAME, () => {
    let release: PreviousRelease;
    let db: FreshDatabase;
    let env: { DATABASE_URL: string; DATABASE_POOL_SIZE: string; WEBHOOK_ALLOW_PRIVATE: string };
    let previous: RunningServer;
    let current: RunningServer | undefined;
    const slug = `upgrade-${randomBytes(4).toString('hex')}`;
    let key: string;
    let token: string;
    const started = Date.now();

    const call = async (server: RunningServer, method: string, path: string, auth: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, text, json: (text ? JSON.parse(text) : null) as unknown, requestId: res.headers.get('x-request-id') };
    };
    /** The answer's JSON after checking its status. */
    const ok = async <T = Json>(server: RunningServer, method: string, path: string, auth: string, body?: unknown, status = 200) => {
      const r = await call(server, method, path, auth, body);
      assert.equal(r.status, status, `${method} ${path} on ${server === previous ? '1.0.0' : VERSION}: ${r.text}`);
      return r.json as T;
    };
    const api = (path: string) => `/api/v1/projects/${slug}${path}`;
    const cli = async (bin: string | undefined, ...args: string[]) => {
      const r = await runCli(args, env.DATABASE_URL, env, bin);
      assert.equal(r.code, 0, `petstore ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };

    /** v1 and management calls in a loop until `stop` resolves (or 2,000 answers), each a 2xx. */
    async function traffic(server: RunningServer, stop: Promise<void>): Promise<Tally> {
      const tally: Tally = { total: 0, byStatus: new Map(), unexpected: [] };
      let stopped = false;
      void stop.then(() => (stopped = true));
      const steps: (() => Promise<{ status: number; text: string; json: unknown }>)[] = [
        () => call(server, 'POST', '/v1/pets', key, { name: `busy ${String(tally.total)}`, categoryId: 3 }),
        () => call(server, 'GET', '/v1/pets?limit=20&status=available', key),
        () => call(server, 'GET', '/v1/store/inventory', key),
        () => call(server, 'GET', api('/keys'), token),
        () => call(server, 'GET', '/v1/store/orders?limit=5', key),
      ];
      for (let i = 0; !stopped && i < 2000; i++) {
        let r: { status: number; text: string };
        try {
          r = await (steps[i % steps.length] ?? steps[0]!)();
        } catch (err) {
          r = { status: 0, text: String(err) };
        }
        tally.total++;
        tally.byStatus.set(r.status, (tally.byStatus.get(r.status) ?? 0) + 1);
        if (r.status < 200 || r.status > 299) tally.unexpected.push(`${String(r.status)} ${r.text.slice(0, 200)}`);
      }
      return tally;
    }

    /** Runs `loops` traffic loops on each server for `ms`; none may see anything but 2xx answers. */
    async function busy(servers: RunningServer[], ms: number, during?: () => Promise<void>): Promise<number> {
      let release_: () => void = () => undefined;
      const stop = new Promise<void>((done) => (release_ = done));
      const loops = servers.flatMap((s) => [traffic(s, stop), traffic(s, stop)]);
      await new Promise((r) => setTimeout(r, ms / 2));
      await during?.();
      await new Promise((r) => setTimeout(r, ms / 2));
      release_();
      const tallies = await Promise.all(loops);
      const unexpected = tallies.flatMap((t) => t.unexpected);
      // What the servers logged as warnings or errors, so a failure says why (a query's bound, a lock, a connection).
      const warnings = servers.flatMap((s) => s.logs.filter((l) => Number(l.level) >= 40).map((l) => JSON.stringify(l).slice(0, 600)));
      assert.deepEqual(unexpected, [], `every answer under traffic is a 2xx; the servers' warnings:\n${warnings.slice(-10).join('\n')}`);
      const total = tallies.reduce((n, t) => n + t.total, 0);
      assert.ok(total >= 20 * loops.length, `only ${String(total)} requests were answered`);
      return total;
    }

    before(async () => {
      release = await buildPreviousRelease(RELEASE_1_0_0);
      db = await freshPostgresDatabase();
      env = { DATABASE_URL: db.url, DATABASE_POOL_SIZE: '4', WEBHOOK_ALLOW_PRIVATE: 'true' };
    });
    after(async () => {
      await Promise.all([previous?.stop(), current?.stop()]);
      await db?.drop();
      await release?.remove();
      // The figure docs/upgrading.md and the release notes quote.
      console.log(
        `# rolling upgrade: 1.0.0 built in ${String(release?.buildSeconds.toFixed(1))} s, ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
      );
    });

    // What 1.0.0 wrote before the upgrade, read back on both releases after it.
    const written = { pets: [] as Json[], orderId: 0, keyId: '', key: '', webhookId: '', deployIds: [] as string[] };
    const sites: string[] = [];
    after(() => {
      for (const d of sites) rmSync(d, { recursive: true, force: true });
    });
    /** `petstore deploy` of a one-page site with this release's CLI; the deploy's id. */
    const deploy = async (bin: string | undefined, body: string) => {
      const dir = siteDir(body);
      sites.push(dir);
      return (JSON.parse(await cli(bin, 'deploy', slug, dir, '--json')) as { id: string }).id;
    };

    test('1.0.0 serves a new database: its CLI, the v1 API and the management API', async () => {
      previous = await startServer(env, 30_000, release.bin);
      await cli(release.bin, 'projects', 'create', slug, '--plan', 'enterprise', '--per-minute', '1000000', '--per-day', '100000000');
      key = (JSON.parse(await cli(release.bin, 'keys', 'create', '--project', slug, '--json')) as { key: string }).key;
      const admin = JSON.parse(await cli(release.bin, 'users', 'create', `admin-${slug}@example.test`, '--admin', '--json')) as {
        email: string;
        password: string;
      };
      token = await accessToken(previous.url, admin.email, admin.password, 'write');

      for (const name of ['Rex', 'Tom', 'Kiki'])
        written.pets.push(await ok(previous, 'POST', '/v1/pets', key, { name, categoryId: 7 }, 201));
      const order = await ok<{ id: number }>(previous, 'POST', '/v1/store/orders', key, { petId: written.pets[0]?.id }, 201);
      written.orderId = order.id;
      await ok(previous, 'PATCH', `/v1/store/orders/${String(order.id)}`, key, { status: 'approved' });
      const created = await ok<{ id: string; key: string }>(previous, 'POST', api('/keys'), token, { name: 'made on 1.0.0' }, 201);
      Object.assign(written, { keyId: created.id, key: created.key });
      const hook = await ok<{ id: string }>(
        previous,
        'POST',
        api('/webhooks'),
        token,
        { url: 'http://127.0.0.1:9/hook', events: ['*'] },
        201,
      );
      written.webhookId = hook.id;
      // Deploys 1.0.0 made, before deploys were numbered per project.
      for (const body of ['one', 'two']) written.deployIds.push(await deploy(release.bin, body));
    });

    test('this build migrates the database while 1.0.0 serves traffic: no answer but a 2xx', async () => {
      let migrated = '';
      const answered = await busy([previous], 3000, async () => {
        migrated = await cli(undefined, 'migrate');
      });
      assert.match(migrated, /database schema is (up to date|ready for this release)/);
      const status = JSON.parse(await cli(undefined, 'migrate', '--status', '--json')) as {
        version: string;
        migrations: { applied: boolean; kind: string }[];
      };
      assert.equal(status.version, VERSION);
      assert.deepEqual(
        status.migrations.filter((m) => !m.applied && m.kind !== 'contract'),
        [],
        'every expand migration is applied',
      );
      assert.ok(answered > 0);
      assert.equal((await fetch(`${previous.url}/readyz`)).status, 200);
    });

    test('both releases side by side: each reads what the other wrote, v1, management API and CLI alike', async () => {
      current = await startServer(env);
      const now = current;
      const ready = (await (await fetch(`${now.url}/readyz`)).json()) as { version: string; schema: { status: string } };
      assert.equal(ready.version, VERSION);
      assert.match(ready.schema.status, /^(current|contract_pending)$/);

      // Pets and orders 1.0.0 wrote, read on this build byte for byte, and the reverse.
      for (const pet of written.pets) {
        const path = `/v1/pets/${String(pet.id)}`;
        assert.equal((await call(now, 'GET', path, key)).text, (await call(previous, 'GET', path, key)).text);
      }
      const made = await ok(now, 'POST', '/v1/pets', key, { name: 'Born on the new release', categoryId: 9 }, 201);
      assert.deepEqual(await ok(previous, 'GET', `/v1/pets/${String(made.id)}`, key), made);
      const listing = '/v1/pets?limit=100';
      assert.equal((await call(now, 'GET', listing, key)).text, (await call(previous, 'GET', listing, key)).text);
      const order = `/v1/store/orders/${String(written.orderId)}`;
      assert.equal((await ok(now, 'PATCH', order, key, { status: 'delivered' })).status, 'delivered');
      assert.equal((await ok(previous, 'GET', order, key)).complete, true);
      const placed = await ok<{ id: number }>(previous, 'POST', '/v1/store/orders', key, { petId: made.id }, 201);
      await ok(now, 'DELETE', `/v1/store/orders/${String(placed.id)}`, key);
      assert.equal((await ok(previous, 'GET', `/v1/store/orders/${String(placed.id)}`, key)).status, 'cancelled');
      assert.deepEqual(await ok(now, 'GET', '/v1/store/inventory', key), await ok(previous, 'GET', '/v1/store/inventory', key));

      // Keys made on either work on both; a revocation on one reaches the other.
      await ok(now, 'GET', '/v1/pets?limit=1', written.key);
      const fresh = await ok<{ id: string; key: string }>(now, 'POST', api('/keys'), token, { name: `made on ${VERSION}` }, 201);
      await ok(previous, 'GET', '/v1/pets?limit=1', fresh.key);
      const ids = (keys: Json[]) => keys.map((k) => k.id);
      const listed = await ok<Json[]>(previous, 'GET', api('/keys'), token);
      assert.deepEqual(ids(await ok<Json[]>(now, 'GET', api('/keys'), token)), ids(listed));
      assert.ok(ids(listed).includes(written.keyId) && ids(listed).includes(fresh.id));
      await ok(previous, 'DELETE', api(`/keys/${fresh.id}`), token, undefined, 204);
      const deadline = Date.now() + PROPAGATION_MS + 1000;
      while ((await call(now, 'GET', '/v1/pets?limit=1', fresh.key)).status !== 401) {
        assert.ok(Date.now() < deadline, `a key revoked on 1.0.0 still works on ${VERSION} after ${String(PROPAGATION_MS)} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }

      // Webhooks, events, audit, the request log and usage, through the management API of both.
      assert.equal((await ok(now, 'GET', api(`/webhooks/${written.webhookId}`), token)).url, 'http://127.0.0.1:9/hook');
      const hook = await ok<{ id: string }>(
        now,
        'POST',
        api('/webhooks'),
        token,
        { url: 'http://127.0.0.1:9/new', events: ['pet.created'] },
        201,
      );
      assert.ok(ids(await ok<Json[]>(previous, 'GET', api('/webhooks'), token)).includes(hook.id));
      // Newest first: the pet this build made, then those 1.0.0 made under traffic while the database migrated.
      // This build's answers carry what 1.1.0 adds (`environment`, always production here); the rest is the same.
      const as100 = (list: Json[]) =>
        list.map(({ environment, ...rest }) => {
          assert.equal(environment, 'production');
          return rest;
        });
      const events = await ok<{ type: string; data: Json }[]>(now, 'GET', api('/events?type=pet.created&limit=100'), token);
      assert.deepEqual(await ok(previous, 'GET', api('/events?type=pet.created&limit=100'), token), as100(events));
      assert.ok(
        events.some((e) => e.data.id === made.id),
        'an event this build wrote',
      );
      assert.ok(
        events.some((e) => String(e.data.name).startsWith('busy ')),
        'an event 1.0.0 wrote',
      );
      assert.deepEqual(as100(await ok<Json[]>(now, 'GET', api('/audit'), token)), await ok(previous, 'GET', api('/audit'), token));
      const seen = (await call(previous, 'GET', '/v1/pets?limit=2', key)).requestId ?? '';
      const logged = Date.now() + 5000;
      while ((await ok<Json[]>(now, 'GET', api(`/requests?requestId=${encodeURIComponent(seen)}`), token)).length === 0) {
        assert.ok(Date.now() < logged, `a request 1.0.0 answered (${seen}) is not in the request log read on ${VERSION}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      for (const server of [previous, now]) assert.equal((await ok(server, 'GET', api('/usage'), token)).project, slug);

      // Deploys: those 1.0.0 made before the migration are numbered 1, 2; one it makes now gets 3, one this build
      // makes 4. Its preview addresses by id keep answering on both; this build serves the numbered ones too.
      written.deployIds.push(await deploy(release.bin, 'three'), await deploy(undefined, 'four'));
      const deploys = await ok<{ id: string; number: number }[]>(now, 'GET', api('/deploys'), token);
      assert.deepEqual(
        deploys.map((d) => [d.number, d.id]),
        written.deployIds.map((id, i) => [i + 1, id]).reverse(),
      );
      const previous100 = await ok<{ id: string }[]>(previous, 'GET', api('/deploys'), token);
      assert.deepEqual(
        previous100.map((d) => d.id),
        deploys.map((d) => d.id),
      );
      for (const [i, id] of written.deployIds.entries()) {
        const body = ['one', 'two', 'three', 'four'][i];
        for (const server of [previous, now]) assert.deepEqual(await siteBody(server, `${slug}--${id}.localhost`), { status: 200, body });
        assert.deepEqual(await siteBody(now, `${slug}--deploy-${String(i + 1)}.localhost`), { status: 200, body });
      }

      // The operator CLI of each release on the same database.
      for (const bin of [release.bin, undefined]) {
        const keys = JSON.parse(await cli(bin, 'keys', 'list', '--project', slug, '--json')) as Json[];
        assert.ok(ids(keys).includes(fresh.id) && ids(keys).includes(written.keyId));
      }

      // Both under traffic at once.
      await busy([previous, now], 2000);
    });

    test('once 1.0.0 is stopped, migrate --contract; this build keeps serving', async () => {
      assert.equal((await previous.stop()).code, 0);
      const now = current!;
      const [contract] = await Promise.all([cli(undefined, 'migrate', '--contract'), busy([now], 1000)]);
      assert.match(contract, /database schema is up to date/);
      const status = JSON.parse(await cli(undefined, 'migrate', '--status', '--json')) as { pending: number };
      assert.equal(status.pending, 0);
      const ready = (await (await fetch(`${now.url}/readyz`)).json()) as { schema: { status: string } };
      assert.equal(ready.schema.status, 'current');
    });
  });
