import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUnlimitedKey, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { accessToken, createUserWithPassword, json, remoteCli } from '../helpers/remote-cli.js';

interface Report {
  operations: {
    operation: string;
    sunset: string;
    successor: string;
    callers: { keyId: string; name: string | null; calls30d: number }[];
  }[];
}

/** `petstore deprecations SLUG [--env staging] [--json]` on the database and from another machine: the same report. */
describe('petstore deprecations, local and remote', () => {
  const db = tempDatabase();
  const home = mkdtempSync(join(tmpdir(), 'petstore-home-'));
  const email = 'deprecations@example.test';
  const password = 'a deprecations password 123';
  let server: RunningServer;
  let url: string;
  let token: string;

  const local = (args: string[]) => runCli(args, db.url);
  const remote = (args: string[]) => remoteCli(url, token, args, home);
  const start = async () => {
    server = await startServer({ DATABASE_URL: db.url });
    url = `http://127.0.0.1:${String(server.port)}`;
  };

  before(async () => {
    const key = await createUnlimitedKey(db.url, 'shop');
    const staging = json<{ key: string }>(
      await local(['keys', 'create', '--project', 'shop', '--name', 'ci', '--env', 'staging', '--json']),
    );
    await createUserWithPassword(db.url, email, password);
    assert.equal((await local(['projects', 'add-member', 'shop', email])).code, 0);
    await start();
    token = await accessToken(url, email, password, 'read');
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${url}/v1/pets/1`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(res.status, 404);
      assert.ok(res.headers.get('sunset'));
    }
    const res = await fetch(`${url}/staging/v1/pets/7`, { headers: { authorization: `Bearer ${staging.key}` } });
    assert.equal(res.status, 404);
    // A server that stops writes the counts it holds.
    await server.stop();
    await start();
  });
  after(async () => {
    await server.stop();
    db.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  test('the same JSON on both sides, per environment; the text names the sunset, the successor and each key', async () => {
    for (const env of [[], ['--env', 'staging']]) {
      const l = await local(['deprecations', 'shop', ...env, '--json']);
      assert.equal(l.code, 0, l.stderr);
      assert.deepEqual(json(await remote(['deprecations', 'shop', ...env, '--json'])), json(l), env.join(' '));
    }
    const production = json<Report>(await local(['deprecations', 'shop', '--json']));
    assert.deepEqual(
      production.operations.map((o) => [o.operation, o.sunset, o.successor, o.callers.map((c) => c.calls30d)]),
      [['getPet', '2030-12-05T00:00:00.000Z', '/v1/pets', [3]]],
    );
    const staging = json<Report>(await local(['deprecations', 'shop', '--env', 'staging', '--json']));
    assert.deepEqual(
      staging.operations[0]?.callers.map((c) => [c.name, c.calls30d]),
      [['ci', 1]],
    );
    const text = await remote(['deprecations', 'shop']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^getPet \(GET \/v1\/pets\/\{petId\}\): removed on 2030-12-05; use \/v1\/pets instead$/m);
    assert.match(text.stdout, new RegExp(`^  ${production.operations[0]?.callers[0]?.keyId ?? '?'}\\t[^\\t]*\\t3\\t`, 'm'));
    const missing = await remote(['deprecations', 'nowhere']);
    assert.notEqual(missing.code, 0);
  });
});
