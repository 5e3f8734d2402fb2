import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { isValidHost } from '../../src/http/pipeline/host-header.js';
import { harness, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { headerOf, rawExchange } from '../helpers/raw-http.js';

test('isValidHost: host[:port] as RFC 3986 spells it', () => {
  for (const ok of ['x', 'x:80', 'x:', 'api.petstore.test:19080', '127.0.0.1:8080', '[::1]', '[::1]:443', '', 'x:65535']) {
    assert.equal(isValidHost(ok), true, ok);
  }
  for (const bad of ['x:abc', 'x:19080:1', 'x:65536', 'x:123456', 'a b', 'x/y', '[::1', '[::1]x', '[::1]:8a', 'x@y', 'x:-1']) {
    assert.equal(isValidHost(bad), false, bad);
  }
});

describe('malformed Host headers are refused with 400 and the Error body, before any site or route', () => {
  const logs = logCapture();
  let h: Harness;
  let port: number;

  before(async () => {
    h = await harness({ logStream: logs.stream });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.close());

  const cases: { name: string; head: string }[] = [
    { name: 'two Host headers', head: 'Host: 127.0.0.1\r\nHost: other.test\r\n' },
    { name: 'two equal Host headers', head: 'Host: 127.0.0.1\r\nhost: 127.0.0.1\r\n' },
    { name: 'a port that is not a number', head: 'Host: x:abc\r\n' },
    { name: 'two ports', head: 'Host: x:19080:1\r\n' },
    { name: 'a port over 65535', head: 'Host: x:70000\r\n' },
  ];
  for (const c of cases) {
    for (const path of ['/healthz', '/v1/pets']) {
      test(`${c.name} on ${path}: 400 bad_request, connection closed`, async () => {
        const [res, ...more] = await rawExchange(port, `GET ${path} HTTP/1.1\r\n${c.head}Authorization: Bearer ${h.key}\r\n\r\n`);
        assert.ok(res);
        assert.equal(more.length, 0);
        assert.equal(res.status, 400, res.body.toString());
        assert.equal(headerOf(res, 'connection'), 'close');
        assert.match(headerOf(res, 'x-request-id') ?? '', /^req_/);
        const body = h.contract.assertError(400, headerOf(res, 'content-type'), res.body.toString(), c.name) as { code: string };
        assert.equal(body.code, 'bad_request');
      });
    }
  }

  test('a well-formed Host with a port is served', async () => {
    const [res] = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:80\r\nConnection: close\r\n\r\n');
    assert.equal(res?.status, 200);
  });
});
