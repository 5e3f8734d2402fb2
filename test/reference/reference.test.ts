import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { cleanup } from '../helpers/cleanup.js';
import { assertNoLeaks, browserSkip, openBrowser, seriousAxeViolations, type Browser } from '../helpers/browser.js';
import { harness, type Harness } from '../helpers/harness.js';
import { freePort } from '../helpers/redis-server.js';
import { API_VERSION, VERSION } from '../../src/version.js';

describe('/docs without a browser', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('the page names only contracts this service serves, loads no script but its own, and needs no key', async () => {
    const res = await h.app.inject({ url: '/docs' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
    assert.doesNotMatch(res.body, /<script>(?!<)/, 'no inline script');
    const scripts = [...res.body.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    assert.ok(scripts.length >= 4);
    for (const src of scripts) assert.match(src, /^\/docs\/assets\//, `${src} is served by the service`);
    const contracts = JSON.parse(
      (/data-contracts="([^"]+)"/.exec(res.body)?.[1] ?? '[]').replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c))),
    ) as { url: string }[];
    for (const c of contracts) assert.equal((await h.app.inject({ url: c.url })).statusCode, 200, `${c.url} is served`);
    assert.ok(contracts.some((c) => c.url === '/v1/openapi.json'));
  });

  test("the typed client's install line from this server (BASE_URL's), its SHA-256 and a first call", async () => {
    const res = await h.app.inject({ url: '/docs' });
    assert.match(
      res.body,
      /<pre tabindex="0"><code>npm install https:\/\/api\.petstore\.test\/downloads\/petstore-client\.tgz<\/code><\/pre>/,
    );
    assert.match(res.body, /href="https:\/\/api\.petstore\.test\/downloads\/petstore-client\.tgz\.sha256"/);
    assert.match(
      res.body,
      /createClient\(\{\n {2}baseUrl: &#39;https:\/\/api\.petstore\.test\/v1&#39;,\n {2}apiKey: process\.env\.PETSTORE_KEY,\n\}\);/,
    );
    assert.match(res.body, /await petstore\.listPets\(/);
    // The README's first call, to this server: one snippet everywhere (README, /docs, the dashboard).
    const readme = /```ts\n([\s\S]*?)\n```/.exec(readFileSync('README.md', 'utf8'))?.[1] ?? '';
    const shown = /<pre tabindex="0"><code>(import [\s\S]*?)<\/code><\/pre>/
      .exec(res.body)?.[1]
      ?.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));
    assert.equal(shown, readme.replace('http://127.0.0.1:8080/v1', 'https://api.petstore.test/v1'));
    assert.equal((await h.app.inject({ url: '/downloads/petstore-client.tgz' })).statusCode, 200, 'the line names what is served');
  });

  test('assets: compressed when asked, 304 on a matching ETag, 404 for anything not on the list', async () => {
    const plain = await h.app.inject({ url: '/docs/assets/swagger-ui-bundle.js' });
    assert.equal(plain.statusCode, 200);
    assert.match(String(plain.headers['content-type']), /^text\/javascript/);
    const zipped = await h.app.inject({ url: '/docs/assets/swagger-ui-bundle.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.ok(zipped.rawPayload.length < plain.rawPayload.length / 2);
    const again = await h.app.inject({
      url: '/docs/assets/swagger-ui-bundle.js',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    for (const url of ['/docs/assets/package.json', '/docs/assets/..%2fpackage.json', '/docs/assets/index.html']) {
      assert.equal((await h.app.inject({ url })).statusCode, 404, url);
    }
  });
});

const skip = browserSkip();

describe('/docs in Chromium', { skip }, () => {
  let h: Harness;
  let base: string;
  let browser: Browser;
  const started = cleanup();
  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${String(port)}`;
    h = started.add(await harness({ config: { baseUrl: `${base}/v1` } }), (x) => x.close());
    await h.app.listen({ port, host: '127.0.0.1' });
    await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, 'content-type': 'application/json' },
      payload: { name: 'Rex', categoryId: 7 },
    });
    browser = started.add(await openBrowser(), (b) => b.close());
  });
  after(() => started.run());

  test('shows every operation with its stability, the deprecation of getPet and the bearer scheme; a person tries listPets with a key', async () => {
    const { page } = browser;
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor();
    for (const path of ['/pets', '/pets/{petId}', '/store/orders']) assert.ok(await page.locator(`[data-path="${path}"]`).count(), path);
    assert.equal(await page.locator('.opblock-deprecated [data-path="/pets/{petId}"]').count(), 1, 'getPet is shown deprecated');
    await browser.screenshot('docs-desktop');

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.locator('.modal-ux input[type="text"], .modal-ux input[type="password"]').first().fill(h.key);
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();

    const listPets = page.locator('#operations-animals-listPets');
    await listPets.locator('.opblock-summary').click();
    // The operation's body renders after the click; wait for it rather than read it at once.
    await listPets.getByRole('button', { name: 'Try it out' }).waitFor();
    assert.match(await listPets.innerText(), /x-stability/, 'the stability extension is shown');
    assert.match(await listPets.innerText(), /X-RateLimit-Remaining/, 'the rate-limit headers are documented');
    await listPets.getByRole('button', { name: 'Try it out' }).click();
    await listPets.getByRole('button', { name: 'Execute' }).click();
    const status = listPets.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    assert.equal((await status.innerText()).trim(), '200');
    assert.match(await listPets.locator('.live-responses-table').innerText(), /Rex/);
    await browser.screenshot('docs-try-listpets');
    assertNoLeaks(browser);
    assert.ok(
      browser.requests.some((u) => u.startsWith(`${base}/v1/pets`)),
      'the request went to this service',
    );
  });

  test('the choice of definition is the first thing under the title; the API’s version and the release are told apart', async () => {
    const { page } = browser;
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${base}/docs`);
      await page.locator('.opblock').first().waitFor();
      const choice = page.getByLabel('Definition');
      const top = (await choice.boundingBox())?.y ?? Infinity;
      const intro = (await page.getByText('Try a request with your API key').boundingBox())?.y ?? 0;
      assert.ok(
        top < 120 && top < intro,
        `${size}: the choice is at the top (${String(top)} px), above the introduction (${String(intro)} px)`,
      );
      assert.equal(await page.locator('.swagger-ui .topbar').count(), 0, 'no second choice further down');
      assert.equal(
        await page.locator('.reference-versions').innerText(),
        `The v1 API is version ${API_VERSION}, its contract's own (the badge beside its title), which changes only when the API does; this server runs Petstore ${VERSION}, the release (/readyz, petstore --version).`,
      );
      assert.equal((await page.locator('.info .title .version').first().innerText()).trim(), API_VERSION);
      await browser.screenshot(`docs-top-${size}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Definition').selectOption({ label: 'Management API (/api/v1)' });
    await page.locator('.info .title', { hasText: 'Petstore management API' }).waitFor();
    assert.match(page.url(), /\/docs/);
    await browser.screenshot('docs-management-desktop');
    assertNoLeaks(browser);
  });

  test('the page works at phone width, and axe finds no serious or critical violations', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor();
    await browser.screenshot('docs-phone');
    // The install line and the first call wrap: nothing of them is out of sight at 390 px.
    const hidden = await page.$$eval('.reference-client pre', (pres) =>
      pres.filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.textContent ?? ''),
    );
    assert.deepEqual(hidden, []);
    const violations = await seriousAxeViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id} (${String(v.impact)}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
    );
    assertNoLeaks(browser);
  });
});
