import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretByConvention } from '../../src/deploys/upload/collector.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { tarGz } from '../helpers/deploys.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { OPERATOR } from '../../src/audit/actor.js';

test('secret by convention: .env*, .git/ and other credentials; .well-known and other dotfiles are not', () => {
  const cases: [string, string | null][] = [
    ['.env', '.env'],
    ['.env.local', '.env.local'],
    ['app/.env.production', 'app/.env.production'],
    ['.git/config', '.git/'],
    ['vendor/lib/.git/HEAD', 'vendor/lib/.git/'],
    ['.DS_Store', '.DS_Store'],
    ['img/.DS_Store', 'img/.DS_Store'],
    ['.npmrc', '.npmrc'],
    ['.ssh/id_ed25519', '.ssh/'],
    ['.well-known/security.txt', null],
    ['.nojekyll', null],
    ['environment.js', null],
    ['git/config', null],
    ['index.html', null],
  ];
  for (const [path, expected] of cases) assert.equal(secretByConvention(path), expected, path);
});

let h: Harness;
let admin: ManagementClient;
before(async () => {
  h = await harness();
  const me = await createPerson(h.app, `dot-${randomBytes(4).toString('hex')}@example.test`, { admin: true });
  admin = await ManagementClient.on(h.app);
  assert.equal((await admin.signIn(me.email, me.password)).statusCode, 200);
});
after(() => h.close());

const archive = () =>
  tarGz([
    { name: 'index.html', content: '<h1>site</h1>' },
    { name: '.env', content: 'SECRET=1' },
    { name: '.git/config', content: '[remote "origin"]' },
    { name: '.git/HEAD', content: 'ref: refs/heads/main' },
    { name: '.DS_Store', content: 'x' },
    { name: 'assets/.env.local', content: 'TOKEN=2' },
    { name: '.well-known/security.txt', content: 'Contact: mailto:sec@example.test' },
  ]);

test('an upload skips .env, .git/ and .DS_Store, lists them in warnings, and the site does not serve them', async () => {
  const { project } = await h.newProject('pro');
  const res = await admin.call({
    method: 'POST',
    url: `/api/v1/projects/${project}/deploys`,
    payload: await archive(),
    headers: { 'content-type': 'application/gzip' },
  });
  assert.equal(res.statusCode, 201, res.body);
  const deploy = res.json() as { files: number; warnings: string[] };
  assert.equal(deploy.files, 2, 'index.html and .well-known/security.txt');
  assert.deepEqual(
    deploy.warnings.map((w) => JSON.parse(w.slice(0, w.indexOf('"', 1) + 1)) as string),
    ['.env', '.git/', '.DS_Store', 'assets/.env.local'],
  );
  assert.match(deploy.warnings[0] ?? '', /includeDotfiles/);
  const host = { host: `${project}.${h.app.config.platformHost}` };
  for (const path of ['/.env', '/.git/config', '/.DS_Store', '/assets/.env.local']) {
    assert.equal((await h.app.inject({ url: path, headers: host })).statusCode, 404, path);
  }
  assert.equal((await h.app.inject({ url: '/.well-known/security.txt', headers: host })).statusCode, 200);
});

test('?includeDotfiles=true keeps them, without warnings', async () => {
  const { project } = await h.newProject('pro');
  const res = await admin.call({
    method: 'POST',
    url: `/api/v1/projects/${project}/deploys?includeDotfiles=true`,
    payload: await archive(),
    headers: { 'content-type': 'application/gzip' },
  });
  assert.equal(res.statusCode, 201, res.body);
  const deploy = res.json() as { files: number; warnings?: string[] };
  assert.equal(deploy.files, 7);
  assert.equal(deploy.warnings, undefined);
  const served = await h.app.inject({ url: '/.env', headers: { host: `${project}.${h.app.config.platformHost}` } });
  assert.equal(served.body, 'SECRET=1');
});

test('a directory deploy (the CLI) skips them too, unless includeDotfiles', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-dotfiles-'));
  try {
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'index.html'), '<h1>dir</h1>');
    writeFileSync(join(dir, '.env'), 'SECRET=1');
    writeFileSync(join(dir, '.git', 'config'), 'x');
    const { project } = await h.newProject('pro');
    const skipped = ok(await h.app.deploys.deploy(OPERATOR, project, { directory: dir }));
    assert.equal(skipped.files, 1);
    assert.equal(skipped.warnings?.length, 2);
    const kept = ok(await h.app.deploys.deploy(OPERATOR, project, { directory: dir }, { includeDotfiles: true }));
    assert.equal(kept.files, 3);
    assert.equal(kept.warnings, undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
