import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { manualClock } from '../../src/clock.js';
import { openDomainRepository } from '../../src/domains/repository.js';
import type { DomainView } from '../../src/domains/views.js';
import { cleanup } from '../helpers/cleanup.js';
import { tarGz } from '../helpers/deploys.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { OPERATOR } from '../../src/audit/actor.js';

const available = pebbleAvailable();
const PLATFORM = 'sites.platform.test';
const DAY = 24 * 3600 * 1000;
let n = 0;
/** An apex of its own for each test: `<word><n>-<pid>.test`. */
const apex = (word: string) => `${word}${String(++n)}-${String(process.pid)}.test`;

/**
 * Custom domains cannot be squatted or taken over (the review's D2): a name
 * another project holds, one under a registrable domain another project has
 * verified names in, and one another project removed less than 7 days ago, are
 * claims that need the TXT record `_petstore-challenge.<name>`. Proof moves the
 * name; nothing ever tells one project what another holds.
 */
describeEachEngine('custom domains: ownership proof by TXT record, against challtestsrv', () => {
  if (available !== true) {
    test('every ownership test', { skip: available }, () => undefined);
    return;
  }
  let rig: PebbleRig;
  let h: Harness;
  const clock = manualClock(Date.now());

  const started = cleanup();
  before(async () => {
    rig = started.add(await startPebble({ httpPort: 1 }), (r) => r.stop());
    h = started.add(await harness({ clock, config: { platformHost: PLATFORM, dnsServers: [rig.dnsServer] } }), (x) => x.close());
  });
  after(() => started.run());

  /** A Pro project with a ready deploy, and a signed-in member of it (no admin: they see only their project). */
  interface Project {
    slug: string;
    id: number;
    client: ManagementClient;
    person: { email: string; password: string };
    /** Every answer this project's member was given. */
    seen: string[];
  }

  async function project(): Promise<Project> {
    const { project: slug } = await h.newProject('pro');
    const person = await createPerson(h.app, `m-${randomBytes(4).toString('hex')}@example.test`);
    await h.app.accounts.addMember(OPERATOR, slug, person.email);
    const client = await ManagementClient.on(h.app);
    assert.equal((await client.signIn(person.email, person.password)).statusCode, 200);
    const deployed = await client.call({
      method: 'POST',
      url: `/api/v1/projects/${slug}/deploys`,
      payload: await tarGz([{ name: 'index.html', content: `<h1>${slug}</h1>` }]),
      headers: { 'content-type': 'application/gzip' },
    });
    assert.equal(deployed.statusCode, 201, deployed.body);
    return { slug, id: ok(await h.app.projects.find(slug)).id, client, person, seen: [] };
  }

  /** Sessions end after days of the manual clock: sign in again. */
  async function signInAgain(p: Project): Promise<void> {
    p.client = await ManagementClient.on(h.app);
    assert.equal((await p.client.signIn(p.person.email, p.person.password)).statusCode, 200);
  }

  async function call(p: Project, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) {
    const res = await p.client.call({ method, url: `/api/v1/projects/${p.slug}${path}`, ...(payload ? { payload } : {}) });
    p.seen.push(res.body);
    return res;
  }
  const addDomain = (p: Project, domain: string) => call(p, 'POST', '/domains', { domain });
  const verify = async (p: Project, domain: string) => {
    const res = await call(p, 'POST', `/domains/${domain}/verify`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as DomainView;
  };
  const names = async (p: Project) => ((await call(p, 'GET', '/domains')).json() as DomainView[]).map((d) => `${d.domain} ${d.status}`);
  const releases = (name: string) => openDomainRepository(h.storage.database).releases(name);

  test('takeover: the name another project holds is a claim with a TXT record; the proof moves it, recorded, and the old project is never named', async () => {
    const attacker = await project();
    const owner = await project();
    const name = `www.${apex('victim')}`;
    // The attacker adds the victim's name first; the victim then creates the documented CNAME, which verifies it for the attacker.
    assert.equal((await addDomain(attacker, name)).statusCode, 201);
    await rig.setCname(name, PLATFORM);
    assert.equal((await verify(attacker, name)).status, 'verified');

    // The owner can add it all the same: no 409, and nothing about who has it.
    const added = await addDomain(owner, name);
    assert.equal(added.statusCode, 201, added.body);
    const claim = added.json() as DomainView;
    assert.equal(claim.status, 'pending');
    assert.equal(claim.reason, 'ownership_required');
    const txt = claim.records[0];
    assert.equal(txt?.type, 'TXT');
    assert.equal(txt.name, '_petstore-challenge.www');
    assert.match(txt.value, /^petstore-verify=[0-9a-f]{32}$/);
    assert.deepEqual(
      claim.records.slice(1).map((r) => [r.type, r.name, r.value]),
      [['CNAME', 'www', PLATFORM]],
    );
    assert.match(claim.message, new RegExp(`_petstore-challenge\\.${name.replace(/\./g, '\\.')}`));

    // The CNAME alone is no proof: the claim stays, and the attacker keeps serving for now.
    const notYet = await verify(owner, name);
    assert.deepEqual([notYet.status, notYet.reason], ['pending', 'ownership_required']);
    assert.match(notYet.message, /no TXT record there yet/);
    await rig.setTxt(`_petstore-challenge.${name}`, 'petstore-verify=somebody-else');
    const wrong = await verify(owner, name);
    assert.equal(wrong.reason, 'ownership_required');
    assert.deepEqual(wrong.found.txt, ['petstore-verify=somebody-else']);
    assert.deepEqual(await names(attacker), [`${name} verified`]);

    // The TXT record with the owner's value moves the name: verified in the owner's project (its CNAME is there), gone from the attacker's.
    await rig.setTxt(`_petstore-challenge.${name}`, txt.value);
    const moved = await verify(owner, name);
    assert.equal(moved.status, 'verified', moved.message);
    assert.equal(moved.reason, undefined);
    assert.deepEqual(await names(owner), [`${name} verified`]);
    assert.deepEqual(await names(attacker), []);
    assert.equal((await call(attacker, 'GET', `/domains/${name}`)).statusCode, 404);
    assert.deepEqual(
      (await releases(name)).map((r) => [r.projectId, r.reason, r.toProjectId]),
      [[attacker.id, 'transferred', owner.id]],
    );
    // Back in the attacker's hands only with a proof of its own.
    const again = (await addDomain(attacker, name)).json() as DomainView;
    assert.equal(again.reason, 'ownership_required');
    for (const body of owner.seen) {
      assert.doesNotMatch(body, /another project/);
      assert.ok(!body.includes(attacker.slug), `the owner was shown the old project: ${body}`);
    }
    await rig.clearTxt(`_petstore-challenge.${name}`);
    await rig.clearCname(name);
  });

  test('nothing the owner sees names the other project: add, verify, list and get never carry its slug', async () => {
    const holder = await project();
    const claimant = await project();
    const name = `shop.${apex('quiet')}`;
    assert.equal((await addDomain(holder, name)).statusCode, 201);
    const seen: string[] = [];
    seen.push((await addDomain(claimant, name)).body);
    seen.push((await call(claimant, 'POST', `/domains/${name}/verify`)).body);
    seen.push((await call(claimant, 'GET', '/domains')).body);
    seen.push((await call(claimant, 'GET', `/domains/${name}`)).body);
    for (const body of seen) {
      assert.doesNotMatch(body, new RegExp(holder.slug));
      assert.doesNotMatch(body, /another project/);
    }
    // The same answer as for a name under a domain someone verified, or one removed recently: the claimant cannot tell which.
    assert.match(seen[0] ?? '', /"reason":"ownership_required"/);
  });

  test('dangling name: removed from a project while its CNAME remains, nobody else can serve it without TXT proof for 7 days', async () => {
    const owner = await project();
    const squatter = await project();
    const name = `www.${apex('dangle')}`;
    assert.equal((await addDomain(owner, name)).statusCode, 201);
    await rig.setCname(name, PLATFORM);
    assert.equal((await verify(owner, name)).status, 'verified');
    assert.equal((await call(owner, 'DELETE', `/domains/${name}`)).statusCode, 204);
    assert.deepEqual(
      (await releases(name)).map((r) => [r.projectId, r.reason, r.toProjectId]),
      [[owner.id, 'removed', null]],
    );

    // The CNAME still points here, but another project's add is a claim, and verify without TXT keeps it one.
    const claim = (await addDomain(squatter, name)).json() as DomainView;
    assert.equal(claim.reason, 'ownership_required');
    clock.advance(6 * DAY);
    await signInAgain(squatter);
    await signInAgain(owner);
    const held = await verify(squatter, name);
    assert.deepEqual([held.status, held.reason], ['pending', 'ownership_required']);
    assert.deepEqual(await names(squatter), [`${name} pending`]);

    // The project that removed it may take it back within the 7 days, as any domain.
    const back = await addDomain(owner, name);
    assert.equal(back.statusCode, 201, back.body);
    assert.equal((back.json() as DomainView).reason, undefined);
    assert.equal((await call(owner, 'DELETE', `/domains/${name}`)).statusCode, 204);

    // After 7 days from the last removal, the CNAME is enough again.
    clock.advance(7 * DAY + 1000);
    await signInAgain(squatter);
    const later = await verify(squatter, name);
    assert.equal(later.status, 'verified', later.message);
    assert.deepEqual(await names(squatter), [`${name} verified`]);
    await rig.clearCname(name);
  });

  test('a name under a registrable domain with names verified in another project needs proof too; a claim can be removed', async () => {
    const owner = await project();
    const other = await project();
    const domain = apex('brand');
    assert.equal((await addDomain(owner, domain)).statusCode, 201);
    await rig.setCname(domain, PLATFORM);
    assert.equal((await verify(owner, domain)).status, 'verified');

    const blog = `blog.${domain}`;
    const claim = (await addDomain(other, blog)).json() as DomainView;
    assert.equal(claim.reason, 'ownership_required');
    assert.equal(claim.records[0]?.name, '_petstore-challenge.blog');
    // The owner itself adds names under its domain freely.
    assert.equal(((await addDomain(owner, `shop.${domain}`)).json() as DomainView).reason, undefined);

    assert.equal((await call(other, 'DELETE', `/domains/${blog}`)).statusCode, 204);
    assert.deepEqual(await names(other), []);
    assert.deepEqual(await releases(blog), [], 'a claim never held the name: no hold is left behind');
    await rig.clearCname(domain);
  });
});
