import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { cleanup } from '../helpers/cleanup.js';
import { describeEachEngine } from '../helpers/engines.js';
import { tarGz } from '../helpers/deploys.js';
import { harness, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { OPERATOR } from '../../src/audit/actor.js';

const available = pebbleAvailable();
const PLATFORM = 'sites.platform.test';
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;
let n = 0;
/** A name under a registrable domain of its own: names verified in one project make others under it need ownership proof. */
const unique = (prefix: string) => {
  const i = String(++n);
  return `${prefix}${i}-${String(process.pid)}.shop${i}.test`;
};

interface DomainJson {
  domain: string;
  status: string;
  reason?: string;
  message: string;
  found: { cname: string | null; addresses: string[] };
  records: { type: string; name: string; value: string; ttl: number }[];
  certificate: { status: string };
}

describeEachEngine('management API: custom domains and redirects, against challtestsrv', () => {
  if (available !== true) {
    test('every management custom-domain test', { skip: available }, () => undefined);
    return;
  }
  let rig: PebbleRig;
  let h: Harness;
  let admin: ManagementClient;

  const started = cleanup();
  before(async () => {
    rig = started.add(await startPebble({ httpPort: 1 }), (r) => r.stop());
    h = started.add(await harness({ config: { platformHost: PLATFORM, dnsServers: [rig.dnsServer] } }), (x) => x.close());
    const me = await createPerson(h.app, email('admin'), { admin: true });
    admin = await ManagementClient.on(h.app);
    assert.equal((await admin.signIn(me.email, me.password)).statusCode, 200);
  });
  after(() => started.run());

  /** A project on this plan, with a deploy uploaded through the API unless told otherwise. */
  async function project(plan: string, deployed = true): Promise<string> {
    const { project: slug } = await h.newProject(plan);
    if (deployed) {
      const res = await admin.call({
        method: 'POST',
        url: `/api/v1/projects/${slug}/deploys`,
        payload: await tarGz([{ name: 'index.html', content: `<h1>${slug}</h1>` }]),
        headers: { 'content-type': 'application/gzip' },
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    return slug;
  }

  const add = (slug: string, domain: string, client = admin) =>
    client.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains`, payload: { domain } });

  test('add answers the preconditions with what to do: plan_required on Free, deploy_required without a deploy', async () => {
    const free = await add(await project('free'), unique('www.free'));
    assert.equal(free.statusCode, 403);
    assert.equal(free.json().code, 'plan_required');
    assert.match(free.json().message, /Pro or above.*Upgrade/);
    const none = await add(await project('pro', false), unique('www.none'));
    assert.equal(none.statusCode, 409);
    assert.equal(none.json().code, 'deploy_required');
    assert.match(none.json().message, /Deploy the site first/);
    const bad = await add(await project('pro'), 'https://www.example.com/');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'invalid_domain');
  });

  test('add shows the records; verify walks not found, conflicting A, wrong CNAME, right CNAME; remove', async () => {
    const slug = await project('pro');
    const name = unique('www.flow');
    const added = await add(slug, name.toUpperCase());
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(added.headers.location, `/api/v1/projects/${slug}/domains/${name}`);
    const body = added.json() as DomainJson;
    assert.equal(body.domain, name);
    assert.equal(body.status, 'pending');
    assert.deepEqual(body.records, [{ type: 'CNAME', name: name.split('.shop')[0] ?? '', value: PLATFORM, ttl: 3600 }]);
    const taken = await add(slug, name);
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().code, 'domain_taken');

    const verify = async () => {
      const res = await admin.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains/${name}/verify` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as DomainJson;
    };
    const notYet = await verify();
    assert.equal(notYet.reason, 'not_found');
    assert.match(notYet.message, /48 hours/);

    await rig.addA(name, ['198.51.100.7']);
    const conflicting = await verify();
    assert.equal(conflicting.status, 'failed');
    assert.equal(conflicting.reason, 'conflicting_a_record');
    assert.deepEqual(conflicting.found.addresses, ['198.51.100.7']);
    await rig.clearA(name);

    await rig.setCname(name, 'elsewhere.example.net');
    const mismatch = await verify();
    assert.equal(mismatch.reason, 'cname_mismatch');
    assert.equal(mismatch.found.cname, 'elsewhere.example.net');

    await rig.setCname(name, PLATFORM);
    const verified = await verify();
    assert.equal(verified.status, 'verified');
    assert.equal(verified.certificate.status, 'pending');
    const got = await admin.call({ url: `/api/v1/projects/${slug}/domains/${name}` });
    assert.equal((got.json() as DomainJson).status, 'verified');

    const removed = await admin.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/domains/${name}` });
    assert.equal(removed.statusCode, 204);
    assert.equal((await admin.call({ url: `/api/v1/projects/${slug}/domains/${name}` })).statusCode, 404);
    assert.deepEqual((await admin.call({ url: `/api/v1/projects/${slug}/domains` })).json(), []);
    await rig.clearCname(name);
  });

  test('redirects: add, list, refuse a loop or a foreign domain, remove', async () => {
    const slug = await project('pro');
    const apex = unique('r');
    const www = `www.${apex}`;
    for (const d of [apex, www]) assert.equal((await add(slug, d)).statusCode, 201);
    const created = await admin.call({ method: 'POST', url: `/api/v1/projects/${slug}/redirects`, payload: { from: apex, to: www } });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(created.json(), { from: apex, to: www, status: 301 });
    const loop = await admin.call({ method: 'POST', url: `/api/v1/projects/${slug}/redirects`, payload: { from: www, to: apex } });
    assert.equal(loop.statusCode, 400);
    assert.equal(loop.json().code, 'invalid_redirect');
    assert.match(loop.json().message, /loop/);
    const foreign = await admin.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/redirects`,
      payload: { from: www, to: 'other.example.com' },
    });
    assert.equal(foreign.statusCode, 400);
    assert.deepEqual((await admin.call({ url: `/api/v1/projects/${slug}/redirects` })).json(), [{ from: apex, to: www, status: 301 }]);
    const removed = await admin.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/redirects/${apex}` });
    assert.equal(removed.statusCode, 204);
    assert.deepEqual((await admin.call({ url: `/api/v1/projects/${slug}/redirects` })).json(), []);
    const again = await admin.call({ method: 'DELETE', url: `/api/v1/projects/${slug}/redirects/${apex}` });
    assert.equal(again.statusCode, 404);
  });

  test('an apex offers its www pair; one request adds it with the redirect; each verifies on its own, with no PLATFORM_ADDRESSES', async () => {
    const slug = await project('pro');
    const apex = `pair${String(++n)}-${String(process.pid)}.test`;
    const www = `www.${apex}`;
    const added = await add(slug, apex);
    assert.equal(added.statusCode, 201, added.body);
    const body = added.json() as DomainJson & { suggestedPair?: { domain: string; redirect: object; message: string } };
    assert.equal(body.suggestedPair?.domain, www);
    assert.deepEqual(body.suggestedPair.redirect, { from: www, to: apex, status: 301 });
    assert.match(body.suggestedPair.message, new RegExp(`add it too, redirecting \\(301\\) to ${apex.replace(/\./g, '\\.')}`));

    // A redirect to a name that is not a domain of the project is refused, and nothing is added.
    const stray = await admin.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/domains`,
      payload: { domain: www, redirectTo: 'elsewhere.example.com' },
    });
    assert.equal(stray.statusCode, 400);
    assert.equal(stray.json().code, 'invalid_redirect');

    const pair = await admin.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains`, payload: { domain: www, redirectTo: apex } });
    assert.equal(pair.statusCode, 201, pair.body);
    const pairBody = pair.json() as DomainJson & { redirect?: object; suggestedPair?: object };
    assert.deepEqual(pairBody.redirect, { from: www, to: apex, status: 301 });
    assert.equal(pairBody.suggestedPair, undefined, 'the project has both names now');
    assert.deepEqual(
      ((await admin.call({ url: `/api/v1/projects/${slug}/domains` })).json() as DomainJson[]).map((d) => d.domain).sort(),
      [apex, www].sort(),
    );
    assert.deepEqual((await admin.call({ url: `/api/v1/projects/${slug}/redirects` })).json(), [{ from: www, to: apex, status: 301 }]);

    // The www name verifies by its CNAME while the apex still waits; then the apex by its flattened addresses.
    const verify = async (name: string) =>
      (await admin.call({ method: 'POST', url: `/api/v1/projects/${slug}/domains/${name}/verify` })).json() as DomainJson;
    await rig.setCname(www, PLATFORM);
    assert.equal((await verify(www)).status, 'verified');
    assert.equal((await verify(apex)).reason, 'not_found');
    await rig.addA(PLATFORM, ['192.0.2.44']);
    await rig.addA(apex, ['192.0.2.44']);
    const flattened = await verify(apex);
    assert.equal(flattened.status, 'verified', flattened.message);
    assert.deepEqual(flattened.found, { cname: null, addresses: ['192.0.2.44'] });
    await rig.clearA(PLATFORM);
  });

  test("a member of project A gets 404 for everything of project B's domains, and nothing changes", async () => {
    const a = await project('pro');
    const b = await project('pro');
    const bName = unique('www.b');
    assert.equal((await add(b, bName)).statusCode, 201);
    const member = await createPerson(h.app, email('member'));
    await h.app.accounts.addMember(OPERATOR, a, member.email);
    const c = await ManagementClient.on(h.app);
    assert.equal((await c.signIn(member.email, member.password)).statusCode, 200);

    const calls = [
      { url: `/api/v1/projects/${b}/domains` },
      { url: `/api/v1/projects/${b}/domains/${bName}` },
      { method: 'POST' as const, url: `/api/v1/projects/${b}/domains/${bName}/verify` },
      { method: 'DELETE' as const, url: `/api/v1/projects/${b}/domains/${bName}` },
      { method: 'POST' as const, url: `/api/v1/projects/${b}/domains`, payload: { domain: unique('www.sneak') } },
      { url: `/api/v1/projects/${b}/redirects` },
      { method: 'DELETE' as const, url: `/api/v1/projects/${b}/redirects/${bName}` },
    ];
    for (const call of calls) {
      const res = await c.call(call);
      assert.equal(res.statusCode, 404, `${call.method ?? 'GET'} ${call.url}`);
    }
    // Through project A, B's domain is not found either: a domain is reached only through its own project.
    for (const call of [
      { url: `/api/v1/projects/${a}/domains/${bName}` },
      { method: 'POST' as const, url: `/api/v1/projects/${a}/domains/${bName}/verify` },
      { method: 'DELETE' as const, url: `/api/v1/projects/${a}/domains/${bName}` },
    ]) {
      const res = await c.call(call);
      assert.equal(res.statusCode, 404, `${call.method ?? 'GET'} ${call.url}`);
      assert.equal(res.json().message, `No custom domain "${bName}" exists.`);
    }
    const still = (await admin.call({ url: `/api/v1/projects/${b}/domains` })).json() as DomainJson[];
    assert.deepEqual(
      still.map((d) => d.domain),
      [bName],
    );
  });

  test('without the CSRF token nothing changes (403 csrf_failed)', async () => {
    const slug = await project('pro');
    const res = await admin.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/domains`,
      payload: { domain: unique('www.csrf') },
      csrf: false,
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'csrf_failed');
    assert.deepEqual((await admin.call({ url: `/api/v1/projects/${slug}/domains` })).json(), []);
  });
});
