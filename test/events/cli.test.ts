import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { cliJson, runCli, tempDatabase } from '../helpers/processes.js';

const db = tempDatabase();
after(() => db.cleanup());

test('petstore webhooks add|list|remove and events list', async () => {
  await cliJson(['projects', 'create', 'hooks', '--plan', 'pro', '--json'], db.url);
  const added = await runCli(['webhooks', 'add', 'hooks', 'https://hooks.example.test/in', '--events', 'pet.created,deploy.ready'], db.url);
  assert.equal(added.code, 0, added.stderr);
  assert.match(added.stdout, /^added we_\d+ → https:\/\/hooks\.example\.test\/in \(pet\.created, deploy\.ready\)$/m);
  const secret = /^secret: (whsec_\S+)$/m.exec(added.stdout)?.[1];
  assert.ok(secret);
  const list = await cliJson<{ id: string; url: string; enabled: boolean }[]>(['webhooks', 'list', 'hooks', '--json'], db.url);
  assert.equal(list.length, 1);
  assert.equal(JSON.stringify(list).includes(secret), false, 'the secret is shown once');
  // Refusals: exit 1 with the reason; a wrong command line: exit 2.
  const loopback = await runCli(['webhooks', 'add', 'hooks', 'https://127.0.0.1/x'], db.url);
  assert.equal(loopback.code, 1);
  assert.match(loopback.stderr, /loopback/);
  const unknown = await runCli(['webhooks', 'add', 'hooks', 'https://h.example.test/', '--events', 'pet.exploded'], db.url);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /unknown event type pet\.exploded/);
  assert.equal((await runCli(['webhooks', 'add', 'hooks'], db.url)).code, 2);
  assert.equal((await runCli(['events', 'list', 'hooks', '--type', 'nope'], db.url)).code, 2);
  assert.deepEqual(await cliJson(['events', 'list', 'hooks', '--json'], db.url), []);
  const removed = await runCli(['webhooks', 'remove', 'hooks', list[0]?.id ?? ''], db.url);
  assert.equal(removed.code, 0);
  assert.equal((await runCli(['webhooks', 'remove', 'hooks', list[0]?.id ?? ''], db.url)).code, 1);
  assert.equal((await runCli(['webhooks', 'list', 'nosuch'], db.url)).code, 1);
  // The operator's changes are in the audit log, as the API's are.
  const audit = await cliJson<{ action: string; target: string; actor: { type: string } }[]>(['audit', 'hooks', '--json'], db.url);
  const hooks = audit.filter((e) => e.action.startsWith('webhook.'));
  assert.deepEqual(
    hooks.map((e) => [e.action, e.target, e.actor.type]),
    [
      ['webhook.remove', list[0]?.id, 'operator'],
      ['webhook.add', list[0]?.id, 'operator'],
    ],
  );
});
