import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { uniqueSlug } from '../helpers/harness.js';
import { freshDatabase } from '../helpers/engines.js';
import { createUnlimitedKey, startServer, type RunningServer } from '../helpers/processes.js';

const RECORD_MODULES = pathToFileURL(resolve(import.meta.dirname, '../telemetry/fixtures/record-modules.mjs')).href;

/** Packages a server loads only when what needs them is used or configured (each a few MB of every process). */
const ON_USE = {
  '@simplewebauthn/server': 'passkeys: loaded at the first passkey call',
  qrcode: 'authenticator apps: loaded when a person sets one up (the QR code of the secret)',
  'openid-client': 'single sign-on: loaded only with OIDC_ISSUER set',
  jose: "openid-client's",
};

test('a server serving the API loads no passkey, QR code or OpenID Connect library', async () => {
  const db = await freshDatabase('sqlite', { onDisk: true });
  const dir = mkdtempSync(join(tmpdir(), 'petstore-lazy-modules-'));
  const loaded = join(dir, 'modules.txt');
  let server: RunningServer | null = null;
  try {
    const key = await createUnlimitedKey(db.url, uniqueSlug());
    server = await startServer({ DATABASE_URL: db.url, NODE_OPTIONS: `--import=${RECORD_MODULES}`, RECORD_MODULES_TO: loaded });
    const auth = { authorization: `Bearer ${key}` };
    assert.equal((await fetch(`${server.url}/v1/pets`, { headers: auth })).status, 200);
    const created = await fetch(`${server.url}/v1/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"name":"Rex","categoryId":1}',
    });
    assert.equal(created.status, 201);
    assert.equal((await fetch(`${server.url}/dashboard`)).status, 200);
    const stopped = await server.stop();
    server = null;
    assert.equal(stopped.code, 0);
    const lines = readFileSync(loaded, 'utf8').split('\n');
    assert.ok(
      lines.some((m) => m.includes('/node_modules/fastify/')),
      'the hook records packages’ modules',
    );
    for (const [name, why] of Object.entries(ON_USE)) {
      assert.deepEqual(
        lines.filter((m) => m.includes(`/node_modules/${name}/`)),
        [],
        `${name} (${why})`,
      );
    }
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    await db.drop();
  }
});
