import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, get, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SniContexts, type CertificatePair } from '../../src/domains/serving/sni.js';
import { selfSigned } from '../helpers/certificates.js';

/** A self-signed certificate for `name`. */
function selfSignedFor(dir: string, name: string): CertificatePair {
  const { cert, key } = selfSigned(dir, name, { commonName: name, subjectAltName: `DNS:${name}`, days: 1 });
  return { cert, key };
}

function handshake(port: number, servername: string | undefined, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = get(
      { host: '127.0.0.1', port, path: '/', ca, agent: false, timeout: 5000, ...(servername === undefined ? {} : { servername }) },
      (res) => {
        const cn = String((res.socket as import('node:tls').TLSSocket).getPeerCertificate().subject.CN);
        res.resume();
        res.on('end', () => resolve(cn));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

describe('SNI contexts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-sni-'));
  const sni = new SniContexts();
  const shop = selfSignedFor(dir, 'shop.example');
  const blog = selfSignedFor(dir, 'blog.example');
  const shop2 = selfSignedFor(dir, 'shop.example');
  let server: Server;
  let port: number;
  const tlsErrors: string[] = [];

  before(async () => {
    server = createServer({ SNICallback: sni.callback }, (_req, res) => res.end('ok'));
    server.on('tlsClientError', (e) => tlsErrors.push(e.message));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('each name gets its own certificate, case-insensitively', async () => {
    sni.set('shop.example', shop);
    sni.set('Blog.Example.', blog);
    assert.equal(await handshake(port, 'shop.example', shop.cert), 'shop.example');
    assert.equal(await handshake(port, 'blog.example', blog.cert), 'blog.example');
    assert.equal(sni.size, 2);
  });

  test('an unknown name, or no name at all, fails the handshake', async () => {
    const before = tlsErrors.length;
    await assert.rejects(handshake(port, 'other.example', shop.cert));
    await assert.rejects(handshake(port, undefined, shop.cert));
    assert.ok(tlsErrors.length > before, 'the server saw the refused handshakes');
    assert.ok(!sni.has('other.example'), 'an arriving name adds nothing');
  });

  test('a replaced certificate is served from the next handshake; a deleted name is refused', async () => {
    sni.set('shop.example', shop2);
    assert.equal(await handshake(port, 'shop.example', shop2.cert), 'shop.example');
    await assert.rejects(handshake(port, 'shop.example', shop.cert), 'the old certificate is no longer served');
    assert.ok(sni.delete('SHOP.example'));
    await assert.rejects(handshake(port, 'shop.example', shop2.cert));
  });

  test('a key that does not match its certificate is refused and the served one stays', async () => {
    assert.throws(() => sni.set('blog.example', { cert: blog.cert, key: shop.key }));
    assert.equal(await handshake(port, 'blog.example', blog.cert), 'blog.example');
  });
});
