import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DEFAULT_UPLOAD_LIMITS } from '../../src/deploys/upload/collector.js';
import { MemoryDeployRepository } from '../../src/deploys/storage/memory.js';
import { chooseCoding, parseRange } from '../../src/deploys/serving/negotiation.js';
import { CACHE_CONTROL, serveSite, type SiteResponse } from '../../src/deploys/serving/serve.js';
import { createDeploy, type DeployDeps } from '../../src/deploys/service.js';
import { site } from '../helpers/deploys.js';

const INDEX = `<!doctype html><title>Shop</title>${'<p>Pets for sale</p>'.repeat(200)}`;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

async function deployed(files: Record<string, string>) {
  const repository = new MemoryDeployRepository();
  const deps: DeployDeps = { repository, limits: DEFAULT_UPLOAD_LIMITS };
  const project = { id: 1, slug: 'shop' };
  const result = await createDeploy(deps, project, { files: site(files) });
  assert.equal(result.kind === 'recorded' && result.deploy.status, 'ready');
  const get = async (url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<SiteResponse> =>
    serveSite(await repository.liveSite(1), repository, { method, url, headers });
  return { repository, deps, project, get };
}

const text = (res: SiteResponse) => res.body?.toString() ?? '';

describe('serving a deploy: path resolution', () => {
  let get: Awaited<ReturnType<typeof deployed>>['get'];
  before(async () => {
    ({ get } = await deployed({
      'index.html': INDEX,
      'about.html': 'about.html',
      'team/index.html': 'team index',
      'a/index.html': 'a index',
      exact: 'exact file',
      'exact.html': 'exact.html',
      'both.html': 'both.html',
      'both/index.html': 'both/index.html',
      'docs/guide.html': 'guide',
      'caf\u00e9 menu.html': 'menu',
      '404.html': 'custom not found',
      'style.css': 'body { color: red }',
    }));
  });

  test('/ gives index.html, /a/ gives a/index.html', async () => {
    assert.equal(text(await get('/')), INDEX);
    assert.equal(text(await get('/a/')), 'a index');
    assert.equal(text(await get('/index.html')), INDEX);
  });

  test('/about tries about, then about.html, then about/index.html', async () => {
    assert.equal(text(await get('/exact')), 'exact file');
    assert.equal(text(await get('/about')), 'about.html');
    assert.equal(text(await get('/both')), 'both.html');
    assert.equal(text(await get('/team')), 'team index');
    assert.equal(text(await get('/docs/guide')), 'guide');
  });

  test('the query is ignored and the path is percent-decoded once', async () => {
    assert.equal(text(await get('/about?utm=1')), 'about.html');
    assert.equal(text(await get('/caf%C3%A9%20menu.html')), 'menu');
    assert.equal(text(await get('/caf%C3%A9%20menu')), 'menu');
    assert.equal((await get('/style%252ecss')).status, 404, '%25 decodes to a literal %, never again');
  });

  test("a missing path gives the deploy's 404.html with status 404", async () => {
    const res = await get('/nope');
    assert.equal(res.status, 404);
    assert.equal(text(res), 'custom not found');
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal((await get('/a/missing/')).status, 404);
  });

  test('traversal attempts never leave the deploy', async () => {
    for (const url of [
      '/..%2f',
      '/..%2findex.html',
      '/a/..%2F..%2Findex.html',
      '/%2e%2e/index.html',
      '/a/../index.html',
      '/./index.html',
    ]) {
      const res = await get(url);
      assert.equal(res.status, 400, url);
      assert.match(text(res), /not a valid path/, url);
    }
    for (const url of [
      '/index.html%00',
      '/index.html%00.png',
      '/a%5cindex.html',
      '/a\\index.html',
      '/%0aindex.html',
      '/%ff',
      '/%E0%A4%A',
      '/%',
    ]) {
      assert.equal((await get(url)).status, 400, url);
    }
    // Encoded slashes decode to plain separators: they name a path inside the deploy like any other.
    assert.equal(text(await get('/a%2Findex.html')), 'a index');
  });

  test('only GET and HEAD', async () => {
    const res = await get('/', {}, 'POST');
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'GET, HEAD');
  });
});

