import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { MIGRATIONS } from '../../src/features.js';
import { harness, manualClock, uniqueSlug } from '../helpers/harness.js';
import { BIN, cliJson, runCli, tempDatabase } from '../helpers/processes.js';

/** The CLI's contract (the commands, their output and exit codes), run as a user would, on a temporary SQLite file. */
describe('bin/petstore CLI', () => {
  const db = tempDatabase('petstore-cli-');
  const cli = (...args: string[]) => runCli(args, db.url);
  const projects = async () =>
    cliJson<{ slug: string; plan: string; perMinute: number; perDay: number }[]>(['projects', 'list', '--json'], db.url);

  before(async () => {
    // The first command on an empty file applies the migrations itself.
    const r = await cli('keys', 'list', '--json');
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => db.cleanup());

  test('bin/petstore is an executable file with a node shebang that bounds the young generation, runnable directly', async () => {
    assert.ok((statSync(BIN).mode & 0o111) !== 0, 'bin/petstore is not executable');
    assert.equal(readFileSync(BIN, 'utf8').split('\n')[0], '#!/usr/bin/env -S node --max-semi-space-size=8');
    const { stdout } = await promisify(execFile)(BIN, ['help'], { env: { ...process.env, DATABASE_URL: db.url } });
    assert.match(stdout, /Usage: petstore/);
  });

  test('migrate applies the migrations and prints the schema version; running it again changes nothing', async () => {
    const fresh = tempDatabase('petstore-cli-migrate-', { file: false });
    try {
      const total = MIGRATIONS.reduce((n, f) => n + f.sqlite.length, 0);
      for (let i = 0; i < 2; i++) {
        const r = await runCli(['migrate'], fresh.url);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, new RegExp(`\\b${String(total)} migrations applied\\b`));
      }
    } finally {
      fresh.cleanup();
    }
  });

  test('projects create --json prints one JSON object with the slug and plan; quotas follow the plan', async () => {
    const cases: [string, string[], { perMinute: number; perDay: number }][] = [
      ['free', [], { perMinute: 60, perDay: 1000 }],
      ['pro', [], { perMinute: 300, perDay: 10_000 }],
      ['business', [], { perMinute: 1000, perDay: 100_000 }],
      ['enterprise', ['--per-minute', '5000', '--per-day', '2000000'], { perMinute: 5000, perDay: 2_000_000 }],
    ];
    const slugs = cases.map(([plan]) => uniqueSlug(plan));
    const results = await twoAtATime([...cases.entries()], ([i, [plan, extra]]) =>
      cli('projects', 'create', slugs[i] ?? '', '--plan', plan, ...extra, '--json'),
    );
    const listed = await projects();
    cases.forEach(([plan, , quota], i) => {
      const r = results[i];
      assert.equal(r?.code, 0, r?.stderr);
      const printed = JSON.parse(r?.stdout ?? '') as Record<string, unknown>;
      assert.equal(printed.slug, slugs[i]);
      assert.equal(printed.plan, plan);
      const p = listed.find((x) => x.slug === slugs[i]);
      assert.deepEqual(p && [p.plan, p.perMinute, p.perDay], [plan, quota.perMinute, quota.perDay]);
    });
    const plain = await cli('projects', 'create', uniqueSlug('plain'), '--plan', 'free');
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /free/);
  });

  test('projects create refuses bad input with a non-zero exit and a message on stderr, creating nothing', async () => {
    const taken = uniqueSlug('taken');
    assert.equal((await cli('projects', 'create', taken, '--plan', 'free')).code, 0);
    const cases: [string, string[], RegExp][] = [
      ['unknown plan', [uniqueSlug(), '--plan', 'gold'], /plan/i],
      ['enterprise without quotas', [uniqueSlug(), '--plan', 'enterprise'], /per-minute|per-day|quota/i],
      ['enterprise with one quota', [uniqueSlug(), '--plan', 'enterprise', '--per-minute', '10'], /per-day|quota/i],
      ['free with quotas', [uniqueSlug(), '--plan', 'free', '--per-minute', '10', '--per-day', '100'], /enterprise|quota/i],
      ['duplicate slug', [taken, '--plan', 'pro'], /exists/i],
      ['uppercase slug', ['Not-Valid', '--plan', 'free'], /slug/i],
      ['slug with a leading hyphen', ['-abc', '--plan', 'free'], /./],
      ['slug of 64 characters', ['a'.repeat(64), '--plan', 'free'], /slug/i],
      ['slug with a dot', ['a.b', '--plan', 'free'], /slug/i],
      ['missing --plan', [uniqueSlug()], /plan/i],
      ['zero quota', [uniqueSlug(), '--plan', 'enterprise', '--per-minute', '0', '--per-day', '10'], /per-minute/i],
      ['non-numeric quota', [uniqueSlug(), '--plan', 'enterprise', '--per-minute', 'lots', '--per-day', '10'], /per-minute/i],
      ['no slug', ['--plan', 'free'], /argument/i],
    ];
    const results = await twoAtATime(cases, ([, args]) => cli('projects', 'create', ...args, '--json'));
    const after = await projects();
    cases.forEach(([what, args, message], i) => {
      const r = results[i];
      assert.ok(r, what);
      assert.notEqual(r.code, 0, `${what}: exit code`);
      // A refusal (exit 1) with --json is one JSON object on stdout naming the code; a usage error (exit 2) is on stderr.
      if (r.code === 1) {
        const refusal = JSON.parse(r.stdout) as { error: { code: string; message: string } };
        assert.match(refusal.error.code, /^[a-z_]+$/, what);
        assert.match(refusal.error.message, message, `${what}: ${r.stdout}`);
        assert.equal(r.stderr, '', `${what}: nothing on stderr`);
      } else {
        assert.equal(r.stdout, '', `${what}: nothing on stdout`);
        assert.match(r.stderr, message, `${what}: ${r.stderr}`);
      }
      const slug = args[0] ?? '';
      if (slug !== taken) assert.ok(!after.some((p) => p.slug === slug), `${what}: project was created`);
    });
    assert.equal(after.find((p) => p.slug === taken)?.plan, 'free', 'the duplicate attempt changed the existing project');
  });

  test('projects set-plan changes the plan and its quotas, with the same rules as create', async () => {
    const slug = uniqueSlug('plan');
    assert.equal((await cli('projects', 'create', slug, '--plan', 'free')).code, 0);
    const quota = async () => {
      const p = (await projects()).find((x) => x.slug === slug);
      return p && [p.plan, p.perMinute, p.perDay];
    };

    let r = await cli('projects', 'set-plan', slug, 'pro');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(await quota(), ['pro', 300, 10_000]);

    r = await cli('projects', 'set-plan', slug, 'enterprise', '--per-minute', '12345', '--per-day', '678901');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(await quota(), ['enterprise', 12345, 678_901]);

    for (const args of [['enterprise'], ['gold'], ['free', '--per-minute', '1', '--per-day', '1']]) {
      const bad = await cli('projects', 'set-plan', slug, ...args);
      assert.notEqual(bad.code, 0, args.join(' '));
      assert.notEqual(bad.stderr, '', args.join(' '));
    }
    assert.deepEqual(await quota(), ['enterprise', 12345, 678_901], 'a refused set-plan changed the plan');

    const missing = await cli('projects', 'set-plan', uniqueSlug('missing'), 'pro');
    assert.notEqual(missing.code, 0);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /No project .* exists\. \(not_found\)/);
  });

  test('keys create --json prints id, key and project; the key works at once on a running app of the same database', async () => {
    const slug = uniqueSlug('keys');
    assert.equal((await cli('projects', 'create', slug, '--plan', 'pro')).code, 0);
    const h = await harness({ config: { databaseUrl: db.url, keyCacheTtlMs: 0 } });
    try {
      const created = await cliJson<{ id: string; key: string; project: string }>(
        ['keys', 'create', '--project', slug, '--name', 'ci', '--json'],
        db.url,
      );
      assert.match(created.id, /^key_/);
      assert.match(created.key, /^psk_[0-9A-Za-z]{38}$/);
      assert.equal(created.project, slug);
      const auth = { authorization: `Bearer ${created.key}` };
      const post = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"name":"Cli","categoryId":1}',
      });
      assert.equal(post.statusCode, 201);
      const list = await h.request({ method: 'GET', url: '/v1/pets', headers: auth });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json(), [post.json()]);

      const byDefault = await cliJson<{ project: string }>(['keys', 'create', '--json'], db.url);
      assert.equal(byDefault.project, 'default');

      // Without --json the secret alone goes to stdout (easy to capture), the explanation to stderr.
      const plain = await cli('keys', 'create', '--project', slug);
      assert.equal(plain.code, 0, plain.stderr);
      assert.match(plain.stdout, /^psk_[0-9A-Za-z]{38}\n$/);
      assert.match(plain.stderr, /not shown again/);

      const unknown = await cli('keys', 'create', '--project', uniqueSlug('nope'), '--json');
      assert.notEqual(unknown.code, 0);
      assert.equal(unknown.code, 1);
      assert.equal((JSON.parse(unknown.stdout) as { error: { code: string } }).error.code, 'not_found');
      assert.equal(unknown.stderr, '');
    } finally {
      await h.close();
    }
  });

  test('keys list never prints a secret, in JSON or as text', async () => {
    const slug = uniqueSlug('list');
    assert.equal((await cli('projects', 'create', slug, '--plan', 'free')).code, 0);
    const keys = await Promise.all([
      cliJson<{ id: string; key: string }>(['keys', 'create', '--project', slug, '--json'], db.url),
      cliJson<{ id: string; key: string }>(['keys', 'create', '--project', slug, '--name', 'second', '--json'], db.url),
    ]);
    const variants = [
      ['keys', 'list', '--json'],
      ['keys', 'list', '--project', slug, '--json'],
      ['keys', 'list'],
      ['keys', 'list', '--project', slug],
    ];
    const outputs = await Promise.all(variants.map((args) => cli(...args)));
    for (const [i, args] of variants.entries()) {
      const r = outputs[i] ?? { code: -1, stdout: '', stderr: '' };
      assert.equal(r.code, 0, r.stderr);
      for (const k of keys) {
        assert.ok(r.stdout.includes(k.id), `${args.join(' ')}: key ${k.id} not listed`);
        // The hint shows the prefix and four characters; nothing longer of the secret may appear.
        for (let i = 8; i + 8 <= k.key.length; i++)
          assert.ok(!r.stdout.includes(k.key.slice(i, i + 8)), `${args.join(' ')} shows part of a secret`);
      }
    }
    const filtered = await cliJson<{ id: string; project: string }[]>(['keys', 'list', '--project', slug, '--json'], db.url);
    assert.deepEqual(filtered.map((k) => k.id).sort(), keys.map((k) => k.id).sort());
    assert.ok(filtered.every((k) => k.project === slug));
  });

  test('keys revoke ID makes the key 401 on a running app; revoking again or an unknown id fails', async () => {
    const slug = uniqueSlug('revoke');
    assert.equal((await cli('projects', 'create', slug, '--plan', 'free')).code, 0);
    const h = await harness({ config: { databaseUrl: db.url, keyCacheTtlMs: 0 } });
    try {
      const k = await cliJson<{ id: string; key: string }>(['keys', 'create', '--project', slug, '--json'], db.url);
      const get = () => h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${k.key}` } });
      assert.equal((await get()).statusCode, 200);
      const r = await cli('keys', 'revoke', k.id);
      assert.equal(r.code, 0, r.stderr);
      const refused = await get();
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().code, 'unauthorized');

      const listed = await cliJson<{ id: string; revokedAt: string | null }[]>(['keys', 'list', '--project', slug, '--json'], db.url);
      assert.ok(listed.find((x) => x.id === k.id)?.revokedAt, 'the listing does not show the key as revoked');
      for (const id of [k.id, 'key_doesnotexist000000']) {
        const again = await cli('keys', 'revoke', id);
        assert.notEqual(again.code, 0, id);
        assert.equal(again.code, 1, id);
        assert.match(again.stderr, /No active API key .* \(not_found\)/, id);
      }
    } finally {
      await h.close();
    }
  });

  test('a revoked key stops working on a running app within the 5 s bound, even while cached', async () => {
    const clock = manualClock(Date.now());
    const h = await harness({ clock, config: { databaseUrl: db.url } });
    try {
      const k = await cliJson<{ id: string; key: string }>(['keys', 'create', '--project', h.project, '--json'], db.url);
      const get = () => h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${k.key}` } });
      assert.equal((await get()).statusCode, 200);
      assert.equal((await cli('keys', 'revoke', k.id)).code, 0);
      clock.advance(5000);
      assert.equal((await get()).statusCode, 401);
    } finally {
      await h.close();
    }
  });

  test("a usage error exits 2 with one line saying what is wrong and where the command's usage is, not the whole help", async () => {
    const cases: [string[], string][] = [
      [['frobnicate'], 'petstore help'],
      [['keys'], 'petstore help keys'],
      [['keys', 'rotate'], 'petstore help keys'],
      [['projects', 'delete', 'x'], 'petstore help projects'],
      [['keys', 'list', '--bogus'], 'petstore help keys'],
      [['keys', 'revoke'], 'petstore help keys'],
      [['deploys', 'promote', 'shop'], 'petstore help deploys'],
      [['help', 'nope'], 'petstore help'],
      [['webhooks'], 'petstore help webhooks'],
      [['events', 'tail', 'shop'], 'petstore help events'],
      [['staging', 'wipe', 'shop'], 'petstore help staging'],
      [['deploys'], 'petstore help deploys'],
      [['domains', 'check', 'x.example'], 'petstore help domains'],
      [['redirects'], 'petstore help redirects'],
      [['users', 'delete', 'a@example.test'], 'petstore help users'],
    ];
    const results = await twoAtATime(cases, ([args]) => cli(...args));
    for (const [i, [args, help]] of cases.entries()) {
      const r = results[i] ?? { code: 0, stdout: '', stderr: '' };
      assert.equal(r.code, 2, args.join(' '));
      const lines = r.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(lines[0] ?? '', /^petstore: \S/, args.join(' '));
      assert.equal(lines[1], `see \`${help}\``, args.join(' '));
    }
    // A command without its subcommand, or with one it does not have, names those it has.
    const named = (i: number) => results[i]?.stderr.split('\n')[0];
    assert.equal(named(1), 'petstore: expected keys create, list, revoke, roll or unban');
    assert.equal(named(2), 'petstore: unknown keys command "rotate": expected keys create, list, revoke, roll or unban');
    assert.equal(
      named(3),
      'petstore: unknown projects command "delete": expected projects create, list, set-plan, add-member, remove-member or protect',
    );
    assert.deepEqual([8, 9, 10, 11, 12, 13, 14].map(named), [
      'petstore: expected webhooks add, list or remove',
      'petstore: unknown events command "tail": expected events list',
      'petstore: unknown staging command "wipe": expected staging reset or copy-pets',
      'petstore: expected deploys list or promote',
      'petstore: unknown domains command "check": expected domains add, verify, list or remove',
      'petstore: expected redirects add, list or remove',
      'petstore: unknown users command "delete": expected users create, revoke-sessions or reset-second-factor',
    ]);
    // The usage of one command: `help COMMAND` and `COMMAND --help` alike.
    const deploys = await cli('help', 'deploys');
    assert.equal(deploys.code, 0);
    assert.match(deploys.stdout, /^Usage:\n {2}deploys list SLUG/);
    assert.doesNotMatch(deploys.stdout, /keys create/);
    assert.equal((await cli('deploys', '--help')).stdout, deploys.stdout);
    assert.match((await cli('help', 'migrate')).stdout, /migrate --status/);
  });

  test('the CLI works while an app is serving writes on the same database file', async () => {
    const h = await harness({ config: { databaseUrl: db.url, keyCacheTtlMs: 0 } });
    try {
      let stop = false;
      let created = 0;
      const failures: string[] = [];
      const load = (async () => {
        // Bounded: stops when the CLI work is done, and after 3000 requests at most.
        for (let i = 0; i < 3000 && !stop; i++) {
          const res = await h.request({
            method: 'POST',
            url: '/v1/pets',
            headers: { ...h.auth, 'content-type': 'application/json' },
            payload: `{"name":"busy ${String(i)}","categoryId":${String(i)}}`,
          });
          if (res.statusCode === 201) created++;
          else failures.push(`${String(res.statusCode)} ${res.body}`);
          await new Promise((r) => setImmediate(r));
        }
      })();
      const slug = uniqueSlug('busy');
      let key = '';
      try {
        assert.equal((await cli('migrate')).code, 0);
        assert.equal((await cli('projects', 'create', slug, '--plan', 'business', '--json')).code, 0);
        key = (await cliJson<{ key: string }>(['keys', 'create', '--project', slug, '--json'], db.url)).key;
        assert.equal((await cli('projects', 'set-plan', slug, 'pro')).code, 0);
        assert.equal((await cli('keys', 'list', '--json')).code, 0);
      } finally {
        stop = true;
        await load;
      }
      assert.deepEqual(failures, []);
      assert.ok(created > 0, 'the app served no writes while the CLI ran');
      const res = await h.request({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
      assert.equal(res.statusCode, 200);
    } finally {
      await h.close();
    }
  });
});

/** Runs the commands two at a time: a dozen Node processes at once on a shared two-core machine outlast each one's 30 s bound. */
async function twoAtATime<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await run(items[i] as T);
  };
  await Promise.all([worker(), worker()]);
  return results;
}
