import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliJson, createUnlimitedKey, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { accessToken as tokenOf, createUserWithPassword, json, refusal, remoteCli } from '../helpers/remote-cli.js';

interface CreatedOut {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
  secret: string;
}

describe('webhooks and events from another machine: the same output as the local commands', () => {
  const db = tempDatabase();
  const home = mkdtempSync(join(tmpdir(), 'petstore-home-'));
  const email = 'hooks@example.test';
  const password = 'a hooks password 123';
  /** http:// receivers on this machine are refused otherwise, locally and on the server alike. */
  const allowPrivate = { WEBHOOK_ALLOW_PRIVATE: 'true' };
  let server: RunningServer;
  let url: string;
  let apiKey: string;
  let write: string;
  let read: string;

  const accessToken = (scope: 'read' | 'write') => tokenOf(url, email, password, scope);

  before(async () => {
    apiKey = await createUnlimitedKey(db.url, 'shop');
    await cliJson(['projects', 'create', 'elsewhere', '--plan', 'free', '--json'], db.url);
    await createUserWithPassword(db.url, email, password);
    assert.equal((await runCli(['projects', 'add-member', 'shop', email], db.url)).code, 0);
    server = await startServer({ DATABASE_URL: db.url, ...allowPrivate });
    url = `http://127.0.0.1:${String(server.port)}`;
    write = await accessToken('write');
    read = await accessToken('read');
  });
  after(async () => {
    await server.stop();
    db.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  const local = (args: string[]) => runCli(args, db.url, allowPrivate);
  const remote = (args: string[], token = write) => remoteCli(url, token, args, home);

  test('webhooks add (the secret once), list and remove', async () => {
    const add = [
      'webhooks',
      'add',
      'shop',
      'http://127.0.0.1:9/in',
      '--events',
      'pet.created,order.placed',
      '--description',
      'ci',
      '--json',
    ];
    const remoteAdded = json<CreatedOut>(await remote(add));
    const localAdded = json<CreatedOut>(await local(add));
    assert.deepEqual(Object.keys(remoteAdded), Object.keys(localAdded), 'the same fields in the same order');
    const same = ({ url: u, events, description, enabled, disabledReason }: CreatedOut) => ({
      u,
      events,
      description,
      enabled,
      disabledReason,
    });
    assert.deepEqual(same(remoteAdded), same(localAdded));
    assert.deepEqual(same(remoteAdded), {
      u: 'http://127.0.0.1:9/in',
      events: ['pet.created', 'order.placed'],
      description: 'ci',
      enabled: true,
      disabledReason: null,
    });
    assert.match(remoteAdded.secret, /^whsec_/);
    assert.notEqual(remoteAdded.secret, localAdded.secret, 'each endpoint has its own secret');

    const text = await remote(['webhooks', 'add', 'shop', 'http://127.0.0.1:9/all']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^added we_\d+ → http:\/\/127\.0\.0\.1:9\/all \(\*\)\nsecret: whsec_\S+\nStore the secret now/);

    const listed = await remote(['webhooks', 'list', 'shop', '--json']);
    assert.equal(listed.stdout, (await local(['webhooks', 'list', 'shop', '--json'])).stdout, 'byte for byte');
    assert.equal(json<unknown[]>(listed).length, 3);
    assert.equal(listed.stdout.includes(remoteAdded.secret), false, 'the secret is shown once');
    assert.equal((await remote(['webhooks', 'list', 'shop'])).stdout, (await local(['webhooks', 'list', 'shop'])).stdout, 'the text too');

    const removed = await remote(['webhooks', 'remove', 'shop', localAdded.id]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(removed.stdout, `removed ${localAdded.id} (http://127.0.0.1:9/in)\n`);
    assert.deepEqual(refusal(await remote(['webhooks', 'remove', 'shop', localAdded.id])), [1, 'not_found']);
    assert.deepEqual(refusal(await local(['webhooks', 'remove', 'shop', localAdded.id])), [1, 'not_found']);
    assert.equal(json<unknown[]>(await local(['webhooks', 'list', 'shop', '--json'])).length, 2);
    const localRemoved = await local(['webhooks', 'remove', 'shop', remoteAdded.id]);
    assert.equal(localRemoved.stdout, `removed ${remoteAdded.id} (http://127.0.0.1:9/in)\n`);
  });

  test('refusals: the same exit status and code as the local commands', async () => {
    for (const run of [local, remote]) {
      const r = (args: string[]) => run(args);
      assert.deepEqual(refusal(await r(['webhooks', 'list', 'nosuch', '--json'])), [1, 'not_found']);
      assert.deepEqual(refusal(await r(['webhooks', 'add', 'nosuch', 'http://127.0.0.1:9/in', '--json'])), [1, 'not_found']);
      assert.deepEqual(refusal(await r(['webhooks', 'add', 'shop', 'not a url', '--json'])), [1, 'validation_failed']);
      assert.deepEqual(refusal(await r(['webhooks', 'add', 'shop', 'ftp://h.example.test/in', '--json'])), [1, 'validation_failed']);
      assert.deepEqual(refusal(await r(['webhooks', 'add', 'shop', 'http://127.0.0.1:9/in', '--events', 'pet.exploded', '--json'])), [
        1,
        'validation_failed',
      ]);
      assert.deepEqual(refusal(await r(['events', 'list', 'nosuch', '--json'])), [1, 'not_found']);
      assert.equal((await r(['webhooks', 'add', 'shop'])).code, 2, 'no URL: a usage error');
      assert.equal((await r(['events', 'list', 'shop', '--type', 'nope'])).code, 2);
    }
    assert.deepEqual(refusal(await remote(['webhooks', 'list', 'elsewhere', '--json'])), [1, 'not_found'], "another person's project");
    assert.deepEqual(refusal(await remote(['webhooks', 'add', 'shop', 'http://127.0.0.1:9/in', '--json'], read)), [
      1,
      'insufficient_scope',
    ]);
    assert.deepEqual(refusal(await remote(['webhooks', 'remove', 'shop', 'we_1'], read)), [1, 'insufficient_scope']);
    assert.equal(json<unknown[]>(await remote(['webhooks', 'list', 'shop', '--json'], read)).length, 1, 'a read token reads');
  });

  test('events list: every page the server links, up to --limit, equals the local list', async () => {
    const names = Array.from({ length: 103 }, (_, i) => `pet ${String(i)}`);
    for (const name of names) {
      const res = await fetch(`${url}/v1/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, categoryId: 1 }),
      });
      assert.equal(res.status, 201);
    }
    const all = await remote(['events', 'list', 'shop', '--limit', '1000', '--json']);
    assert.equal(all.code, 0, all.stderr);
    assert.equal(all.stdout, (await local(['events', 'list', 'shop', '--limit', '1000', '--json'])).stdout, 'byte for byte');
    assert.equal(json<unknown[]>(all).length, 103, 'past the first page of 100');
    for (const limit of ['1', '20', '102']) {
      const args = ['events', 'list', 'shop', '--type', 'pet.created', '--limit', limit, '--json'];
      const got = await remote(args);
      assert.equal(got.stdout, (await local(args)).stdout, `--limit ${limit}`);
      assert.equal(json<unknown[]>(got).length, Number(limit));
    }
    const textArgs = ['events', 'list', 'shop', '--limit', '3'];
    const text = await remote(textArgs);
    assert.equal(text.stdout, (await local(textArgs)).stdout, 'the text too');
    assert.match(text.stdout, /^\S+Z {2}evt_\S+ {2}pet\.created {2}\{.*"name":"pet 102"/);
    const none = ['events', 'list', 'shop', '--type', 'order.placed'];
    assert.equal((await remote(none)).stdout, (await local(none)).stdout);
    assert.equal((await remote(none)).stdout, 'project shop has no events of type order.placed in the last 30 days\n');
  });
});
