import { describe, before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { harness, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { headerOf, rawExchange } from '../helpers/raw-http.js';

describe('a body longer than its Content-Length', () => {
  const logs = logCapture();
  let h: Harness;
  let port: number;

  before(async () => {
    h = await harness({ logStream: logs.stream, config: { logLevel: 'debug' } });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.close());

  test('the request is answered, the extra bytes get one 400 with their own request id, and nothing warns', async () => {
    const body = '{"name":"Rex","categoryId":1}';
    const extra = 'trailing bytes that are no request';
    const raw = `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${h.key}\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n${body}${extra}`;
    const responses = await rawExchange(port, raw);
    assert.deepEqual(
      responses.map((r) => r.status),
      [201, 400],
    );
    const [created, refused] = responses as [(typeof responses)[0], (typeof responses)[0]];
    const refusedBody = h.contract.assertError(400, headerOf(refused, 'content-type'), refused.body.toString(), 'extra bytes') as {
      code: string;
    };
    assert.equal(refusedBody.code, 'bad_request');
    assert.notEqual(headerOf(refused, 'x-request-id'), headerOf(created, 'x-request-id'));
    await new Promise((r) => setTimeout(r, 100));
    const levels = logs.lines().map((l) => JSON.parse(l) as { level: number; msg: string });
    assert.deepEqual(
      levels.filter((l) => l.level >= 40),
      [],
      'no warning or error is logged',
    );
    assert.ok(!logs.text().includes('Reply was already sent'));
  });

  test('a short Content-Length whose first part is not JSON: one 400 malformed_json, and the connection closes', async () => {
    const body = '{"name":"Rex","categoryId":1}';
    const raw = `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${h.key}\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n${body}`;
    const responses = await rawExchange(port, raw);
    assert.deepEqual(
      responses.map((r) => [r.status, (JSON.parse(r.body.toString()) as { code: string }).code]),
      [[400, 'malformed_json']],
    );
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(!logs.text().includes('Reply was already sent'));
    assert.ok(!logs.lines().some((l) => (JSON.parse(l) as { level: number }).level >= 40));
  });
});
