import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { cliJson, runCli, startServer, type RunningServer } from '../helpers/processes.js';
import { accessToken, createUserWithPassword, json, refusal, remoteCli } from '../helpers/remote-cli.js';

interface Rolled {
  id: string;
  key: string;
  expiresAt: string | null;
  replaces: { id: string; expiresAt: string };
}
interface Listed {
  id: string;
  hint: string;
  expiresAt: string | null;
  replacedBy: { id: string; hint: string; rolledAt: string } | null;
  replaces: { id: string; hint: string } | null;
}

describeEachEngine('petstore keys roll: once per key, on the database and on a server', (engine) => {
  let db: FreshDatabase;
  let server: RunningServer;
  let token: string;
  const home = mkdtempSync(join(tmpdir(), 'petstore-keys-cli-'));
  const email = 'keys-cli@example.test';
  const password = 'a password for the keys test';

  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    await createUserWithPassword(db.url, email, password);
    assert.equal((await runCli(['projects', 'add-member', 'shop', email], db.url)).code, 0);
    server = await startServer({ DATABASE_URL: db.url });
    token = await accessToken(server.url, email, password, 'write');
  });
  after(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(home, { recursive: true, force: true });
  });

  for (const side of ['local', 'remote'] as const) {
    test(`${side}: the new key keeps the expiry rule; a second roll exits 1 with key_already_rolled; the list says who replaced whom`, async () => {
      const cli = (args: string[]) => (side === 'local' ? runCli(args, db.url) : remoteCli(server.url, token, args, home));
      const created = json<{ id: string; expiresAt: string }>(
        await cli(['keys', 'create', '--project', 'shop', '--name', side, '--expires-in-days', '30', '--json']),
      );
      const rolled = json<Rolled>(await cli(['keys', 'roll', created.id, '--expires-in-hours', '2', '--json']));
      const days = (Date.parse(rolled.expiresAt ?? '') - Date.now()) / 86_400_000;
      assert.ok(days > 29.9 && days <= 30, `the new key expires in ${String(days)} days`);
      assert.equal(rolled.replaces.id, created.id);

      const again = await cli(['keys', 'roll', created.id, '--json']);
      assert.deepEqual(refusal(again), [1, 'key_already_rolled']);
      const plain = await cli(['keys', 'roll', created.id]);
      assert.deepEqual(refusal(plain), [1, 'key_already_rolled']);
      assert.ok(plain.stderr.includes(rolled.id), plain.stderr);
      assert.equal(plain.stderr.trim().split('\n').length, 1, plain.stderr);

      const keys = json<Listed[]>(await cli(['keys', 'list', '--project', 'shop', '--json']));
      const old = keys.find((k) => k.id === created.id);
      const successor = keys.find((k) => k.id === rolled.id);
      assert.equal(old?.replacedBy?.id, rolled.id);
      assert.equal(old?.expiresAt, rolled.replaces.expiresAt);
      assert.deepEqual(successor?.replaces, { id: created.id, hint: old?.hint });
      const text = (await cli(['keys', 'list', '--project', 'shop'])).stdout.split('\n');
      assert.equal(text[0], 'ID\tPROJECT\tKEY\tNAME\tSCOPE\tSTATE', 'a header row names the columns');
      assert.equal(text[1]?.split('\t').length, 6, 'each key has a value under each column');
      const oldLine = text.find((l) => l.startsWith(created.id)) ?? '';
      assert.ok(oldLine.includes(`rolled `) && oldLine.includes(`stops ${rolled.replaces.expiresAt}`), oldLine);
      assert.ok(oldLine.includes(`replaced by ${rolled.id} (${successor?.hint ?? ''})`), oldLine);
      assert.ok(!oldLine.endsWith('\tactive') && !oldLine.includes('active until'), oldLine);
      const newLine = text.find((l) => l.startsWith(rolled.id)) ?? '';
      assert.ok(newLine.includes(`replaces ${created.id}`), newLine);
    });
  }
});
