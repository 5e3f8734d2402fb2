import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { composeDomains } from '../../src/domains/compose.js';
import { openAppStorage } from '../../src/features.js';
import { ok } from '../helpers/harness.js';
import { pebbleAvailable, startPebble, type PebbleRig } from '../helpers/pebble.js';
import { cliJson, runCli, tempDatabase } from '../helpers/processes.js';

const available = pebbleAvailable();
const PLATFORM = 'sites.platform.test';

/**
 * `petstore domains …` and `petstore redirects …` as docs/domains.md gives
 * them, run as a user would on a SQLite file. Deploys are not in the database
 * on this side yet, so a domain of a project "with a deploy" is added through
 * the service on the same file; every other step goes through the CLI.
 */
describe('bin/petstore domains and redirects', { skip: available === true ? false : available }, () => {
  const db = tempDatabase('petstore-domains-cli-');
  let rig: PebbleRig;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => runCli(args, db.url, env);

  /** Adds a domain to a project that has a ready deploy, as `domains add` does. */
  async function addWithDeploy(slug: string, name: string) {
    const storage = await openAppStorage({ databaseUrl: db.url, databasePoolSize: 1 });
    try {
      const { service } = composeDomains({
        database: storage.database,
        config: loadConfig({ ...env, DATABASE_URL: db.url }),
        clock: systemClock,
        deploys: { hasReadyDeploy: async () => true },
      });
      return ok(await service.add(OPERATOR, slug, name));
    } finally {
      await storage.close();
    }
  }

  before(async () => {
    rig = await startPebble({ httpPort: 1 });
    env = { PLATFORM_HOST: PLATFORM, DNS_SERVERS: rig.dnsServer };
    for (const [slug, plan] of [
      ['free-shop', 'free'],
      ['pro-shop', 'pro'],
    ]) {
      const r = await cli('projects', 'create', slug ?? '', '--plan', plan ?? '', '--json');
      assert.equal(r.code, 0, r.stderr);
    }
  });
  after(async () => {
    await rig.stop();
    db.cleanup();
  });

  test('domains add: plan_required on Free, deploy_required on Pro without a deploy; exit 1 with the code', async () => {
    const free = await cli('domains', 'add', 'free-shop', 'www.free-shop.test', '--json');
    assert.equal(free.code, 1);
    assert.equal((JSON.parse(free.stdout) as { error: { code: string } }).error.code, 'plan_required');
    const pro = await cli('domains', 'add', 'pro-shop', 'www.pro-shop.test');
    assert.equal(pro.code, 1);
    assert.match(pro.stderr, /deploy_required/);
    assert.match(pro.stderr, /Deploy the site first/);
    const bad = await cli('domains', 'add', 'pro-shop', 'http://x/y', '--json');
    assert.equal(bad.code, 1);
    assert.match(bad.stdout, /invalid_domain/);
  });

  test('verify exits 1 until DNS is right, with the reason and what was found; list and remove', async () => {
    const name = 'www.cli-shop.test';
    const added = await addWithDeploy('pro-shop', name);
    assert.deepEqual(added.records, [{ type: 'CNAME', name: 'www', value: PLATFORM, ttl: 3600 }]);

    const pending = await cli('domains', 'verify', name, '--json');
    assert.equal(pending.code, 1);
    assert.deepEqual(
      (({ domain, status, reason }) => ({ domain, status, reason }))(JSON.parse(pending.stdout) as Record<string, unknown>),
      { domain: name, status: 'pending', reason: 'not_found' },
    );

    await rig.addA(name, ['203.0.113.9']);
    const conflicting = await cli('domains', 'verify', name, '--json');
    assert.equal(conflicting.code, 1);
    const c = JSON.parse(conflicting.stdout) as { status: string; reason: string; found: { addresses: string[] } };
    assert.deepEqual([c.status, c.reason, c.found.addresses], ['failed', 'conflicting_a_record', ['203.0.113.9']]);
    // Without --json, list and verify print the API's sentence, the reason code in brackets.
    const sentence = `${name}: failed (conflicting_a_record). ${(JSON.parse(conflicting.stdout) as { message: string }).message}`;
    assert.match(sentence, /has A\/AAAA records \(203\.0\.113\.9\) that conflict/);
    const listed = await cli('domains', 'list', 'pro-shop');
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(listed.stdout.split('\n')[0], sentence);
    const verifiedText = await cli('domains', 'verify', name);
    assert.equal(verifiedText.stdout.split('\n')[0], sentence);
    await rig.clearA(name);

    await rig.setCname(name, 'other.example.net');
    const mismatch = await cli('domains', 'verify', name);
    assert.equal(mismatch.code, 1);
    assert.match(mismatch.stdout, /cname_mismatch/);
    assert.match(mismatch.stdout, /other\.example\.net/);

    await rig.setCname(name, PLATFORM);
    const verified = await cli('domains', 'verify', name, '--json');
    assert.equal(verified.code, 0, verified.stdout);
    assert.equal((JSON.parse(verified.stdout) as { status: string }).status, 'verified');

    const list = await cliJson<{ domain: string; status: string; certificate: { status: string } }[]>(
      ['domains', 'list', 'pro-shop', '--json'],
      db.url,
    );
    assert.deepEqual(
      list.map((d) => [d.domain, d.status, d.certificate.status]),
      [[name, 'verified', 'pending']],
    );

    const removed = await cli('domains', 'remove', name);
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(await cliJson(['domains', 'list', 'pro-shop', '--json'], db.url), []);
    const again = await cli('domains', 'remove', name);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /not_found/);
  });

  test('domains add of an apex prints the one command that adds its www pair with the redirect; that command does', async () => {
    const site = mkdtempSync(join(tmpdir(), 'petstore-pair-site-'));
    try {
      writeFileSync(join(site, 'index.html'), '<h1>pair</h1>');
      const deployed = await cli('deploy', 'pro-shop', site);
      assert.equal(deployed.code, 0, deployed.stderr);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
    const apex = await cli('domains', 'add', 'pro-shop', 'pair-cli.test');
    assert.equal(apex.code, 0, apex.stderr);
    const command = 'petstore domains add pro-shop www.pair-cli.test --redirect-to pair-cli.test';
    assert.ok(apex.stdout.includes(command), apex.stdout);
    const pair = await cli(...command.split(' ').slice(1), '--json');
    assert.equal(pair.code, 0, pair.stderr);
    const added = JSON.parse(pair.stdout) as { domain: string; redirect?: object; suggestedPair?: object };
    assert.deepEqual(
      [added.domain, added.redirect, added.suggestedPair],
      ['www.pair-cli.test', { from: 'www.pair-cli.test', to: 'pair-cli.test', status: 301 }, undefined],
    );
    assert.deepEqual(await cliJson(['redirects', 'list', 'pro-shop', '--json'], db.url), [added.redirect]);
    for (const name of ['www.pair-cli.test', 'pair-cli.test']) assert.equal((await cli('domains', 'remove', name)).code, 0);
  });

  test('redirects add, list and remove', async () => {
    await addWithDeploy('pro-shop', 'shop-r.test');
    await addWithDeploy('pro-shop', 'www.shop-r.test');
    const added = await cliJson(['redirects', 'add', 'pro-shop', 'shop-r.test', 'www.shop-r.test', '--json'], db.url);
    assert.deepEqual(added, { from: 'shop-r.test', to: 'www.shop-r.test', status: 301 });
    const loop = await cli('redirects', 'add', 'pro-shop', 'www.shop-r.test', 'shop-r.test', '--json');
    assert.equal(loop.code, 1);
    assert.match(loop.stdout, /invalid_redirect/);
    assert.deepEqual(await cliJson(['redirects', 'list', 'pro-shop', '--json'], db.url), [added]);
    assert.equal((await cli('redirects', 'remove', 'pro-shop', 'shop-r.test')).code, 0);
    assert.deepEqual(await cliJson(['redirects', 'list', 'pro-shop', '--json'], db.url), []);
  });
});
