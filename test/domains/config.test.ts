import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration of custom domains and ACME', () => {
  test('defaults: PLATFORM_HOST localhost, no HTTPS listener, no ACME, system resolvers, 1800 s of grace', () => {
    const c = loadConfig({});
    assert.equal(c.platformHost, 'localhost');
    assert.equal(c.httpsPort, undefined);
    assert.equal(c.acmeDirectoryUrl, undefined);
    assert.deepEqual(c.dnsServers, []);
    assert.deepEqual(c.platformAddresses, []);
    assert.deepEqual(c.acmeCaaIdentities, []);
    assert.equal(c.secretsKey, undefined);
    assert.equal(c.certificateGraceSeconds, 1800);
  });

  test('lists are comma-separated, values parsed', () => {
    const c = loadConfig({
      PLATFORM_HOST: 'Sites.Example.COM.',
      HTTPS_PORT: '8443',
      DNS_SERVERS: '127.0.0.1:8053, [::1]:53 ,9.9.9.9',
      PLATFORM_ADDRESSES: '192.0.2.1,2001:db8::1',
      ACME_CAA_IDENTITIES: 'letsencrypt.org',
      CERTIFICATE_GRACE_SECONDS: '60',
    });
    assert.equal(c.platformHost, 'sites.example.com');
    assert.equal(c.httpsPort, 8443);
    assert.deepEqual(c.dnsServers, ['127.0.0.1:8053', '[::1]:53', '9.9.9.9']);
    assert.deepEqual(c.platformAddresses, ['192.0.2.1', '2001:db8::1']);
    assert.deepEqual(c.acmeCaaIdentities, ['letsencrypt.org']);
    assert.equal(c.certificateGraceSeconds, 60);
  });

  test('bad values stop the start, naming each variable', () => {
    try {
      loadConfig({
        HTTPS_PORT: 'https',
        SECRETS_KEY: 'short',
        DNS_SERVERS: 'dns.example',
        ACME_DIRECTORY_URL: 'ftp://x',
        CERTIFICATE_GRACE_SECONDS: '-1',
      });
      assert.fail('should have thrown');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      for (const name of ['HTTPS_PORT', 'SECRETS_KEY', 'DNS_SERVERS', 'ACME_DIRECTORY_URL', 'CERTIFICATE_GRACE_SECONDS']) {
        assert.ok(
          err.problems.some((p) => p.startsWith(`${name}:`)),
          `${name} not reported: ${err.message}`,
        );
      }
    }
  });
});
