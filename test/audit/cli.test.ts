import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cliJson, runCli, tempDatabase } from '../helpers/processes.js';

interface Entry {
  actor: { type: string };
  action: string;
  target: string;
  ip?: string;
}

test('petstore audit: the CLI records its changes as the operator, newest first, and lists them as text or JSON', async () => {
  const db = tempDatabase('petstore-audit-');
  try {
    await cliJson(['projects', 'create', 'shop', '--plan', 'free', '--json'], db.url);
    const key = await cliJson<{ id: string }>(['keys', 'create', '--project', 'shop', '--json'], db.url);
    assert.equal((await runCli(['keys', 'revoke', key.id], db.url)).code, 0);
    assert.equal((await runCli(['projects', 'set-plan', 'shop', 'pro'], db.url)).code, 0);
    await cliJson(['users', 'create', 'owner@example.test', '--json'], db.url);
    const added = await runCli(['projects', 'add-member', 'shop', 'owner@example.test', '--owner'], db.url);
    assert.equal(added.code, 0, added.stderr);
    assert.equal((await runCli(['projects', 'create', 'my--shop', '--plan', 'free'], db.url)).code, 1, 'slugs with "--" are refused');

    const entries = await cliJson<Entry[]>(['audit', 'shop', '--json'], db.url);
    assert.deepEqual(
      entries.map((e) => [e.actor.type, e.action, e.target]),
      [
        ['operator', 'member.add', 'owner@example.test'],
        ['operator', 'plan.change', 'shop -> pro'],
        ['operator', 'key.revoke', key.id],
        ['operator', 'key.create', key.id],
        ['operator', 'project.create', 'shop'],
      ],
    );
    assert.ok(entries.every((e) => e.ip === undefined));
    const text = await runCli(['audit', 'shop'], db.url);
    assert.match(text.stdout, /\toperator\tmember\.add\towner@example\.test\n/);
    const missing = await runCli(['audit', 'nope', '--json'], db.url);
    assert.equal(missing.code, 1);
    assert.match(missing.stdout, /not_found/);
  } finally {
    db.cleanup();
  }
});
