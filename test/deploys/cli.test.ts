import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEachEngine, freshPostgresDatabase } from '../helpers/engines.js';
import { cliJson, runCli, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A directory holding these files. */
function siteDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-site-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** `curl -H 'Host: …' http://127.0.0.1:PORT/path` */
function curl(server: RunningServer, hostHeader: string, path = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host: hostHeader } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface DeployJson {
  id: string;
  number: number;
  project: string;
  status: string;
  reason?: string;
  url: string;
  previewUrl?: string;
  live: boolean;
}

describe('petstore deploy / deploys (bin/petstore, SQLite)', () => {
  test('the acceptance line: create a project, deploy a directory, the server serves it on shop.localhost; a failed deploy exits 1 and changes nothing; list and promote', async () => {
    const db = tempDatabase();
    dirs.push(db.dir);
    await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
    const server = await startServer({ DATABASE_URL: db.url });
    try {
      const v1 = await cliJson<DeployJson>(['deploy', 'shop', siteDir({ 'index.html': '<h1>shop v1</h1>' }), '--json'], db.url);
      assert.equal(v1.status, 'ready');
      assert.equal(v1.project, 'shop');
      // The links are the ones the running server serves (it listens on a port of its own, not the CLI's PORT).
      assert.equal(v1.url, `http://shop.localhost:${String(server.port)}/`);
      assert.equal(v1.number, 1);
      assert.equal(v1.previewUrl, `http://shop--deploy-1.localhost:${String(server.port)}/`);
      assert.deepEqual(await curl(server, `shop--deploy-1.localhost`), { status: 200, body: '<h1>shop v1</h1>' });
      assert.deepEqual(await curl(server, `shop.localhost:${String(server.port)}`), { status: 200, body: '<h1>shop v1</h1>' });

      const bad = await runCli(['deploy', 'shop', siteDir({ 'about.html': 'no index here' }), '--json'], db.url);
      assert.equal(bad.code, 1);
      const failed = JSON.parse(bad.stdout) as DeployJson;
      assert.deepEqual([failed.status, failed.reason], ['failed', 'missing_index']);
      const badText = await runCli(['deploy', 'shop', siteDir({ 'about.html': 'no index here' })], db.url);
      assert.equal(badText.code, 1);
      assert.match(badText.stderr, /^petstore: deploy #3 of shop failed \(missing_index\)/);
      assert.equal((await curl(server, 'shop.localhost')).body, '<h1>shop v1</h1>', 'the site keeps serving the previous deploy');

      const v2 = await cliJson<DeployJson>(['deploy', 'shop', siteDir({ 'index.html': '<h1>shop v2</h1>' }), '--json'], db.url);
      assert.equal((await curl(server, 'shop.localhost')).body, '<h1>shop v2</h1>');
      const list = await cliJson<DeployJson[]>(['deploys', 'list', 'shop', '--json'], db.url);
      assert.deepEqual(
        list.map((d) => [d.number, d.status, d.live, d.previewUrl]),
        [
          [4, 'ready', true, `http://shop--deploy-4.localhost:${String(server.port)}/`],
          [3, 'failed', false, undefined],
          [2, 'failed', false, undefined],
          [1, 'ready', false, v1.previewUrl],
        ],
      );
      assert.deepEqual([list[0]?.id, list[2]?.id, list[3]?.id], [v2.id, failed.id, v1.id]);
      const human = await runCli(['deploys', 'list', 'shop'], db.url);
      const [header, first] = human.stdout.split('\n');
      assert.equal(header, 'NUMBER\tID\tSTATUS\tREASON\tCREATED\tFILES\tSIZE\tLIVE\tPREVIEW', 'a header row names the columns');
      assert.match(first ?? '', new RegExp(`^#4\t${v2.id}\tready\t\t.*\tlive\t`));
      const promoted = await runCli(['deploys', 'promote', 'shop', '--number', '1'], db.url);
      assert.equal(promoted.code, 0, promoted.stderr);
      assert.match(promoted.stdout, /^deploy #1 of shop is live at /);
      assert.equal((await curl(server, 'shop.localhost')).body, '<h1>shop v1</h1>');
      const byId = await runCli(['deploys', 'promote', 'shop', v2.id], db.url);
      assert.equal(byId.code, 0, byId.stderr);
      assert.equal((await curl(server, 'shop.localhost')).body, '<h1>shop v2</h1>');
      const noSuch = await runCli(['deploys', 'promote', 'shop', '--number', '9'], db.url);
      assert.equal(noSuch.code, 1);
      assert.match(noSuch.stderr, /no deploy #9/);
      const refused = await runCli(['deploys', 'promote', 'shop', failed.id], db.url);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /validation_failed/);
      const missing = await runCli(['deploy', 'nope', siteDir({ 'index.html': 'x' }), '--json'], db.url);
      assert.equal(missing.code, 1);
      assert.equal((JSON.parse(missing.stdout) as { error: { code: string } }).error.code, 'not_found');
    } finally {
      await server.stop();
      db.cleanup();
    }
  });
});

describeEachEngine(
  'two instances serve a deploy',
  () => {
    test('a deploy, a new deploy and a rollback are served by both instances', async () => {
      const db = await freshPostgresDatabase();
      const servers: RunningServer[] = [];
      try {
        await cliJson(['projects', 'create', 'shop', '--plan', 'pro', '--json'], db.url);
        servers.push(await startServer({ DATABASE_URL: db.url }), await startServer({ DATABASE_URL: db.url }));
        const [a, b] = servers as [RunningServer, RunningServer];
        for (const s of servers) assert.equal((await curl(s, 'shop.localhost')).status, 404, 'not published yet');
        const v1 = await cliJson<DeployJson>(['deploy', 'shop', siteDir({ 'index.html': 'one', 'a/b.html': 'b1' }), '--json'], db.url);
        for (const s of servers) {
          assert.equal((await curl(s, 'shop.localhost')).body, 'one');
          assert.equal((await curl(s, 'shop.localhost', '/a/b')).body, 'b1');
        }
        await cliJson(['deploy', 'shop', siteDir({ 'index.html': 'two', 'a/b.html': 'b2' }), '--json'], db.url);
        for (const s of [a, b]) assert.equal((await curl(s, 'shop.localhost', '/a/b')).body, 'b2');
        assert.equal((await runCli(['deploys', 'promote', 'shop', v1.id], db.url)).code, 0);
        for (const s of [b, a]) assert.equal((await curl(s, 'shop.localhost')).body, 'one');
      } finally {
        for (const s of servers) await s.stop();
        await db.drop();
      }
    });
  },
  { only: ['postgres'] },
);
