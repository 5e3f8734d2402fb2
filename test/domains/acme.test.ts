import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, get as httpsGet, type Server as HttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  createAccountKey,
  directoryCaaIdentities,
  failureFromProblem,
  issueCertificate,
  parseRetryAfter,
  renewalDue,
  renewalTime,
  type AcmeSettings,
  type ChallengePort,
} from '../../src/domains/acme/client.js';
import { SniContexts } from '../../src/domains/serving/sni.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { freePort } from '../helpers/redis-server.js';

const available = pebbleAvailable();

/** An http-01 responder on 127.0.0.1, backed by a map the challenge port writes to. */
function challengeResponder(): { server: HttpServer; answers: Map<string, string>; port: ChallengePort; calls: string[] } {
  const answers = new Map<string, string>();
  const calls: string[] = [];
  const server = createHttpServer((req, res) => {
    const token = /^\/\.well-known\/acme-challenge\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const answer = token === undefined ? undefined : answers.get(token);
    res.statusCode = answer === undefined ? 404 : 200;
    res.end(answer ?? '');
  });
  const port: ChallengePort = {
    put: async (token, keyAuthorization) => {
      calls.push(`put ${token}`);
      answers.set(token, keyAuthorization);
    },
    remove: async (token) => {
      calls.push(`remove ${token}`);
      answers.delete(token);
    },
  };
  return { server, answers, port, calls };
}

interface Fetched {
  status: number;
  body: string;
  serial: string;
}

