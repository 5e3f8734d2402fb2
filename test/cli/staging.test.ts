import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUnlimitedKey, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { accessToken, createUserWithPassword, json, refusal, remoteCli } from '../helpers/remote-cli.js';

interface KeyOut {
  id: string;
  key?: string;
  project: string;
  environment: string;
}

/**
 * `--env staging` and `petstore staging reset|copy-pets`, on the database and from another machine: the same
 * JSON and exit statuses either way, against a server whose staging base URL is the default
 * (`/staging/v1` beside `/v1`).
 */
describe('the staging environment from the CLI, local and remote', () => {
  const db = tempDatabase();
  const home = mkdtempSync(join(tmpdir(), 'petstore-home-'));
  const email = 'stage@example.test';
  const password = 'a staging password 123';
  let server: RunningServer;
  let url: string;
  let token: string;
  let productionKey: string;

  before(async () => {
    productionKey = await createUnlimitedKey(db.url, 'shop');
    await createUserWithPassword(db.url, email, password);
    assert.equal((await runCli(['projects', 'add-member', 'shop', email], db.url)).code, 0);
    server = await startServer({ DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE: 'true' });
    url = `http://127.0.0.1:${String(server.port)}`;
    token = await accessToken(url, email, password, 'write');
  });
  after(async () => {
    await server.stop();
    db.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  const local = (args: string[]) => runCli(args, db.url, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  const remote = (args: string[]) => remoteCli(url, token, args, home);
  const api = (path: string, key: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  test('keys create and list --env staging: psk_test_ keys that work at the staging base URL only', async () => {
    const made = [
      json<KeyOut>(await local(['keys', 'create', '--project', 'shop', '--name', 'local', '--env', 'staging', '--json'])),
      json<KeyOut>(await remote(['keys', 'create', '--project', 'shop', '--name', 'remote', '--env', 'staging', '--json'])),
    ];
    for (const k of made) {
      assert.equal(k.environment, 'staging');
      assert.match(k.key ?? '', /^psk_test_/);
    }
    assert.deepEqual(Object.keys(made[0] as object), Object.keys(made[1] as object), 'the same fields in the same order');
    const listed = await local(['keys', 'list', '--project', 'shop', '--env', 'staging', '--json']);
    assert.equal(
      (await remote(['keys', 'list', '--project', 'shop', '--env', 'staging', '--json'])).stdout,
      listed.stdout,
      'byte for byte',
    );
    assert.deepEqual(
      json<KeyOut[]>(listed).map((k) => k.id),
      made.map((k) => k.id),
    );
    assert.deepEqual(
      json<KeyOut[]>(await local(['keys', 'list', '--project', 'shop', '--json'])).map((k) => k.environment),
      ['production'],
    );
    assert.equal((await local(['keys', 'list', '--env', 'nowhere'])).code, 2, 'an unknown environment is a usage error');

    const stagingKey = made[0]?.key ?? '';
    const created = await api('/staging/v1/pets', stagingKey, { method: 'POST', body: { name: 'From the CLI key', categoryId: 1 } });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('location'), '/staging/v1/pets/1');
    const wrong = await api('/v1/pets', stagingKey);
    assert.equal(wrong.status, 401);
    const body = (await wrong.json()) as { code: string; message: string };
    assert.equal(body.code, 'wrong_environment');
    assert.equal(body.message, `This is a staging API key: send it to ${url}/staging/v1.`);
    assert.equal(((await (await api('/staging/v1/pets', productionKey)).json()) as { code: string }).code, 'wrong_environment');

    // A staging key is revoked by its id alone, from either side.
    const revoked = await remote(['keys', 'revoke', made[1]?.id ?? '']);
    assert.equal(revoked.code, 0, revoked.stderr);
  });

  test('staging reset and copy-pets: the same JSON and refusals locally and remotely, audited', async () => {
    const stagingKey = json<KeyOut>(await local(['keys', 'create', '--project', 'shop', '--env', 'staging', '--json'])).key ?? '';
    for (const name of ['Rex', 'Ada']) {
      assert.equal((await api('/v1/pets', productionKey, { method: 'POST', body: { name, categoryId: 4 } })).status, 201);
    }
    assert.equal((await api('/staging/v1/pets', stagingKey, { method: 'POST', body: { name: 'Test', categoryId: 1 } })).status, 201);
    // Staging has a pet: copying is refused either way, nothing copied.
    assert.deepEqual(refusal(await local(['staging', 'copy-pets', 'shop', '--json'])), [1, 'staging_not_empty']);
    assert.deepEqual(refusal(await remote(['staging', 'copy-pets', 'shop', '--json'])), [1, 'staging_not_empty']);
    assert.deepEqual(refusal(await remote(['staging', 'copy-pets', 'shop'])), [1, 'staging_not_empty']);
    // The CLI names its own command to empty staging, on either side.
    for (const refused of [await local(['staging', 'copy-pets', 'shop']), await remote(['staging', 'copy-pets', 'shop'])]) {
      assert.equal(
        refused.stderr,
        'petstore: The staging environment of project "shop" already has pets or orders: run petstore staging reset shop first, then copy again. (staging_not_empty)\n',
      );
    }

    const reset = json<{ project: string; environment: string; resetAt: string }>(await remote(['staging', 'reset', 'shop', '--json']));
    assert.deepEqual([reset.project, reset.environment], ['shop', 'staging']);
    const localReset = json<{ project: string; environment: string; resetAt: string }>(await local(['staging', 'reset', 'shop', '--json']));
    assert.deepEqual(Object.keys(localReset), Object.keys(reset));
    assert.deepEqual(await (await api('/staging/v1/pets', stagingKey)).json(), []);

    const copied = json<{ copied: number }>(await local(['staging', 'copy-pets', 'shop', '--json']));
    assert.deepEqual(copied, { project: 'shop', environment: 'staging', copied: 2 });
    const prod = await (await api('/v1/pets', productionKey)).text();
    assert.equal(await (await api('/staging/v1/pets', stagingKey)).text(), prod, 'read by the server right after the copy');
    assert.equal((await remote(['staging', 'reset', 'shop'])).code, 0);
    const remoteCopy = await remote(['staging', 'copy-pets', 'shop']);
    assert.equal(remoteCopy.stdout, 'copied 2 pets of project shop into its staging environment, ids kept\n');
    assert.deepEqual(refusal(await local(['staging', 'reset', 'nosuch', '--json'])), [1, 'not_found']);
    assert.deepEqual(refusal(await remote(['staging', 'reset', 'nosuch', '--json'])), [1, 'not_found']);
    assert.equal((await local(['staging', 'wipe', 'shop'])).code, 2);

    const audit = json<{ action: string; environment: string; actor: { type: string } }[]>(await local(['audit', 'shop', '--json']));
    assert.deepEqual(
      audit.filter((e) => e.action.startsWith('staging.')).map((e) => [e.action, e.environment, e.actor.type]),
      [
        ['staging.copy_pets', 'staging', 'token'],
        ['staging.reset', 'staging', 'token'],
        ['staging.copy_pets', 'staging', 'operator'],
        ['staging.reset', 'staging', 'operator'],
        ['staging.reset', 'staging', 'token'],
      ],
    );
  });

  test('usage, requests, events and webhooks --env staging: the same output on both sides', async () => {
    const stagingKey = json<KeyOut>(await local(['keys', 'create', '--project', 'shop', '--env', 'staging', '--json'])).key ?? '';
    assert.equal((await local(['staging', 'reset', 'shop'])).code, 0);
    assert.equal((await api('/staging/v1/pets', stagingKey, { method: 'POST', body: { name: 'Evented', categoryId: 1 } })).status, 201);
    const hook = await local(['webhooks', 'add', 'shop', 'http://127.0.0.1:9/staging', '--env', 'staging', '--json']);
    assert.equal(json<{ environment: string }>(hook).environment, 'staging');
    await new Promise((resolve) => setTimeout(resolve, 600));
    for (const args of [
      ['webhooks', 'list', 'shop', '--env', 'staging', '--json'],
      ['events', 'list', 'shop', '--env', 'staging', '--json'],
      ['requests', 'shop', '--env', 'staging', '--json'],
    ]) {
      const l = await local(args);
      assert.equal(l.code, 0, l.stderr);
      assert.deepEqual(json(await remote(args)), json(l), args.join(' '));
    }
    const events = json<{ environment: string; data: { name: string } }[]>(
      await local(['events', 'list', 'shop', '--env', 'staging', '--json']),
    );
    assert.deepEqual(
      events.map((e) => [e.environment, e.data.name]),
      [['staging', 'Evented']],
    );
    const requests = json<{ operation: string }[]>(await local(['requests', 'shop', '--env', 'staging', '--json']));
    assert.deepEqual(
      requests.map((r) => r.operation),
      ['createPet'],
    );
    assert.deepEqual(json<unknown[]>(await local(['webhooks', 'list', 'shop', '--json'])), [], 'production has no endpoint');
    const usage = json<{ environment: string; project: string }>(await remote(['usage', 'shop', '--env', 'staging', '--json']));
    assert.deepEqual([usage.project, usage.environment], ['shop', 'staging']);
    const localUsage = json<{ environment: string }>(await local(['usage', 'shop', '--env', 'staging', '--json']));
    assert.equal(localUsage.environment, 'staging');
  });

  test('requests --request-id with an id the log does not hold: exit 1 and one line saying so, on both sides', async () => {
    for (const run of [local, remote]) {
      const text = await run(['requests', 'shop', '--request-id', 'req_nowhere']);
      assert.equal(text.code, 1, text.stderr);
      assert.equal(text.stdout, '');
      assert.match(text.stderr, /^petstore: No request with id "req_nowhere" in the log of "shop" .*\(not_found\)\n$/);
      const asJson = await run(['requests', 'shop', '--request-id', 'req_nowhere', '--json']);
      assert.deepEqual(refusal(asJson), [1, 'not_found']);
    }
    const none = await local(['requests', 'shop', '--operation', 'deletePet']);
    assert.deepEqual([none.code, none.stdout], [0, 'no requests of shop match\n'], 'a search that matches nothing says so');
  });
});
