import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { checkDns } from '../../src/domains/dns/dns-check.js';
import { normaliseDomain, type DomainName } from '../../src/domains/dns/names.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { freePort } from '../helpers/redis-server.js';

const available = pebbleAvailable();
const target = { platformHost: 'sites.platform.test', platformAddresses: ['192.0.2.10', '2001:db8::10'] };

function name(input: string): DomainName {
  const r = normaliseDomain(input);
  if (!r.ok) throw new Error(r.reason);
  return r.domain;
}

describe('DNS verification against a real DNS server', { skip: available === true ? false : available }, () => {
  let rig: PebbleRig;
  const check = (domain: string, t = target): ReturnType<typeof checkDns> =>
    checkDns(name(domain), t, { servers: [rig.dnsServer], timeoutMs: 500, tries: 1 });

  before(async () => {
    rig = await startPebble({ httpPort: await freePort() });
    await rig.addA('sites.platform.test', ['192.0.2.10']);
  });
  after(() => rig?.stop());

  test('a CNAME to PLATFORM_HOST verifies, and the result shows the addresses behind it', async () => {
    await rig.setCname('www.good.test', 'sites.platform.test');
    const r = await check('www.good.test');
    assert.equal(r.status, 'verified', r.message);
    assert.equal(r.reason, undefined);
    assert.deepEqual(r.found, { cname: 'sites.platform.test', addresses: ['192.0.2.10'] });
  });

  test('the CNAME comparison ignores case and the trailing dot', async () => {
    await rig.setCname('www.upper.test', 'Sites.Platform.TEST.');
    const r = await check('www.upper.test');
    assert.equal(r.status, 'verified', r.message);
    assert.equal(r.found.cname, 'sites.platform.test');
  });

  test('a CNAME elsewhere is cname_mismatch with the value found and the value expected', async () => {
    await rig.setCname('www.wrong.test', 'old-host.example.net');
    const r = await check('www.wrong.test');
    assert.equal(r.status, 'failed');
    assert.equal(r.reason, 'cname_mismatch');
    assert.equal(r.found.cname, 'old-host.example.net');
    assert.equal(r.expected.cname, 'sites.platform.test');
    assert.match(r.message, /old-host\.example\.net.*expected sites\.platform\.test/);
  });

  test('an A record at a subdomain is conflicting_a_record with the addresses found', async () => {
    await rig.addA('www.conflict.test', ['198.51.100.7']);
    await rig.addAaaa('www.conflict.test', ['2001:db8::7']);
    const r = await check('www.conflict.test');
    assert.equal(r.status, 'failed');
    assert.equal(r.reason, 'conflicting_a_record');
    assert.deepEqual(r.found, { cname: null, addresses: ['198.51.100.7', '2001:db8::7'] });
    assert.match(r.message, /198\.51\.100\.7/);
  });

  test('nothing published yet is pending not_found, with the 48-hour note', async () => {
    const r = await check('www.nothing-yet.test');
    assert.equal(r.status, 'pending');
    assert.equal(r.reason, 'not_found');
    assert.deepEqual(r.found, { cname: null, addresses: [] });
    assert.match(r.message, /up to 48 hours/);
    assert.match(r.message, /most resolve within minutes/);
  });

  test('an apex verifies when its addresses are exactly PLATFORM_ADDRESSES, in any order', async () => {
    await rig.addAaaa('exact.test', ['2001:DB8::10']);
    await rig.addA('exact.test', ['192.0.2.10']);
    const r = await check('exact.test');
    assert.equal(r.status, 'verified', r.message);
    assert.deepEqual(r.expected.addresses, target.platformAddresses);
  });

  test('an apex with only some of the addresses, or one more, is conflicting_a_record', async () => {
    await rig.addA('partial.test', ['192.0.2.10']);
    const partial = await check('partial.test');
    assert.equal(partial.reason, 'conflicting_a_record');
    assert.deepEqual(partial.found.addresses, ['192.0.2.10']);

    await rig.addA('extra.test', ['192.0.2.10', '198.51.100.1']);
    await rig.addAaaa('extra.test', ['2001:db8::10']);
    const extra = await check('extra.test');
    assert.equal(extra.reason, 'conflicting_a_record');
    assert.match(extra.message, /ALIAS\/ANAME to sites\.platform\.test, or exactly the A\/AAAA records/);
  });

  describe('without PLATFORM_ADDRESSES: the addresses PLATFORM_HOST resolves to now', () => {
    const unset = (platformHost: string) => ({ platformHost, platformAddresses: [] });

    test('an apex with exactly the A and AAAA records of PLATFORM_HOST verifies', async () => {
      await rig.addA('both.platform.test', ['192.0.2.20', '192.0.2.21']);
      await rig.addAaaa('both.platform.test', ['2001:db8::20']);
      await rig.addA('flattened.test', ['192.0.2.21', '192.0.2.20']);
      await rig.addAaaa('flattened.test', ['2001:DB8::20']);
      const r = await check('flattened.test', unset('both.platform.test'));
      assert.equal(r.status, 'verified', r.message);
      assert.deepEqual(r.expected.addresses, ['192.0.2.20', '192.0.2.21', '2001:db8::20']);
    });

    test('a partial or a different set is conflicting_a_record, with both sets in words', async () => {
      await rig.addA('half.test', ['192.0.2.20']);
      const partial = await check('half.test', unset('both.platform.test'));
      assert.equal(partial.status, 'failed');
      assert.equal(partial.reason, 'conflicting_a_record');
      assert.match(partial.message, /half\.test has A\/AAAA records \(192\.0\.2\.20\)/);
      assert.match(partial.message, /both\.platform\.test resolves to 192\.0\.2\.20, 192\.0\.2\.21, 2001:db8::20/);

      await rig.addA('elsewhere.test', ['198.51.100.9']);
      const other = await check('elsewhere.test', unset('both.platform.test'));
      assert.equal(other.reason, 'conflicting_a_record');
      assert.match(other.message, /\(198\.51\.100\.9\)/);
      assert.match(other.message, /resolves to 192\.0\.2\.20, 192\.0\.2\.21, 2001:db8::20/);
    });

    test('an AAAA-only platform: an apex with the same AAAA records verifies, an extra A record conflicts', async () => {
      await rig.addAaaa('v6.platform.test', ['2001:db8::60']);
      await rig.addAaaa('v6only.test', ['2001:db8::60']);
      const r = await check('v6only.test', unset('v6.platform.test'));
      assert.equal(r.status, 'verified', r.message);
      assert.deepEqual(r.found.addresses, ['2001:db8::60']);

      await rig.addAaaa('v6plus.test', ['2001:db8::60']);
      await rig.addA('v6plus.test', ['192.0.2.60']);
      const plus = await check('v6plus.test', unset('v6.platform.test'));
      assert.equal(plus.reason, 'conflicting_a_record');
      assert.match(plus.message, /v6\.platform\.test resolves to 2001:db8::60\b/);
    });

    test('a PLATFORM_HOST that does not resolve is platform_unresolvable, saying what the operator should set', async () => {
      await rig.addA('stranded.test', ['192.0.2.70']);
      const r = await check('stranded.test', unset('nowhere.platform.test'));
      assert.equal(r.status, 'failed');
      assert.equal(r.reason, 'platform_unresolvable');
      assert.match(r.message, /nowhere\.platform\.test has no A\/AAAA records/);
      assert.match(r.message, /set PLATFORM_ADDRESSES/);
    });

    test('a PLATFORM_HOST whose lookup fails is dns_error, not an exception', async () => {
      await rig.addA('unlucky.test', ['192.0.2.80']);
      await rig.setServfail('broken.platform.test');
      const r = await check('unlucky.test', unset('broken.platform.test'));
      assert.equal(r.reason, 'dns_error');
      assert.match(r.message, /broken\.platform\.test/);
    });
  });

  test('an apex flattened to a CNAME by the DNS server verifies like a subdomain', async () => {
    await rig.setCname('flat.test', 'sites.platform.test');
    assert.equal((await check('flat.test')).status, 'verified');
  });

  test('a resolver failure (SERVFAIL) is dns_error, not an exception', async () => {
    await rig.setServfail('www.broken.test');
    const r = await check('www.broken.test');
    assert.equal(r.status, 'failed');
    assert.equal(r.reason, 'dns_error');
    assert.match(r.message, /SERVFAIL/);
  });
});

describe('DNS verification when DNS itself fails', () => {
  test('an unreachable DNS server is dns_error', async () => {
    const port = await freePort();
    const r = await checkDns(name('www.example.test'), target, { servers: [`127.0.0.1:${String(port)}`], timeoutMs: 300, tries: 1 });
    assert.equal(r.status, 'failed');
    assert.equal(r.reason, 'dns_error');
    assert.deepEqual(r.found, { cname: null, addresses: [] });
  });

  test('a DNS server that never answers is dns_error within the deadline', async () => {
    const silent = createSocket('udp4');
    silent.bind(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const started = Date.now();
      const r = await checkDns(name('www.example.test'), target, {
        servers: [`127.0.0.1:${String(silent.address().port)}`],
        timeoutMs: 5000,
        tries: 3,
        deadlineMs: 400,
      });
      const elapsed = Date.now() - started;
      assert.equal(r.reason, 'dns_error');
      assert.match(r.message, /did not answer in time/);
      assert.ok(elapsed < 1500, `took ${String(elapsed)} ms`);
    } finally {
      silent.close();
    }
  });
});
