import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { refusedAddress } from '../../src/events/delivery/addresses.js';
import { sendWebhook } from '../../src/events/delivery/sender.js';
import { harness, type Harness } from '../helpers/harness.js';
import { eventually, memberOf, receiver } from '../helpers/webhooks.js';

interface Attempt {
  status: string;
  httpStatus?: number;
  error?: string;
}

/** A TCP listener on 127.0.0.1 that only counts connections: proof that nothing was sent. */
async function tcpCounter() {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('webhook destinations (SSRF)', () => {
  test('loopback, private, link-local, multicast, unspecified and IPv4-mapped addresses are refused, in words', () => {
    for (const [address, words] of [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.20.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['fd00::1', 'private'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['::ffff:127.0.0.1', 'IPv4-mapped'],
      ['::ffff:7f00:1', 'IPv4-mapped'],
      ['::ffff:a00:1', 'IPv4-mapped'],
    ] as const) {
      assert.match(refusedAddress(address) ?? 'allowed', new RegExp(words), address);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1'])
      assert.equal(refusedAddress(address), null, address);
  });

  test('every IANA special-purpose range is refused: NAT64, 6to4, Teredo, documentation, discard, broadcast, outside 2000::/3', () => {
    for (const [address, words] of [
      ['64:ff9b::7f00:1', 'NAT64'],
      ['64:ff9b::a9fe:a9fe', 'NAT64'],
      ['64:ff9b:1::1', 'NAT64'],
      ['2002:7f00:1::1', '6to4'],
      ['2002:a00:1::', '6to4'],
      ['2001::1', 'Teredo'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
      ['2001:db8::1', 'documentation'],
      ['100::1', 'discard'],
      ['::7f00:1', 'IPv4-compatible'],
      ['4000::1', 'global unicast'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.2.10', 'documentation'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.9', 'documentation'],
      ['192.88.99.1', 'reserved'],
    ] as const) {
      assert.match(refusedAddress(address) ?? 'allowed', new RegExp(words), address);
    }
  });

  test('every way of getting no answer (refused, unresolved, silent) reads the same in the attempt: no port scanning', async () => {
    const closed = await tcpCounter();
    const closedPort = closed.port;
    await closed.close();
    // Accepts connections and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const options = { allowPrivate: true, timeoutMs: 300 };
      const send = (url: string, resolve?: (h: string) => Promise<never>) =>
        sendWebhook(url, {}, '{}', resolve ? { ...options, resolve } : options);
      const results = await Promise.all([
        send(`http://127.0.0.1:${String(closedPort)}/hook`),
        send(`http://127.0.0.1:${String((silent.address() as AddressInfo).port)}/hook`),
        send('http://nowhere.invalid/hook', async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
        }),
      ]);
      const texts = results.map((r) => (r.kind === 'error' ? r.error : `answered ${String(r.status)}`));
      assert.equal(new Set(texts).size, 1, texts.join(' | '));
      assert.doesNotMatch(texts[0] ?? '', /ECONN|ENOTFOUND|refused|resolve/i);
    } finally {
      silent.close();
    }
  });

  test('a name resolving to a private address is refused before any connection; the socket connects to the address checked', async () => {
    const counter = await tcpCounter();
    const r = await receiver();
    try {
      const refused = await sendWebhook(`https://rebind.test:${String(counter.port)}/hook`, {}, '{}', {
        allowPrivate: false,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      assert.equal(refused.kind, 'error');
      assert.match(refused.kind === 'error' ? refused.error : '', /rebind\.test resolves to 127\.0\.0\.1 is a loopback address/);
      // A name with one public and one private address is refused as a whole.
      const mixed = await sendWebhook(`https://mixed.test:${String(counter.port)}/`, {}, '{}', {
        allowPrivate: false,
        resolve: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ],
      });
      assert.match(mixed.kind === 'error' ? mixed.error : '', /10\.0\.0\.1 is a private address/);
      assert.equal(counter.connections(), 0, 'no connection was made');
      // With private destinations allowed, a name the system cannot resolve reaches the address the resolver gave:
      // the connection goes to the checked address, not to a second lookup.
      const pinned = await sendWebhook(`http://pinned.invalid:${String(r.port)}/hook`, {}, '{"x":1}', {
        allowPrivate: true,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      assert.equal(pinned.kind, 'answered');
      assert.equal(r.received.length, 1);
      assert.equal(r.received[0]?.headers.host, `pinned.invalid:${String(r.port)}`);
    } finally {
      await counter.close();
      await r.close();
    }
  });
});

describe('webhook destinations through the API, WEBHOOK_ALLOW_PRIVATE unset', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { webhookAllowPrivate: false, webhookRetryDelays: [] } });
  });
  after(() => h.close());

  test('URLs of 127.0.0.1, [::1], 10.x, 169.254.169.254, [::ffff:127.0.0.1] and http:// are refused with a reason', async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    for (const [url, reason] of [
      ['https://127.0.0.1/hook', 'loopback'],
      ['https://[::1]/hook', 'loopback'],
      ['https://10.0.0.8/hook', 'private'],
      ['https://169.254.169.254/latest/meta-data', 'link-local'],
      ['https://[::ffff:127.0.0.1]/hook', 'IPv4-mapped'],
      ['https://0.0.0.0/hook', 'unspecified'],
      ['http://example.test/hook', 'https://'],
      ['https://user:pw@example.test/hook', 'password'],
    ] as const) {
      const res = await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks`, payload: { url, events: ['*'] } });
      assert.equal(res.statusCode, 400, url);
      const body = res.json() as { code: string; message: string; details: { field: string; message: string }[] };
      assert.equal(body.code, 'validation_failed');
      assert.match(body.message, new RegExp(reason), url);
      assert.equal(body.details[0]?.field, 'url');
      // What WEBHOOK_ALLOW_PRIVATE would let through names it; a user name or password it would not.
      assert.equal(body.message.includes('WEBHOOK_ALLOW_PRIVATE=true'), reason !== 'password', url);
    }
    const local = await c.call({
      method: 'POST',
      url: `/api/v1/projects/${p.project}/webhooks`,
      payload: { url: 'http://127.0.0.1:4000/hook', events: ['*'] },
    });
    assert.equal(local.statusCode, 400);
    assert.equal(
      (local.json() as { message: string }).message,
      'The webhook URL is refused: only https:// URLs can receive webhooks (for local testing, start the server with WEBHOOK_ALLOW_PRIVATE=true).',
    );
  });

  test('a URL with control or invisible characters is refused when added and when changed, so none reaches the audit log', async () => {
    const p = await h.newProject();
    const c = await memberOf(h.app, p.project);
    const added = await c.call({
      method: 'POST',
      url: `/api/v1/projects/${p.project}/webhooks`,
      payload: { url: 'https://example.test/hook', events: ['*'] },
    });
    assert.equal(added.statusCode, 201);
    const hook = added.json() as { id: string };
    for (const url of [
      'https://example.test/x\u001b]0;title\u0007\u001b[2J',
      'https://example.test/#\u001b[31mred',
      'https://example.test/\u009b2J',
      'https://example.test/\u202Eevil',
      'https://example.test/zero\u200Bwidth',
      'https://example.test/\u007f',
    ]) {
      for (const [method, path] of [
        ['POST', `/api/v1/projects/${p.project}/webhooks`],
        ['PATCH', `/api/v1/projects/${p.project}/webhooks/${hook.id}`],
      ] as const) {
        const res = await c.call({ method, url: path, payload: method === 'POST' ? { url, events: ['*'] } : { url } });
        assert.equal(res.statusCode, 400, `${method} ${JSON.stringify(url)}`);
        const body = res.json() as { code: string; message: string; details: { field: string }[] };
        assert.equal(body.code, 'validation_failed');
        assert.match(body.message, /control or invisible characters/);
        assert.equal(body.details[0]?.field, 'url');
      }
    }
    const audit = (await c.call({ url: `/api/v1/projects/${p.project}/audit` })).json() as { action: string; target: string }[];
    assert.deepEqual(
      audit.filter((e) => e.action.startsWith('webhook.')).map((e) => [e.action, e.target]),
      [['webhook.add', hook.id]],
    );
  });

  test('a name resolving to 127.0.0.1 is accepted, then refused at delivery with the reason recorded, and nothing reaches it', async () => {
    const counter = await tcpCounter();
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const added = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: `https://localhost:${String(counter.port)}/hook`, events: ['*'] },
      });
      assert.equal(added.statusCode, 201);
      const hook = added.json() as { id: string };
      await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/test` });
      const attempts = await eventually(async () => {
        const a = (await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/deliveries` })).json() as Attempt[];
        return a.length > 0 ? a : undefined;
      });
      assert.equal(attempts[0]?.status, 'failed');
      assert.equal(attempts[0]?.httpStatus, undefined);
      assert.match(attempts[0]?.error ?? '', /localhost resolves to (127\.0\.0\.1|::1) is a loopback address/);
      assert.equal(counter.connections(), 0);
    } finally {
      await counter.close();
    }
  });
});

describe('redirects, WEBHOOK_ALLOW_PRIVATE=true', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ config: { webhookAllowPrivate: true, webhookRetryDelays: [] } });
  });
  after(() => h.close());

  test('a 302 to a private address is not followed; the attempt fails with the reason', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    try {
      const p = await h.newProject();
      const c = await memberOf(h.app, p.project);
      const hook = (
        await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks`, payload: { url: r.url, events: ['*'] } })
      ).json() as { id: string };
      await c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/test` });
      const attempts = await eventually(async () => {
        const a = (await c.call({ url: `/api/v1/projects/${p.project}/webhooks/${hook.id}/deliveries` })).json() as Attempt[];
        return a.length > 0 ? a : undefined;
      });
      assert.equal(attempts[0]?.status, 'failed');
      assert.equal(attempts[0]?.httpStatus, 302);
      assert.match(attempts[0]?.error ?? '', /redirect to http:\/\/169\.254\.169\.254\/latest\/meta-data\/ not followed/);
      assert.equal(r.received.length, 1, 'one request, to the receiver only');
    } finally {
      await r.close();
    }
  });
});
