import { test, describe, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harness, manualClock, type Harness } from '../helpers/harness.js';
import { MINUTE, intoMinute } from '../helpers/limits.js';
import { runCli } from '../helpers/processes.js';

const pets = (auth: Record<string, string>) => ({ method: 'GET' as const, url: '/v1/pets', headers: auth });

/** Runs bin/petstore in its own process, as an operator would next to a running server. */
async function cli(args: string[], databaseUrl: string) {
  const res = await runCli(args, databaseUrl, { LOG_LEVEL: 'silent' });
  return { status: res.code, stdout: res.stdout, stderr: res.stderr };
}

describe('petstore keys unban, from another process while the server runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-unban-'));
  const databaseUrl = `sqlite:${join(dir, 'petstore.db')}`;
  const clock = manualClock(intoMinute(5));
  let h: Harness;
  before(async () => {
    h = await harness({ clock, config: { databaseUrl, banThreshold: 1 } });
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('lifts the ban; the server sees it within the key cache time', async () => {
    const p = await h.newProject('enterprise', { perMinute: 1, perDay: 100 });
    assert.equal((await h.request(pets(p.auth))).statusCode, 200);
    assert.equal((await h.request(pets(p.auth))).json().code, 'rate_limited');
    assert.equal((await h.request(pets(p.auth))).json().code, 'api_key_banned');
    const listed = await cli(['keys', 'list', '--project', p.project, '--json'], databaseUrl);
    assert.equal(listed.status, 0, listed.stderr);
    const [key] = JSON.parse(listed.stdout) as { id: string; bannedUntil: string | null }[];
    assert.ok(key?.bannedUntil, 'keys list shows the ban');

    const unban = await cli(['keys', 'unban', key.id], databaseUrl);
    assert.equal(unban.status, 0, unban.stderr);
    assert.match(unban.stdout, new RegExp(`^unbanned ${key.id}`));
    assert.match((await cli(['keys', 'unban', key.id], databaseUrl)).stdout, /is not banned/);

    clock.advance(2_001);
    // No longer banned (strikes start again from zero); this minute's quota is still used up.
    assert.equal((await h.request(pets(p.auth))).json().code, 'rate_limited');
    clock.advance(MINUTE);
    assert.equal((await h.request(pets(p.auth))).statusCode, 200);
  });

  test('an unknown key id is an error', async () => {
    const res = await cli(['keys', 'unban', 'key_doesnotexist'], databaseUrl);
    assert.equal(res.status, 1);
    assert.match(res.stderr, /No API key "key_doesnotexist" exists\. \(not_found\)/);
  });
});
