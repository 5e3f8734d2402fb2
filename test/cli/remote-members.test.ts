import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliJson, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';
import { accessToken, createUserWithPassword, json, refusal, remoteCli } from '../helpers/remote-cli.js';

describe('members, invitations and protection from another machine, as the signed-in person’s role allows', () => {
  const db = tempDatabase();
  const home = mkdtempSync(join(tmpdir(), 'petstore-home-'));
  const password = 'a members password 123';
  const admin = 'admin@example.test';
  const dev = 'dev@example.test';
  let server: RunningServer;
  let url: string;

  before(async () => {
    await cliJson(['projects', 'create', 'shop', '--plan', 'free', '--json'], db.url);
    for (const [email, role] of [
      [admin, 'admin'],
      [dev, 'developer'],
    ] as const) {
      await createUserWithPassword(db.url, email, password);
      assert.equal((await runCli(['projects', 'add-member', 'shop', email, '--role', role], db.url)).code, 0);
    }
    server = await startServer({ DATABASE_URL: db.url });
    url = server.url;
  });
  after(async () => {
    await server?.stop();
    db.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  test('an admin lists members, changes a role, invites with a role and protects production; a developer is refused with insufficient_role', async () => {
    const asAdmin = await accessToken(url, admin, password, 'write');
    const asDev = await accessToken(url, dev, password, 'write');
    const run = (token: string, args: string[]) => remoteCli(url, token, args, home);
    assert.deepEqual(
      json<{ email: string; role: string }[]>(await run(asAdmin, ['members', 'list', 'shop', '--json'])).map((m) => [m.email, m.role]),
      [
        [admin, 'admin'],
        [dev, 'developer'],
      ],
    );
    assert.deepEqual(refusal(await run(asDev, ['members', 'set-role', 'shop', admin, 'viewer', '--json'])), [1, 'insufficient_role']);
    assert.deepEqual(refusal(await run(asAdmin, ['members', 'set-role', 'shop', dev, 'owner', '--json'])), [1, 'insufficient_role']);
    assert.equal(json<{ role: string }>(await run(asAdmin, ['members', 'set-role', 'shop', dev, 'viewer', '--json'])).role, 'viewer');
    const invited = json<{ role: string; url: string }>(
      await run(asAdmin, ['invitations', 'create', 'shop', 'new@example.test', '--role', 'viewer', '--json']),
    );
    assert.equal(invited.role, 'viewer');
    assert.match(invited.url, /\/dashboard\/invitations\//);
    assert.equal(
      json<{ productionProtected: boolean }>(await run(asAdmin, ['projects', 'protect', 'shop', '--json'])).productionProtected,
      true,
    );
    assert.deepEqual(refusal(await run(asDev, ['projects', 'protect', 'shop', '--off', '--json'])), [1, 'insufficient_role']);
    const unknown = await run(asAdmin, ['members', 'set-role', 'shop', dev, 'member']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown role member; one of owner, admin, developer, viewer/);
    assert.equal((await run(asAdmin, ['members', 'remove', 'shop', dev])).code, 0);
    // On the database (the operator), the same list.
    assert.deepEqual(
      (await cliJson<{ email: string }[]>(['members', 'list', 'shop', '--json'], db.url)).map((m) => m.email),
      [admin],
    );
  });
});
