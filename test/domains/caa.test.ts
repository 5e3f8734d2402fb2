import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkCaa } from '../../src/domains/dns/caa.js';
import { normaliseDomain, type DomainName } from '../../src/domains/dns/names.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { freePort } from '../helpers/redis-server.js';

const available = pebbleAvailable();
const OUR_CA = ['ca.petstore.test'];

function name(input: string): DomainName {
  const r = normaliseDomain(input);
  if (!r.ok) throw new Error(r.reason);
  return r.domain;
}

describe('CAA (RFC 8659) against a real DNS server', { skip: available === true ? false : available }, () => {
  let rig: PebbleRig;
  const check = (domain: string, identities = OUR_CA): ReturnType<typeof checkCaa> =>
    checkCaa(name(domain), identities, { servers: [rig.dnsServer], timeoutMs: 500, tries: 1 });

  before(async () => {
    rig = await startPebble({ httpPort: await freePort() });
  });
  after(() => rig?.stop());

  test('no CAA records anywhere: allowed', async () => {
    const r = await check('www.open.test');
    assert.equal(r.status, 'allowed');
    assert.ok(r.status === 'allowed' && r.relevant === null);
  });

  test('a record at the registrable domain naming another CA blocks, and the result names the record', async () => {
    await rig.addCaa('blocked.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    const r = await check('www.blocked.test');
    assert.equal(r.status, 'blocked');
    if (r.status !== 'blocked') return;
    assert.equal(r.reason, 'caa_blocked');
    assert.deepEqual(r.relevant, { name: 'blocked.test', records: ['blocked.test. CAA 0 issue "other-ca.example"'] });
    assert.match(r.message, /blocked\.test\. CAA 0 issue "other-ca\.example"/);
    assert.match(r.message, /CAA 0 issue "ca\.petstore\.test"/, 'says what record would allow it');
  });

  test('a record naming our CA (with parameters, any case) allows', async () => {
    await rig.addCaa('allowed.test', [
      { tag: 'issue', value: 'other-ca.example' },
      { tag: 'issue', value: 'CA.Petstore.test; accounturi=https://ca.petstore.test/acct/1' },
    ]);
    const r = await check('shop.allowed.test');
    assert.equal(r.status, 'allowed');
    assert.ok(r.status === 'allowed' && r.relevant?.name === 'allowed.test');
  });

  test('the closest non-empty set decides: the parent is not consulted', async () => {
    await rig.addCaa('www.near.test', [{ tag: 'issue', value: 'ca.petstore.test' }]);
    await rig.addCaa('near.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    assert.equal((await check('www.near.test')).status, 'allowed');

    await rig.addCaa('www.far.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    await rig.addCaa('far.test', [{ tag: 'issue', value: 'ca.petstore.test' }]);
    const r = await check('www.far.test');
    assert.equal(r.status, 'blocked');
    assert.ok(r.status === 'blocked' && r.relevant.name === 'www.far.test');
  });

  test('a name that is a CNAME takes the CAA set of its target (aliases are chased)', async () => {
    await rig.setCname('www.aliased.test', 'edge.provider.test');
    await rig.addCaa('edge.provider.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    await rig.addCaa('aliased.test', [{ tag: 'issue', value: 'ca.petstore.test' }]);
    const r = await check('www.aliased.test');
    assert.equal(r.status, 'blocked');
    assert.ok(r.status === 'blocked' && r.relevant.name === 'edge.provider.test');

    // A target without CAA: the climb goes on from the name itself, not from the target.
    await rig.setCname('shop.aliased.test', 'plain.provider.test');
    await rig.addCaa('provider.test', [{ tag: 'issue', value: 'other-ca.example' }]);
    const r2 = await check('shop.aliased.test');
    assert.equal(r2.status, 'allowed');
    assert.ok(r2.status === 'allowed' && r2.relevant?.name === 'aliased.test');
  });

  test('issue ";" forbids every CA', async () => {
    await rig.addCaa('nobody.test', [{ tag: 'issue', value: ';' }]);
    assert.equal((await check('nobody.test')).status, 'blocked');
  });

  test('a set without issue properties (issuewild, iodef only) does not restrict a plain name', async () => {
    await rig.addCaa('wildonly.test', [
      { tag: 'issuewild', value: 'other-ca.example' },
      { tag: 'iodef', value: 'mailto:security@wildonly.test' },
    ]);
    assert.equal((await check('www.wildonly.test')).status, 'allowed');
  });

  test('the climb stops at the registrable domain', async () => {
    await rig.addCaa('stopper', [{ tag: 'issue', value: 'other-ca.example' }]);
    assert.equal((await check('www.shop.stopper')).status, 'allowed');
  });

  test('without CA identities, CAA cannot be judged and does not block', async () => {
    const r = await check('www.blocked.test', []);
    assert.equal(r.status, 'allowed');
    assert.match(r.message, /ACME_CAA_IDENTITIES/);
  });

  test('a DNS failure is dns_error: no order may be sent on an unknown CAA answer', async () => {
    await rig.setServfail('www.servfail.test');
    const r = await check('www.servfail.test');
    assert.equal(r.status, 'error');
    assert.ok(r.status === 'error' && r.reason === 'dns_error');
  });
});
