import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { domainToASCII } from 'node:url';
import { DomainError } from '../../src/errors/domain-error.js';
import { cleanup } from '../helpers/cleanup.js';
import { readyDeploys } from '../helpers/domains.js';
import { openDomainRepository } from '../../src/domains/repository.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { refuseWrites } from '../helpers/refused-writes.js';
import { OPERATOR } from '../../src/audit/actor.js';

const available = pebbleAvailable();
const PLATFORM = 'sites.platform.test';

function refused(result: unknown, code: string): DomainError {
  assert.ok(result instanceof DomainError, `expected ${code}, got ${JSON.stringify(result)}`);
  assert.equal(result.code, code, result.message);
  return result;
}

let n = 0;
/** A name under a registrable domain of its own: names verified in one project make others under it need ownership proof. */
const unique = (prefix: string) => {
  const i = String(++n);
  return `${prefix}${i}-${String(process.pid)}.shop${i}.test`;
};

describeEachEngine('custom domains: service against challtestsrv', () => {
  if (available !== true) {
    test('every custom domain service test', { skip: available }, () => undefined);
    return;
  }
  let rig: PebbleRig;
  let h: Harness;
  const deploys = readyDeploys();

  /** A Pro project with a ready deploy. */
  async function proProject(): Promise<{ slug: string; id: number }> {
    const { project } = await h.newProject('pro');
    const found = ok(await h.app.projects.find(project));
    deploys.ready.add(found.id);
    return { slug: project, id: found.id };
  }

  const started = cleanup();
  before(async () => {
    rig = started.add(await startPebble({ httpPort: 1 }), (r) => r.stop());
    h = started.add(
      await harness({
        config: { platformHost: PLATFORM, dnsServers: [rig.dnsServer], platformAddresses: ['192.0.2.10', '192.0.2.11'] },
        wrapRepositories: { readyDeploys: () => deploys },
      }),
      (x) => x.close(),
    );
  });
  after(() => started.run());

  test('add refuses a Free project (plan_required) and a Pro project without a ready deploy (deploy_required), saying what to do', async () => {
    const { project: free } = await h.newProject('free');
    const e1 = refused(await h.app.domains.add(OPERATOR, free, unique('www.free')), 'plan_required');
    assert.match(e1.message, /free plan.*Pro or above.*Upgrade/);
    const { project: pro } = await h.newProject('pro');
    const e2 = refused(await h.app.domains.add(OPERATOR, pro, unique('www.nodeploy')), 'deploy_required');
    assert.match(e2.message, /no ready deploy.*Deploy the site first/);
    refused(await h.app.domains.add(OPERATOR, 'no-such-project', 'www.example.com'), 'not_found');
  });

  test('add validates the name (invalid_domain), stores it as lowercase A-labels and shows the CNAME for a subdomain', async () => {
    const { slug } = await proProject();
    for (const bad of ['https://www.example.com/', '*.example.com', '127.0.0.1', 'co.uk', 'localhost', `x.${PLATFORM}`, 'a..b.com']) {
      refused(await h.app.domains.add(OPERATOR, slug, bad), 'invalid_domain');
    }
    const added = ok(await h.app.domains.add(OPERATOR, slug, `WWW.Bücher-${String(process.pid)}.example.`));
    assert.equal(added.domain, domainToASCII(`www.bücher-${String(process.pid)}.example`));
    assert.match(added.domain, /^www\.xn--bcher-[a-z0-9-]+\.example$/);
    assert.equal(added.status, 'pending');
    assert.deepEqual(added.records, [{ type: 'CNAME', name: 'www', value: PLATFORM, ttl: 3600 }]);
  });

  test('an apex gets an ALIAS to PLATFORM_HOST with its note, and A records to PLATFORM_ADDRESSES as the fallback', async () => {
    const { slug } = await proProject();
    const added = ok(await h.app.domains.add(OPERATOR, slug, `apex${String(process.pid)}${String(++n)}.co.uk`));
    assert.equal(added.kind, 'apex');
    assert.deepEqual(
      added.records.map((r) => [r.type, r.name, r.value, r.ttl]),
      [
        ['ALIAS', '@', PLATFORM, 3600],
        ['A', '@', '192.0.2.10', 3600],
        ['A', '@', '192.0.2.11', 3600],
      ],
    );
    assert.match(added.records[0]?.note ?? '', /Not every DNS provider supports it/);
  });

  test("a project adds a name once (domain_taken); another project's name is a claim that needs ownership proof", async () => {
    const a = await proProject();
    const b = await proProject();
    const name = unique('www.taken');
    ok(await h.app.domains.add(OPERATOR, a.slug, name));
    refused(await h.app.domains.add(OPERATOR, a.slug, name), 'domain_taken');
    const claim = ok(await h.app.domains.add(OPERATOR, b.slug, name.toUpperCase()));
    assert.equal(claim.reason, 'ownership_required');
    assert.doesNotMatch(JSON.stringify(claim), new RegExp(a.slug));
    refused(await h.app.domains.add(OPERATOR, b.slug, name), 'domain_taken');
  });

  test('verify: not_found stays pending with the propagation note; an A record is conflicting_a_record with the addresses', async () => {
    const { slug } = await proProject();
    const name = unique('www.verify');
    ok(await h.app.domains.add(OPERATOR, slug, name));
    const pending = ok(await h.app.domains.verify(OPERATOR, name));
    assert.equal(pending.status, 'pending');
    assert.equal(pending.reason, 'not_found');
    assert.match(pending.message, /up to 48 hours.*within minutes/);
    assert.deepEqual(pending.found, { cname: null, addresses: [] });

    await rig.addA(name, ['198.51.100.7']);
    const conflicting = ok(await h.app.domains.verify(OPERATOR, name));
    assert.equal(conflicting.status, 'failed');
    assert.equal(conflicting.reason, 'conflicting_a_record');
    assert.deepEqual(conflicting.found.addresses, ['198.51.100.7']);
    assert.match(conflicting.message, /198\.51\.100\.7/);
    await rig.clearA(name);
  });

  test('verify: a wrong CNAME is cname_mismatch with the value found and expected; the right one verifies and starts a certificate', async () => {
    const { slug } = await proProject();
    const name = unique('www.cname');
    ok(await h.app.domains.add(OPERATOR, slug, name));
    await rig.setCname(name, 'elsewhere.example.net');
    const mismatch = ok(await h.app.domains.verify(OPERATOR, name));
    assert.equal(mismatch.status, 'failed');
    assert.equal(mismatch.reason, 'cname_mismatch');
    assert.equal(mismatch.found.cname, 'elsewhere.example.net');
    assert.match(mismatch.message, new RegExp(`elsewhere\\.example\\.net, expected ${PLATFORM.replace(/\./g, '\\.')}`));

    await rig.setCname(name, `${PLATFORM.toUpperCase()}.`);
    const verified = ok(await h.app.domains.verify(OPERATOR, name));
    assert.equal(verified.status, 'verified');
    assert.equal(verified.reason, undefined);
    assert.equal(verified.found.cname, PLATFORM);
    assert.equal(verified.certificate.status, 'pending');
    const [listed] = ok(await h.app.domains.list(slug));
    assert.equal(listed?.status, 'verified');
    assert.equal(listed?.certificate.status, 'pending');
    assert.equal(listed?.diagnostics, undefined, 'no diagnostics within the grace period');
    await rig.clearCname(name);
  });

  test('verify: an apex with exactly PLATFORM_ADDRESSES verifies; a resolver failure is dns_error, never an exception', async () => {
    const { slug } = await proProject();
    const apex = `apexv${String(process.pid)}${String(++n)}.example`;
    ok(await h.app.domains.add(OPERATOR, slug, apex));
    await rig.addA(apex, ['192.0.2.11', '192.0.2.10']);
    assert.equal(ok(await h.app.domains.verify(OPERATOR, apex)).status, 'verified');
    await rig.clearA(apex);

    const broken = unique('www.servfail');
    ok(await h.app.domains.add(OPERATOR, slug, broken));
    await rig.setServfail(broken);
    const failed = ok(await h.app.domains.verify(OPERATOR, broken));
    assert.equal(failed.status, 'failed');
    assert.equal(failed.reason, 'dns_error');
    assert.match(failed.message, /SERVFAIL/);
    await rig.clearServfail(broken);
    refused(await h.app.domains.verify(OPERATOR, unique('www.unknown')), 'not_found');
  });

  test('redirects: both domains of the project, 301, loops and strangers refused; removing a domain removes its redirects', async () => {
    const { slug } = await proProject();
    const other = await proProject();
    const [a, b, c] = [unique('www.ra'), unique('rb'), unique('www.rc')];
    for (const d of [a, b, c]) ok(await h.app.domains.add(OPERATOR, slug, d));
    const foreign = unique('www.foreign');
    ok(await h.app.domains.add(OPERATOR, other.slug, foreign));

    assert.deepEqual(ok(await h.app.domains.addRedirect(OPERATOR, slug, b, a)), { from: b, to: a, status: 301 });
    refused(await h.app.domains.addRedirect(OPERATOR, slug, a, a), 'invalid_redirect');
    const loop = refused(await h.app.domains.addRedirect(OPERATOR, slug, a, b), 'invalid_redirect');
    assert.match(loop.message, /loop/);
    refused(await h.app.domains.addRedirect(OPERATOR, slug, c, foreign), 'invalid_redirect');
    refused(await h.app.domains.addRedirect(OPERATOR, slug, b, c), 'invalid_redirect');
    ok(await h.app.domains.addRedirect(OPERATOR, slug, c, a));
    assert.deepEqual(
      ok(await h.app.domains.listRedirects(slug)).map((r) => `${r.from}>${r.to}`),
      [`${b}>${a}`, `${c}>${a}`].sort(),
    );
    assert.deepEqual(ok(await h.app.domains.removeRedirect(OPERATOR, slug, c)), { from: c });
    refused(await h.app.domains.removeRedirect(OPERATOR, slug, c), 'not_found');

    ok(await h.app.domains.remove(OPERATOR, a));
    assert.deepEqual(ok(await h.app.domains.listRedirects(slug)), []);
    assert.deepEqual(
      ok(await h.app.domains.list(slug)).map((d) => d.domain),
      [b, c].sort(),
    );
    refused(await h.app.domains.remove(OPERATOR, a), 'not_found');
  });

  test('removing a domain is all or nothing: when its redirects cannot be removed, the domain stays', async () => {
    const { slug } = await proProject();
    const [a, b] = [unique('www.aa'), unique('ab')];
    for (const d of [a, b]) ok(await h.app.domains.add(OPERATOR, slug, d));
    ok(await h.app.domains.addRedirect(OPERATOR, slug, b, a));
    const allow = await refuseWrites(h.storage.database, 'domain_redirects', 'DELETE');
    try {
      await assert.rejects(h.app.domains.remove(OPERATOR, a));
    } finally {
      await allow();
    }
    assert.deepEqual(
      ok(await h.app.domains.list(slug)).map((d) => d.domain),
      [a, b].sort(),
      'the domain is still there',
    );
    const releases = openDomainRepository(h.storage.database);
    assert.deepEqual(await releases.releases(a), [], 'no release (hold) is recorded for a removal that did not happen');
    assert.deepEqual(
      ok(await h.app.domains.listRedirects(slug)).map((r) => `${r.from}>${r.to}`),
      [`${b}>${a}`],
    );
    ok(await h.app.domains.remove(OPERATOR, a));
    assert.deepEqual(ok(await h.app.domains.listRedirects(slug)), []);
    assert.deepEqual(
      ok(await h.app.domains.list(slug)).map((d) => d.domain),
      [b],
    );
    assert.deepEqual(
      (await releases.releases(a)).map((r) => r.reason),
      ['removed'],
    );
  });

  test('at most 50 domains per project (domain_limit)', async () => {
    const { slug } = await proProject();
    for (let i = 0; i < 50; i++)
      ok(await h.app.domains.add(OPERATOR, slug, `d${String(i)}.limit${String(process.pid)}${String(n)}.example`));
    refused(await h.app.domains.add(OPERATOR, slug, `d50.limit${String(process.pid)}${String(n)}.example`), 'domain_limit');
  });
});
