import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { listenHttps, type HttpsListener } from '../../src/domains/serving/https.js';
import { selfSigned } from '../helpers/certificates.js';
import { harness, type Harness } from '../helpers/harness.js';

/** GET over HTTPS with this SNI name and another Host header. */
function get(port: number, servername: string, host: string, ca: string): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, servername, path: '/', ca, agent: false, headers: { host }, timeout: 5000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTPS listener refuses a Host other than the SNI name', () => {
  let h: Harness;
  let https: HttpsListener;
  let dir: string;
  let ca: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-sni-host-'));
    const cert = selfSigned(dir, 'two', { commonName: 'a.sni.test', subjectAltName: 'DNS:a.sni.test,DNS:b.sni.test' });
    ca = cert.cert;
    h = await harness({ config: { httpsPort: 0 } });
    https = (await listenHttps(h.app)) as HttpsListener;
    for (const name of ['a.sni.test', 'b.sni.test']) h.app.domainHosts.sni.set(name, { cert: cert.cert, key: cert.key });
  });
  after(async () => {
    await https.close();
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("A's certificate with B's Host: 421 misdirected_request, connection closed", async () => {
    for (const host of ['b.sni.test', `b.sni.test:${String(https.port)}`, 'elsewhere.test']) {
      const res = await get(https.port, 'a.sni.test', host, ca);
      assert.equal(res.status, 421, host);
      assert.equal(res.connection, 'close');
      const body = h.contract.assertError(421, 'application/json; charset=utf-8', res.body, host) as { code: string; message: string };
      assert.equal(body.code, 'misdirected_request');
      assert.match(body.message, /SNI/);
    }
  });

  test('the same name in SNI and Host (any case, port, final dot) passes the check', async () => {
    for (const host of ['a.sni.test', 'A.SNI.TEST', `a.sni.test.:${String(https.port)}`]) {
      const res = await get(https.port, 'a.sni.test', host, ca);
      assert.doesNotMatch(res.body, /SNI/, host);
    }
  });
});