describe('serving a deploy: headers, conditional requests, compression, ranges', () => {
  let get: Awaited<ReturnType<typeof deployed>>['get'];
  before(async () => {
    ({ get } = await deployed({ 'index.html': INDEX, 'tiny.txt': 'a', 'data.bin': '0123456789', 'empty.txt': '' }));
  });

  test('Content-Type from the media-type library, ETag is the file hash, caching headers', async () => {
    const res = await get('/');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers.etag, `"${sha(INDEX)}"`);
    assert.equal(res.headers['cache-control'], CACHE_CONTROL);
    assert.equal(CACHE_CONTROL, 'public, max-age=0, must-revalidate');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(res.headers['accept-ranges'], 'bytes');
    assert.equal(res.headers['content-length'], String(Buffer.byteLength(INDEX)));
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal((await get('/data.bin')).headers['content-type'], 'application/octet-stream');
  });

  test('If-None-Match with the ETag gives 304 without a body, weak or strong, in a list or *', async () => {
    const etag = `"${sha(INDEX)}"`;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/', { 'if-none-match': inm });
      assert.equal(res.status, 304, inm);
      assert.equal(res.body, null);
      assert.equal(res.headers.etag, etag);
      assert.equal(res.headers['cache-control'], CACHE_CONTROL);
    }
    assert.equal((await get('/', { 'if-none-match': '"other"' })).status, 200);
    assert.equal((await get('/', { 'if-none-match': `"${sha('a')}"` })).status, 200, "another file's ETag");
  });

  test('Accept-Encoding negotiation serves the precompressed copies', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.body ?? Buffer.alloc(0)).toString(), INDEX);
    assert.equal(br.headers['content-length'], String(br.body?.length));
    assert.equal(br.headers.etag, `W/"${sha(INDEX)}"`);
    assert.equal(br.headers.vary, 'Accept-Encoding');

    const gz = await get('/', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body ?? Buffer.alloc(0)).toString(), INDEX);

    assert.equal((await get('/', { 'accept-encoding': 'br;q=0.5, gzip;q=0.8' })).headers['content-encoding'], 'gzip');
    assert.equal((await get('/', { 'accept-encoding': 'gzip;q=0, br;q=0' })).headers['content-encoding'], undefined);
    assert.equal((await get('/', { 'accept-encoding': 'identity' })).headers['content-encoding'], undefined);
    assert.equal((await get('/', { 'accept-encoding': '*' })).headers['content-encoding'], 'br');
    // A file whose compressed copy would be larger is only stored, and sent, as is.
    assert.equal((await get('/tiny.txt', { 'accept-encoding': 'br, gzip' })).headers['content-encoding'], undefined);
    // A 304 answers the weak ETag of a compressed copy too.
    assert.equal((await get('/', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status, 304);
  });

  test('q-value negotiation rules', () => {
    const all = ['br', 'gzip'] as const;
    assert.equal(chooseCoding(undefined, all), 'identity');
    assert.equal(chooseCoding('', all), 'identity');
    assert.equal(chooseCoding('br, gzip', all), 'br');
    assert.equal(chooseCoding('gzip, br', all), 'br', 'equal q: the smaller coding');
    assert.equal(chooseCoding('gzip;q=1.0, br;q=0.9', all), 'gzip');
    assert.equal(chooseCoding('x-gzip', all), 'gzip');
    assert.equal(chooseCoding('BR;Q=0.5', all), 'br');
    assert.equal(chooseCoding('br', ['gzip']), 'identity');
    assert.equal(chooseCoding('*;q=0.1, identity;q=0.5', all), 'identity');
    assert.equal(chooseCoding('identity;q=0, gzip;q=0.1', all), 'gzip');
    assert.equal(chooseCoding('gzip;q=abc', all), 'identity', 'a malformed q counts as 0');
    assert.equal(chooseCoding('deflate, compress', all), 'identity');
  });

  test('HEAD: same status and headers as GET, no body', async () => {
    for (const [url, headers] of [
      ['/', {}],
      ['/', { 'accept-encoding': 'br' }],
      ['/nope', {}],
    ] as const) {
      const getRes = await get(url, headers);
      const head = await get(url, headers, 'HEAD');
      assert.equal(head.status, getRes.status);
      assert.deepEqual(head.headers, getRes.headers);
      assert.equal(head.body, null);
    }
    assert.equal((await get('/', { range: 'bytes=0-3' }, 'HEAD')).status, 200, 'Range applies to GET only');
  });

  test('a single Range gives 206 with Content-Range, of the original bytes', async () => {
    const cases: [string, string, string][] = [
      ['bytes=0-3', '0123', 'bytes 0-3/10'],
      ['bytes=5-', '56789', 'bytes 5-9/10'],
      ['bytes=-3', '789', 'bytes 7-9/10'],
      ['bytes=8-100', '89', 'bytes 8-9/10'],
      ['bytes=-100', '0123456789', 'bytes 0-9/10'],
    ];
    for (const [range, body, contentRange] of cases) {
      const res = await get('/data.bin', { range, 'accept-encoding': 'br' });
      assert.equal(res.status, 206, range);
      assert.equal(text(res), body, range);
      assert.equal(res.headers['content-range'], contentRange);
      assert.equal(res.headers['content-length'], String(body.length));
      assert.equal(res.headers['content-encoding'], undefined);
    }
    const html = await get('/', { range: 'bytes=0-14', 'accept-encoding': 'br, gzip' });
    assert.equal(html.status, 206);
    assert.equal(text(html), INDEX.slice(0, 15));
    assert.equal(html.headers.etag, `"${sha(INDEX)}"`);
  });

  test('an unsatisfiable Range gives 416 with Content-Range: bytes */size', async () => {
    for (const [url, range, size] of [
      ['/data.bin', 'bytes=10-', 10],
      ['/data.bin', 'bytes=50-60', 10],
      ['/data.bin', 'bytes=-0', 10],
      ['/empty.txt', 'bytes=0-', 0],
    ] as const) {
      const res = await get(url, { range });
      assert.equal(res.status, 416, `${url} ${range}`);
      assert.equal(res.headers['content-range'], `bytes */${size}`);
    }
  });

  test('other Range forms are ignored and the whole file sent; If-Range must match the strong ETag', async () => {
    for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=5-2', 'bytes=abc', 'bytes=-']) {
      const res = await get('/data.bin', { range });
      assert.equal(res.status, 200, range);
      assert.equal(text(res), '0123456789');
    }
    const etag = `"${sha('0123456789')}"`;
    assert.equal((await get('/data.bin', { range: 'bytes=0-1', 'if-range': etag })).status, 206);
    assert.equal((await get('/data.bin', { range: 'bytes=0-1', 'if-range': '"stale"' })).status, 200);
    assert.equal((await get('/data.bin', { range: 'bytes=0-1', 'if-range': `W/${etag}` })).status, 200);
    assert.equal((await get('/data.bin', { range: 'bytes=0-1', 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' })).status, 200);
    // A conditional GET that matches wins over the range.
    assert.equal((await get('/data.bin', { range: 'bytes=0-1', 'if-none-match': etag })).status, 304);
  });

  test('parseRange edge cases', () => {
    assert.deepEqual(parseRange(undefined, 10), { kind: 'none' });
    assert.deepEqual(parseRange(' bytes = 2 - 4 ', 10), { kind: 'range', start: 2, end: 4 });
    assert.deepEqual(parseRange('bytes=9-9', 10), { kind: 'range', start: 9, end: 9 });
    assert.deepEqual(parseRange('bytes=-5', 0), { kind: 'unsatisfiable' });
  });
});

describe('serving a deploy: pages of its own', () => {
  test('no 404.html in the deploy: a plain 404 page', async () => {
    const { get } = await deployed({ 'index.html': INDEX });
    const res = await get('/missing');
    assert.equal(res.status, 404);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(text(res), /Page not found/);
    assert.equal(res.headers['content-length'], String(res.body?.length));
  });

  test('no live deploy: a "not published yet" page with 404', async () => {
    const repository = new MemoryDeployRepository();
    for (const method of ['GET', 'HEAD']) {
      const res = await serveSite(await repository.liveSite(7), repository, { method, url: '/', headers: {} });
      assert.equal(res.status, 404);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      if (method === 'GET') assert.match(text(res), /Not published yet/);
      else assert.equal(res.body, null);
    }
  });

  test('a request is answered from the snapshot it started with, even when a new deploy goes live meanwhile', async () => {
    const { repository, deps, project, get } = await deployed({ 'index.html': 'v1', 'old.html': 'only in v1' });
    const snapshot = await repository.liveSite(1);
    await createDeploy(deps, project, { files: site({ 'index.html': 'v2', '404.html': 'v2 404' }) });
    const fromOld = await serveSite(snapshot, repository, { method: 'GET', url: '/old', headers: {} });
    assert.equal(text(fromOld), 'only in v1');
    assert.equal(text(await serveSite(snapshot, repository, { method: 'GET', url: '/', headers: {} })), 'v1');
    assert.equal(text(await get('/')), 'v2');
    assert.equal(text(await get('/old')), 'v2 404');
  });

  test('a manifest entry whose blob is missing is an error, never a silent 404', async () => {
    const { repository } = await deployed({ 'index.html': 'x' });
    const site = await repository.liveSite(1);
    await assert.rejects(serveSite(site, { read: async () => null }, { method: 'GET', url: '/', headers: {} }), /missing/);
  });
});
