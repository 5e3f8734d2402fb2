import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normaliseDomain, recordsFor, sameName, type DomainName } from '../../src/domains/dns/names.js';

function ok(input: string, options?: { platformHost?: string }): DomainName {
  const r = normaliseDomain(input, options);
  assert.ok(r.ok, `${input} refused: ${r.ok ? '' : r.reason}`);
  return r.domain;
}

function refused(input: string, pattern: RegExp, options?: { platformHost?: string }): void {
  const r = normaliseDomain(input, options);
  assert.equal(r.ok, false, `${input} accepted`);
  if (!r.ok) {
    assert.equal(r.code, 'invalid_domain');
    assert.match(r.reason, pattern, `${input}: ${r.reason}`);
  }
}

describe('domain names', () => {
  test('stored as lowercase A-labels without the trailing dot', () => {
    assert.equal(ok('WWW.Example.COM.').name, 'www.example.com');
    assert.equal(ok('  shop.example.org ').name, 'shop.example.org');
    assert.equal(ok('Bücher.example').name, 'xn--bcher-kva.example');
    assert.equal(ok('xn--bcher-kva.example').name, 'xn--bcher-kva.example');
    assert.equal(ok('www.ÉCOLE.fr').name, 'www.xn--cole-9oa.fr');
  });

  test('apex or subdomain by the Public Suffix List, not by counting dots', () => {
    assert.deepEqual(ok('example.com'), { name: 'example.com', kind: 'apex', registrableDomain: 'example.com', host: '@' });
    assert.deepEqual(ok('shop.co.uk'), { name: 'shop.co.uk', kind: 'apex', registrableDomain: 'shop.co.uk', host: '@' });
    assert.deepEqual(ok('www.shop.co.uk'), {
      name: 'www.shop.co.uk',
      kind: 'subdomain',
      registrableDomain: 'shop.co.uk',
      host: 'www',
    });
    assert.deepEqual(ok('a.b.example.com'), {
      name: 'a.b.example.com',
      kind: 'subdomain',
      registrableDomain: 'example.com',
      host: 'a.b',
    });
    // The private section counts: a github.io user owns their own name.
    assert.equal(ok('you.github.io').kind, 'apex');
    assert.equal(ok('www.shop.test').kind, 'subdomain');
  });

  test('refusals say why', () => {
    refused('', /empty/);
    refused('192.0.2.1', /IP address/);
    refused('[2001:db8::1]', /IP address/);
    refused('2001:db8::1', /IP address/);
    refused('0x7f.1', /IP address/);
    refused('localhost', /two labels/);
    refused('com', /two labels/);
    refused('co.uk', /public suffix/);
    refused('github.io', /public suffix/);
    refused('*.example.com', /Wildcard/);
    refused('https://example.com/', /without a scheme/);
    refused('a..example.com', /not a valid|empty label/);
    refused('-a.example.com', /inner hyphens|not a valid/);
    refused('under_score.example.com', /letters, digits/);
    refused('ex ample.com', /not a valid/);
    refused(`${'a'.repeat(64)}.example.com`, /longer than 63/);
    refused(`${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.com`, /longer than 253/);
  });

  test('the platform host and names under it are refused', () => {
    refused('platform.example', /platform's own host/, { platformHost: 'platform.example' });
    refused('shop.platform.example', /platform's own host/, { platformHost: 'Platform.Example.' });
    assert.equal(ok('notplatform.example', { platformHost: 'platform.example' }).name, 'notplatform.example');
  });

  test('sameName ignores case and the trailing dot', () => {
    assert.ok(sameName('Platform.Example.', 'platform.example'));
    assert.ok(!sameName('platform.example', 'platform.example.org'));
  });
});

describe('records shown on add', () => {
  const target = { platformHost: 'sites.petstore.example', platformAddresses: ['203.0.113.10', '2001:db8::10'] };

  test('a subdomain gets one CNAME named by the labels left of the registrable domain', () => {
    assert.deepEqual(recordsFor(ok('www.shop.co.uk'), target), [
      { type: 'CNAME', name: 'www', value: 'sites.petstore.example', ttl: 3600 },
    ]);
    assert.deepEqual(recordsFor(ok('a.b.example.com'), target), [
      { type: 'CNAME', name: 'a.b', value: 'sites.petstore.example', ttl: 3600 },
    ]);
  });

  test('an apex gets ALIAS @ with the note, and A/AAAA records as the fallback', () => {
    const records = recordsFor(ok('example.com'), target);
    assert.deepEqual(
      records.map(({ type, name, value, ttl }) => ({ type, name, value, ttl })),
      [
        { type: 'ALIAS', name: '@', value: 'sites.petstore.example', ttl: 3600 },
        { type: 'A', name: '@', value: '203.0.113.10', ttl: 3600 },
        { type: 'AAAA', name: '@', value: '2001:db8::10', ttl: 3600 },
      ],
    );
    assert.match(records[0]?.note ?? '', /ANAME/);
    assert.match(records[0]?.note ?? '', /Not every DNS provider supports it/);
    assert.match(records[1]?.note ?? '', /Fallback/);
  });

  test('an apex without PLATFORM_ADDRESSES is told to use a subdomain when ALIAS is missing', () => {
    const records = recordsFor(ok('example.com'), { platformHost: 'sites.petstore.example', platformAddresses: [] });
    assert.equal(records.length, 1);
    assert.match(records[0]?.note ?? '', /use a subdomain/);
  });
});
