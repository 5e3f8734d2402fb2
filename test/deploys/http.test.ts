import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { NOT_FOUND_PAGE, NOT_PUBLISHED_PAGE, BAD_REQUEST_PAGE } from '../../src/deploys/serving/pages.js';
import { describeEachEngine } from '../helpers/engines.js';
import { site } from '../helpers/deploys.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { OPERATOR } from '../../src/audit/actor.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const host = (slug: string) => `${slug}.localhost:8080`;

async function deploy(h: Harness, slug: string, files: Record<string, string>) {
  return ok(await h.app.deploys.deploy(OPERATOR, slug, { files: site(files) }));
}

async function get(h: Harness, slug: string, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return h.app.inject({ method, url, headers: { host: host(slug), ...headers } });
}

/** Sends one raw request line over TCP (no client-side normalising of the path) and returns status and body. */
function rawGet(port: number, hostHeader: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

/** GET over node:http (fetch does not let a caller set Host). */
function httpGet(
  port: number,
  hostHeader: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: hostHeader } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachEngine('sites on <slug>.<PLATFORM_HOST>', () => {
  test('the live deploy is served: index, directory index, clean URLs, 404.html, headers; public and not metered', async () => {
    const h = await harness();
    try {
      const d = await deploy(h, h.project, {
        'index.html': '<h1>home</h1>',
        'a/index.html': '<h1>a</h1>',
        'about.html': '<h1>about</h1>',
        'style.css': 'body { color: red }',
        '404.html': '<h1>lost</h1>',
      });
      assert.equal(d.status, 'ready');
      const home = await get(h, h.project, '/');
      assert.equal(home.statusCode, 200);
      assert.equal(home.body, '<h1>home</h1>');
      assert.equal(home.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(home.headers.etag, `"${sha('<h1>home</h1>')}"`);
      assert.equal(home.headers['cache-control'], 'public, max-age=0, must-revalidate');
      assert.equal(home.headers.vary, 'Accept-Encoding');
      assert.ok(home.headers['x-request-id'], 'X-Request-Id is kept on site responses');
      assert.equal(home.headers['x-ratelimit-limit'], undefined, 'site responses are not metered');
      assert.equal((await get(h, h.project, '/a/')).body, '<h1>a</h1>');
      assert.equal((await get(h, h.project, '/about')).body, '<h1>about</h1>');
      assert.equal((await get(h, h.project, '/style.css')).headers['content-type'], 'text/css; charset=utf-8');
      const lost = await get(h, h.project, '/nope');
      assert.deepEqual([lost.statusCode, lost.body], [404, '<h1>lost</h1>']);
      // Any port, any case, a final dot: the same host.
      const upper = await h.app.inject({ url: '/', headers: { host: `${h.project.toUpperCase()}.LOCALHOST.:1234` } });
      assert.equal(upper.body, '<h1>home</h1>');
    } finally {
      await h.close();
    }
  });

  test('ETag/304, precompressed copies, Range and HEAD', async () => {
    const h = await harness();
    try {
      const text = `<p>${'hello world '.repeat(400)}</p>`;
      await deploy(h, h.project, { 'index.html': text });
      const etag = `"${sha(text)}"`;
      assert.equal((await get(h, h.project, '/', { 'if-none-match': etag })).statusCode, 304);
      const br = await get(h, h.project, '/', { 'accept-encoding': 'gzip, br' });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), text);
      assert.ok(br.rawPayload.length < text.length);
      const range = await get(h, h.project, '/', { range: 'bytes=3-7' });
      assert.deepEqual([range.statusCode, range.body, range.headers['content-range']], [206, text.slice(3, 8), `bytes 3-7/${text.length}`]);
      const head = await get(h, h.project, '/', {}, 'HEAD');
      assert.deepEqual([head.statusCode, head.body, head.headers['content-length']], [200, '', String(text.length)]);
    } finally {
      await h.close();
    }
  });

  test('a failed deploy changes nothing that is served; promote rolls back; a project without a deploy is "not published yet"', async () => {
    const h = await harness();
    try {
      const { project: other } = await h.newProject();
      const notYet = await get(h, other, '/');
      assert.deepEqual([notYet.statusCode, notYet.body], [404, NOT_PUBLISHED_PAGE.toString()]);
      const v1 = await deploy(h, h.project, { 'index.html': 'v1' });
      const v2 = await deploy(h, h.project, { 'index.html': 'v2' });
      assert.equal((await get(h, h.project, '/')).body, 'v2');
      const failed = await deploy(h, h.project, { 'readme.txt': 'no index' });
      assert.deepEqual([failed.status, failed.reason, failed.live], ['failed', 'missing_index', false]);
      assert.equal((await get(h, h.project, '/')).body, 'v2', 'a failed deploy never changes what is served');
      const back = ok(await h.app.deploys.promote(OPERATOR, h.project, v1.id));
      assert.equal(back.live, true);
      assert.equal((await get(h, h.project, '/')).body, 'v1');
      const listed = ok(await h.app.deploys.list(h.project));
      assert.deepEqual(
        listed.map((d) => [d.id, d.status, d.live]),
        [
          [failed.id, 'failed', false],
          [v2.id, 'ready', false],
          [v1.id, 'ready', true],
        ],
      );
      const refused = await h.app.deploys.promote(OPERATOR, h.project, failed.id);
      assert.equal('code' in refused && refused.code, 'validation_failed');
      assert.equal((await get(h, h.project, '/')).body, 'v1');
      assert.equal(await h.app.deploys.hasReadyDeploy(ok(await h.app.projects.find(other)).id), false);
      assert.equal(await h.app.deploys.hasReadyDeploy(ok(await h.app.projects.find(h.project)).id), true);
    } finally {
      await h.close();
    }
  });

  test("/v1 on a project host is the API; another project's key is refused with 401 exactly like an unknown key", async () => {
    const h = await harness();
    try {
      const other = await h.newProject();
      await deploy(h, h.project, { 'index.html': 'home' });
      const own = await h.app.inject({ url: '/v1/pets', headers: { host: host(h.project), ...h.auth } });
      assert.equal(own.statusCode, 200);
      assert.ok(own.headers['x-ratelimit-limit'], 'API requests on a project host are metered');
      const foreign = await h.app.inject({ url: '/v1/pets', headers: { host: host(h.project), ...other.auth } });
      const unknown = await h.app.inject({
        url: '/v1/pets',
        headers: { host: host(h.project), authorization: `Bearer ${other.key.slice(0, -4)}zzzz` },
      });
      assert.equal(foreign.statusCode, 401);
      const strip = (r: typeof foreign) => ({ ...(JSON.parse(r.body) as object), wwwAuthenticate: r.headers['www-authenticate'] });
      assert.deepEqual(strip(foreign), strip(unknown));
      // The same key works on its own project's host and on hosts that are not project hosts.
      assert.equal((await h.app.inject({ url: '/v1/pets', headers: { host: host(other.project), ...other.auth } })).statusCode, 200);
      assert.equal((await h.app.inject({ url: '/v1/pets', headers: other.auth })).statusCode, 200);
      assert.equal((await h.app.inject({ url: '/v1/openapi.json', headers: { host: host(h.project) } })).statusCode, 200);
    } finally {
      await h.close();
    }
  });

  test('hosts that are not project hosts serve as before; an unknown slug gets a plain 404', async () => {
    const h = await harness();
    try {
      await deploy(h, h.project, { 'index.html': 'home' });
      const plain = await h.app.inject({ url: '/v1/openapi.json' });
      for (const name of [
        `${h.project}.localhost.evil`,
        `evil${h.project}.localhost.evil`,
        `a.${h.project}.localhost`,
        `${h.project}localhost`,
        'localhost',
        '127.0.0.1',
      ]) {
        const res = await h.app.inject({ url: '/v1/openapi.json', headers: { host: `${name}:8080` } });
        assert.equal(res.statusCode, 200, name);
        assert.equal(res.body, plain.body, name);
        const root = await h.app.inject({ url: '/', headers: { host: name } });
        assert.notEqual(root.body, 'home', `${name} must not serve the site`);
        assert.equal((await h.app.inject({ url: '/v1/pets', headers: { host: name, ...h.auth } })).statusCode, 200, name);
      }
      const unknown = await h.app.inject({ url: '/', headers: { host: 'no-such-project.localhost' } });
      assert.deepEqual([unknown.statusCode, unknown.body], [404, NOT_FOUND_PAGE.toString()]);
      // A project created after the server started is found at once.
      const later = await h.newProject();
      assert.equal((await get(h, later.project, '/')).body, NOT_PUBLISHED_PAGE.toString());
    } finally {
      await h.close();
    }
  });

  test('over real HTTP: traversal attempts never leave the deploy, and concurrent readers during deploys each get one whole deploy', async () => {
    const h = await harness();
    try {
      await deploy(h, h.project, { 'index.html': 'v0', 'a/index.html': 'inner' });
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = h.app.server.address() as AddressInfo;
      const attempts = [
        '/..%2f..%2fpackage.json',
        '/a/..%2f..%2f..%2fetc%2fpasswd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/index.html%00.css',
        '/a%00/index.html',
        '/..\\..\\package.json',
        '/a/%5c..%5c..%5cpackage.json',
        '/a/../../package.json',
        '//etc/passwd',
      ];
      for (const target of attempts) {
        const res = await rawGet(port, host(h.project), target);
        assert.ok([400, 404].includes(res.status), `${target}: ${String(res.status)}`);
        assert.ok(
          [BAD_REQUEST_PAGE.toString(), NOT_FOUND_PAGE.toString()].includes(res.body),
          `${target} answered ${res.body.slice(0, 80)}`,
        );
      }

      const bodies = Array.from({ length: 8 }, (_, v) => `<p>version ${String(v)} ${'x'.repeat(2000 + v)}</p>`);
      let deploying = true;
      let reads = 0;
      const reader = async () => {
        while (deploying) {
          const res = await httpGet(port, host(h.project), '/');
          const body = res.body.toString();
          assert.equal(res.status, 200);
          assert.ok(body === 'v0' || bodies.includes(body), `a response mixed deploys: ${body.slice(0, 40)}`);
          assert.equal(res.headers.etag, `"${sha(body)}"`, 'headers and body come from the same deploy');
          assert.equal(res.headers['content-length'], String(res.body.length));
          reads++;
        }
      };
      const readers = Array.from({ length: 4 }, reader);
      try {
        for (const body of bodies) await deploy(h, h.project, { 'index.html': body, 'a/index.html': body });
      } finally {
        deploying = false;
      }
      await Promise.all(readers);
      assert.ok(reads > 0);
      assert.equal((await rawGet(port, host(h.project), '/')).body, bodies.at(-1));
    } finally {
      await h.close();
    }
  });
});