function fetchBySni(port: number, servername: string, ca: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = httpsGet({ host: '127.0.0.1', port, servername, path: '/', ca, agent: false, timeout: 5000 }, (res) => {
      const serial = (res.socket as unknown as { getPeerCertificate(): { serialNumber: string } }).getPeerCertificate().serialNumber;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, serial }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

describe('ACME issuance against Pebble, served by SNI', { skip: available === true ? false : available }, () => {
  let rig: PebbleRig;
  let settings: AcmeSettings;
  let root: string;
  const responder = challengeResponder();
  const sni = new SniContexts();
  let https: HttpsServer;
  let httpsPort: number;
  let issued: { chain: string; privateKey: string; account: { key: string; url: string } } | undefined;

  before(async () => {
    responder.server.listen(0, '127.0.0.1');
    await once(responder.server, 'listening');
    rig = await startPebble({ httpPort: (responder.server.address() as AddressInfo).port });
    await rig.setCname('www.shop.test', 'sites.platform.test');
    await rig.addA('sites.platform.test', ['127.0.0.1']);
    settings = { directoryUrl: rig.directoryUrl, caPem: readFileSync(rig.caFile, 'utf8'), pollIntervalMs: 50 };
    root = await rig.root();
    https = createHttpsServer({ SNICallback: sni.callback }, (_req, res) => res.end('storefront'));
    https.listen(0, '127.0.0.1');
    await once(https, 'listening');
    httpsPort = (https.address() as AddressInfo).port;
  });
  after(async () => {
    https?.close();
    responder.server.close();
    await rig?.stop();
  });

  test("a certificate for www.shop.test is issued over http-01 and its chain validates against Pebble's root", async () => {
    const r = await issueCertificate(settings, { domain: 'www.shop.test', challenges: responder.port });
    assert.ok(r.ok, r.ok ? '' : r.failure.message);
    const { chain, privateKey, notBefore, notAfter } = r.certificate;
    assert.equal(chain.match(/BEGIN CERTIFICATE/g)?.length, 2, 'leaf and intermediate');
    assert.match(privateKey, /BEGIN PRIVATE KEY/);
    const leaf = new X509Certificate(chain);
    assert.equal(leaf.subjectAltName, 'DNS:www.shop.test');
    assert.equal(leaf.publicKey.asymmetricKeyType, 'ec');
    assert.ok(notBefore < notAfter);
    assert.match(r.account.url, /^https:\/\/127\.0\.0\.1:\d+\//);
    assert.match(r.account.key, /BEGIN PRIVATE KEY/);
    assert.equal(responder.calls.length, 2);
    assert.match(responder.calls[0] ?? '', /^put /);
    assert.equal(responder.calls[1], responder.calls[0]?.replace('put', 'remove'), 'the answer is removed afterwards');
    assert.equal(responder.answers.size, 0);
    issued = { chain, privateKey, account: r.account };

    sni.set('www.shop.test', { cert: chain, key: privateKey });
    const res = await fetchBySni(httpsPort, 'www.shop.test', root);
    assert.equal(res.status, 200);
    assert.equal(res.body, 'storefront');
    assert.equal(res.serial, leaf.serialNumber);
  });

  test('an unknown server name fails the handshake; a removed name fails from the next handshake', async () => {
    assert.ok(issued);
    await assert.rejects(fetchBySni(httpsPort, 'unknown.test', root));
    sni.set('WWW.Shop.Test.', { cert: issued.chain, key: issued.privateKey });
    assert.ok(sni.has('www.shop.test'), 'keyed by the lowercase name');
    assert.equal((await fetchBySni(httpsPort, 'www.shop.test', root)).status, 200);
    assert.ok(sni.delete('www.shop.test'));
    await assert.rejects(fetchBySni(httpsPort, 'www.shop.test', root));
    assert.equal(sni.size, 0);
  });

  test('a renewed certificate, ordered with the stored account, is served from the next handshake', async () => {
    assert.ok(issued);
    sni.set('www.shop.test', { cert: issued.chain, key: issued.privateKey });
    const before = await fetchBySni(httpsPort, 'www.shop.test', root);
    const r = await issueCertificate(settings, { domain: 'www.shop.test', challenges: responder.port, account: issued.account });
    assert.ok(r.ok, r.ok ? '' : r.failure.message);
    assert.equal(r.account.url, issued.account.url, 'the same account');
    sni.set('www.shop.test', { cert: r.certificate.chain, key: r.certificate.privateKey });
    const after = await fetchBySni(httpsPort, 'www.shop.test', root);
    assert.notEqual(after.serial, before.serial);
    assert.equal(after.serial, new X509Certificate(r.certificate.chain).serialNumber);

    // The stored key alone (no URL) finds the same account again.
    const again = await issueCertificate(settings, {
      domain: 'www.shop.test',
      challenges: responder.port,
      account: { key: issued.account.key },
    });
    assert.ok(again.ok, again.ok ? '' : JSON.stringify(again.failure));
    assert.equal(again.account.url, issued.account.url);
  });

  test('an account key created ahead (no account at the CA yet) gets its account on first use', async () => {
    const key = await createAccountKey();
    const r = await issueCertificate(settings, { domain: 'www.shop.test', challenges: responder.port, account: { key } });
    assert.ok(r.ok, r.ok ? '' : r.failure.message);
    assert.equal(r.account.key, key);
    assert.notEqual(r.account.url, issued?.account.url);
  });

  test('renewal is due once two thirds of the lifetime have passed', () => {
    assert.ok(issued);
    const leaf = new X509Certificate(issued.chain);
    const from = Date.parse(leaf.validFrom);
    const to = Date.parse(leaf.validTo);
    const due = from + ((to - from) * 2) / 3;
    assert.equal(renewalTime(issued.chain).getTime(), Math.floor(due));
    assert.equal(renewalDue(issued.chain, from), false);
    assert.equal(renewalDue(issued.chain, due - 1000), false);
    assert.equal(renewalDue(issued.chain, due), true);
    assert.equal(renewalDue(issued.chain, to + 1), true);
  });

  test("a challenge the CA cannot validate is challenge_failed in the CA's words", async () => {
    const silent: ChallengePort = { put: async () => undefined, remove: async () => undefined };
    const r = await issueCertificate(settings, { domain: 'www.shop.test', challenges: silent });
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.failure.kind, 'challenge_failed');
    assert.equal(r.failure.problem?.type, 'urn:ietf:params:acme:error:unauthorized');
    assert.match(r.failure.message, /www\.shop\.test.*returned 404/);
    assert.ok(r.account, 'the account made on the way is returned for storing');
  });

  test('a name the CA refuses is ca_error with its problem document', async () => {
    const r = await issueCertificate(settings, { domain: 'under_score.test', challenges: responder.port });
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.failure.kind, 'ca_error');
    assert.equal(r.failure.problem?.type, 'urn:ietf:params:acme:error:malformed');
    assert.match(r.failure.message, /illegal character/);
  });

  test('ACME_CA_FILE is trusted by that client only', async () => {
    const untrusted = await issueCertificate(
      { directoryUrl: rig.directoryUrl, pollIntervalMs: 50 },
      { domain: 'www.shop.test', challenges: responder.port },
    );
    assert.ok(!untrusted.ok && untrusted.failure.kind === 'ca_unreachable');
    assert.match(untrusted.ok ? '' : untrusted.failure.message, /SELF_SIGNED|certificate/i);
    // After trusted clients ran above, the process-wide TLS trust is unchanged.
    await assert.rejects(
      new Promise((resolve, reject) => httpsGet(rig.directoryUrl, { agent: false }, resolve).on('error', reject)),
      /self-signed|SELF_SIGNED/i,
    );
  });

  test('a cancelled order stops without contacting the CA', async () => {
    const r = await issueCertificate(settings, {
      domain: 'www.shop.test',
      challenges: responder.port,
      signal: AbortSignal.abort(),
    });
    assert.ok(!r.ok && r.failure.kind === 'cancelled');
  });

  test('Pebble publishes no CAA identities (so ACME_CAA_IDENTITIES must be set for it)', async () => {
    assert.deepEqual(await directoryCaaIdentities(settings), []);
  });
});

describe('ACME when the CA is unreachable', () => {
  test('nothing listening: ca_unreachable at once, no crash, no hidden retries', async () => {
    const started = Date.now();
    const r = await issueCertificate(
      { directoryUrl: `https://127.0.0.1:${String(await freePort())}/dir`, requestTimeoutMs: 2000 },
      { domain: 'www.shop.test', challenges: { put: async () => undefined, remove: async () => undefined } },
    );
    assert.ok(!r.ok);
    assert.equal(r.failure.kind, 'ca_unreachable');
    assert.match(r.failure.message, /could not be reached \(ECONNREFUSED\)/);
    assert.ok(Date.now() - started < 3000);
  });

  test('a CA that accepts connections and never answers: ca_unreachable after the request timeout', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const mute = createTcpServer((s) => sockets.add(s));
    mute.listen(0, '127.0.0.1');
    await once(mute, 'listening');
    try {
      const started = Date.now();
      const r = await issueCertificate(
        { directoryUrl: `https://127.0.0.1:${String((mute.address() as AddressInfo).port)}/dir`, requestTimeoutMs: 300 },
        { domain: 'www.shop.test', challenges: { put: async () => undefined, remove: async () => undefined } },
      );
      assert.ok(!r.ok && r.failure.kind === 'ca_unreachable');
      assert.match(r.ok ? '' : r.failure.message, /ETIMEDOUT/);
      assert.ok(Date.now() - started < 2000);
    } finally {
      for (const s of sockets) s.destroy();
      mute.close();
    }
  });
});

describe('problems from the CA', () => {
  test('rateLimited becomes rate_limited with the retry time, in seconds or as a date', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    assert.equal(parseRetryAfter('120', now)?.toISOString(), '2026-11-23T12:02:00.000Z');
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 15:00:00 GMT', now)?.toISOString(), '2026-11-23T15:00:00.000Z');
    assert.equal(parseRetryAfter('soon', now), undefined);
    const f = failureFromProblem(
      { type: 'urn:ietf:params:acme:error:rateLimited', detail: 'too many certificates (50) already issued for "shop.test"' },
      new Date(now + 3_600_000),
      'the order for www.shop.test',
    );
    assert.equal(f.kind, 'rate_limited');
    assert.equal(f.retryAfter?.toISOString(), '2026-11-23T13:00:00.000Z');
    assert.match(f.message, /too many certificates \(50\).*Retry after 2026-11-23T13:00:00\.000Z/);
  });
});
