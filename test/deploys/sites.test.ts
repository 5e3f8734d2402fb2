import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformHosts } from '../../src/deploys/serving/platform-hosts.js';
import { SiteHosts, siteHostname } from '../../src/deploys/sites.js';

function platform(projects: { id: number; slug: string }[], now = () => 0) {
  const finds: string[] = [];
  const hosts = new PlatformHosts(
    'example.test',
    {
      all: async () => projects,
      find: async (slug) => {
        finds.push(slug);
        return projects.find((p) => p.slug === slug) ?? null;
      },
    },
    now,
  );
  return { hosts, finds };
}

test('a project host is exactly one label, a dot and the platform host', async () => {
  const { hosts } = platform([{ id: 1, slug: 'shop' }]);
  await hosts.load();
  assert.deepEqual(hosts.resolve('shop.example.test'), { projectId: 1, slug: 'shop' });
  for (const name of [
    'shop.example.test.evil',
    'a.shop.example.test',
    'example.test',
    'shopexample.test',
    '.example.test',
    'shop_.example.test',
    'other.example.test',
  ]) {
    assert.equal(hosts.resolve(name), null, name);
  }
  assert.equal(hosts.slugOf('-bad.example.test'), null);
  assert.equal(hosts.slugOf('new-shop.example.test'), 'new-shop');
  assert.equal(siteHostname('SHOP.Example.TEST.'), 'shop.example.test');
});

test('a slug not in the map is looked up once; an unknown one is not asked again within a second', async () => {
  const projects = [{ id: 1, slug: 'shop' }];
  let now = 0;
  const { hosts, finds } = platform(projects, () => now);
  await hosts.load();
  assert.equal(await hosts.lookUp('shop'), true);
  assert.deepEqual(finds, [], 'a known slug needs no query');
  const [a, b] = await Promise.all([hosts.lookUp('late'), hosts.lookUp('late')]);
  assert.deepEqual([a, b, finds], [false, false, ['late']], 'concurrent lookups share one query');
  projects.push({ id: 2, slug: 'late' });
  assert.equal(hosts.recentlyUnknown('late'), true);
  assert.equal(await hosts.lookUp('late'), false);
  now += 1001;
  assert.equal(await hosts.lookUp('late'), true);
  assert.deepEqual(hosts.resolve('late.example.test'), { projectId: 2, slug: 'late' });
});

test('site hosts ask their resolvers in the order added; the first answer wins', () => {
  const sites = new SiteHosts();
  assert.equal(sites.resolve('x.test'), null);
  sites.addResolver((h) => (h === 'a.test' ? { projectId: 1, slug: 'a' } : null));
  sites.addResolver((h) => (h.endsWith('.test') ? { projectId: 2, slug: 'b' } : null));
  assert.equal(sites.resolve('a.test')?.projectId, 1);
  assert.equal(sites.resolve('c.test')?.projectId, 2);
  assert.equal(sites.resolve('c.example'), null);
});
