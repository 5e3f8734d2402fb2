import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppStorage } from '../../src/features.js';
import { openKeyRepository } from '../../src/keys/repository.js';
import { cliJson, runCli, startServer, tempDatabase, type CliResult, type RunningServer } from '../helpers/processes.js';
import { accessToken as tokenOf, createUserWithPassword, json, refusal, remoteCli } from '../helpers/remote-cli.js';

interface ProjectOut {
  slug: string;
  plan: string;
  perMinute: number;
  perDay: number;
  createdAt: string;
}

interface KeyOut {
  id: string;
  project: string;
  name: string | null;
  bannedUntil: string | null;
  revokedAt: string | null;
}

describe('projects, keys and audit from another machine: the same output as the local commands', () => {
  const db = tempDatabase();
  const home = mkdtempSync(join(tmpdir(), 'petstore-home-'));
  const email = 'owner@example.test';
  const password = 'an owner password 123';
  let server: RunningServer;
  let url: string;
  let write: string;
  let read: string;

  const accessToken = (scope: 'read' | 'write') => tokenOf(url, email, password, scope);

  before(async () => {
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    await cliJson(['projects', 'create', 'elsewhere', '--plan', 'free', '--json'], db.url);
    await createUserWithPassword(db.url, email, password);
    assert.equal((await runCli(['projects', 'add-member', 'shop', email], db.url)).code, 0);
    server = await startServer({ DATABASE_URL: db.url });
    url = `http://127.0.0.1:${String(server.port)}`;
    write = await accessToken('write');
    read = await accessToken('read');
  });
  after(async () => {
    await server.stop();
    db.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  const local = (args: string[]) => runCli(args, db.url);
  const remote = (args: string[], token = write) => remoteCli(url, token, args, home);
  /** The local list limited to the projects the person may manage (the remote list's scope). */
  const mine = (slugs: string[]) => (r: { slug?: string; project?: string }) => slugs.includes(r.slug ?? r.project ?? '');

  test('projects create (a Free project owned by the signed-in person) and projects list', async () => {
    const created = json<ProjectOut>(await remote(['projects', 'create', 'laptop', '--json']));
    assert.equal(created.plan, 'free');
    const localList = json<ProjectOut[]>(await local(['projects', 'list', '--json']));
    assert.deepEqual(
      created,
      localList.find((p) => p.slug === 'laptop'),
      'the project printed remotely is the one in the database',
    );

    const remoteList = json<ProjectOut[]>(await remote(['projects', 'list', '--json']));
    assert.deepEqual(remoteList, localList.filter(mine(['shop', 'laptop'])));
    const text = (r: CliResult) => r.stdout.split('\n').filter((l) => /^(shop|laptop)\t/.test(l));
    assert.deepEqual(text(await remote(['projects', 'list'])), text(await local(['projects', 'list'])));
    assert.equal(text(await remote(['projects', 'list'])).length, 2);
    assert.equal((await remote(['projects', 'list'])).stdout.includes('elsewhere'), false, "another person's project is not listed");

    assert.deepEqual(refusal(await remote(['projects', 'create', 'laptop', '--json'])), [1, 'project_exists']);
    assert.deepEqual(refusal(await local(['projects', 'create', 'laptop', '--plan', 'free', '--json'])), [1, 'project_exists']);
    assert.deepEqual(refusal(await remote(['projects', 'create', 'by-reader', '--json'], read)), [1, 'insufficient_scope']);

    const planned = await remote(['projects', 'create', 'big', '--plan', 'pro']);
    assert.equal(planned.code, 2);
    assert.match(planned.stderr, /Free plan/);
    for (const args of [
      ['projects', 'set-plan', 'shop', 'business'],
      ['projects', 'add-member', 'shop', 'x@example.test'],
      ['projects', 'remove-member', 'shop', email],
    ]) {
      const operator = await remote(args);
      assert.equal(operator.code, 2, args.join(' '));
      assert.match(operator.stderr, /--local.*DATABASE_URL/);
    }
  });

  test('keys create, list (project and ban included) and revoke; keys unban stays local', async () => {
    const created = json<KeyOut & { key: string }>(await remote(['keys', 'create', '--project', 'shop', '--name', 'ci', '--json']));
    assert.deepEqual([created.project, created.name], ['shop', 'ci']);
    const localKey = await cliJson(['keys', 'create', '--project', 'shop', '--json'], db.url);
    assert.deepEqual(Object.keys(created), Object.keys(localKey), 'the same fields in the same order');
    await cliJson(['keys', 'create', '--project', 'elsewhere', '--json'], db.url);
    assert.ok((await local(['keys', 'list', '--project', 'shop', '--json'])).stdout.includes(created.id));

    // A banned key shows until when, both ways.
    const storage = await openAppStorage({ databaseUrl: db.url, databasePoolSize: 1 });
    try {
      await openKeyRepository(storage.database).ban(created.id, new Date(Date.now() + 3_600_000));
    } finally {
      await storage.close();
    }
    const remoteShop = await remote(['keys', 'list', '--project', 'shop', '--json']);
    assert.equal(remoteShop.stdout, (await local(['keys', 'list', '--project', 'shop', '--json'])).stdout);
    assert.ok(json<KeyOut[]>(remoteShop).find((k) => k.id === created.id)?.bannedUntil);
    assert.equal((await remote(['keys', 'list', '--project', 'shop'])).stdout, (await local(['keys', 'list', '--project', 'shop'])).stdout);

    // Without --project: every key of the projects the token may manage, in the database's order.
    const all = json<KeyOut[]>(await local(['keys', 'list', '--json']));
    assert.deepEqual(json<KeyOut[]>(await remote(['keys', 'list', '--json'])), all.filter(mine(['shop', 'laptop'])));
    assert.ok(all.some((k) => k.project === 'elsewhere'));

    const revoked = await remote(['keys', 'revoke', created.id]);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal(revoked.stdout, `revoked ${created.id}\n`);
    const after = json<KeyOut[]>(await local(['keys', 'list', '--project', 'shop', '--json'])).find((k) => k.id === created.id);
    assert.ok(after?.revokedAt);
    assert.equal(
      (await remote(['keys', 'list', '--project', 'shop', '--json'])).stdout,
      (await local(['keys', 'list', '--project', 'shop', '--json'])).stdout,
    );

    // Refusals: the same code and exit status both ways.
    for (const args of [
      ['keys', 'revoke', created.id],
      ['keys', 'revoke', 'key_unknown'],
      ['keys', 'list', '--project', 'nope', '--json'],
      ['keys', 'create', '--project', 'nope', '--json'],
    ]) {
      assert.deepEqual(refusal(await remote(args)), refusal(await local(args)), args.join(' '));
      assert.deepEqual(refusal(await remote(args)), [1, 'not_found'], args.join(' '));
    }
    const otherKey = all.find((k) => k.project === 'elsewhere')?.id ?? '';
    assert.deepEqual(refusal(await remote(['keys', 'revoke', otherKey])), [1, 'not_found'], "another person's key is unknown");
    assert.deepEqual(refusal(await remote(['keys', 'create', '--project', 'shop', '--json'], read)), [1, 'insufficient_scope']);
    const live = json<KeyOut[]>(await local(['keys', 'list', '--project', 'shop', '--json'])).find((k) => k.revokedAt === null)?.id ?? '';
    assert.deepEqual(refusal(await remote(['keys', 'revoke', live], read)), [1, 'insufficient_scope']);

    const unban = await remote(['keys', 'unban', created.id]);
    assert.equal(unban.code, 2);
    assert.match(unban.stderr, /--local.*DATABASE_URL/);
  });

  test('audit: the whole list, following the API’s pages, equals the local one', async () => {
    // More entries than one API page (50) and than the default amount printed (100).
    for (let i = 0; i < 110; i++) {
      const answer = await fetch(`${url}/api/v1/projects/shop/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${write}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `batch ${String(i)}` }),
      });
      assert.equal(answer.status, 201);
    }
    const remoteAudit = await remote(['audit', 'shop', '--json']);
    assert.equal(remoteAudit.stdout, (await local(['audit', 'shop', '--json'])).stdout);
    const entries = json<{ action: string; actor: { type: string } }[]>(remoteAudit);
    assert.equal(entries.length, 100);
    assert.ok(entries.every((e) => e.action === 'key.create'));
    assert.equal(entries[0]?.actor.type, 'token');

    const total = json<unknown[]>(await local(['audit', 'shop', '--limit', '1000', '--json'])).length;
    assert.ok(total > 100, String(total));
    for (const limit of ['3', '1000']) {
      const args = ['audit', 'shop', '--limit', limit, '--json'];
      const r = await remote(args);
      assert.equal(r.stdout, (await local(args)).stdout, `--limit ${limit}`);
      assert.equal(json<unknown[]>(r).length, Math.min(Number(limit), total));
    }
    assert.equal((await remote(['audit', 'shop'])).stdout, (await local(['audit', 'shop'])).stdout, 'the text too');
    assert.deepEqual(refusal(await remote(['audit', 'nope', '--json'])), [1, 'not_found']);
    assert.deepEqual(refusal(await local(['audit', 'nope', '--json'])), [1, 'not_found']);
    assert.deepEqual(refusal(await remote(['audit', 'elsewhere', '--json'])), [1, 'not_found'], "another person's project");
    assert.equal(json<unknown[]>(await remote(['audit', 'shop', '--limit', '2', '--json'], read)).length, 2, 'a read token reads');
  });
});
