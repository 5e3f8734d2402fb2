import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { buildApp } from '../../src/app.js';
import { ConfigError } from '../../src/config-error.js';
import { FINGERPRINT_NAME } from '../../src/secrets/key-check.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';

const FIRST = 'the first secrets key of this database';
const OTHER = 'another secrets key, not the first';

describeEachEngine('a changed SECRETS_KEY', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  const start = (secretsKey: string | undefined, logStream?: NodeJS.WritableStream) =>
    buildApp({
      config: { ...h.app.config, secretsKey, ...(logStream ? { logLevel: 'warn' as const } : {}) },
      storage: h.storage,
      ...(logStream ? { logStream } : {}),
    });

  async function fingerprints(): Promise<number> {
    const { database } = h.storage;
    return database.engine === 'sqlite'
      ? (database.sqlite.prepare('SELECT count(*) AS n FROM secrets WHERE name = ?').get(FINGERPRINT_NAME) as { n: number }).n
      : Number(
          ((await database.pg.query('SELECT count(*) AS n FROM secrets WHERE name = $1', [FINGERPRINT_NAME])).rows[0] as { n: string }).n,
        );
  }

  async function forget(): Promise<void> {
    const { database } = h.storage;
    if (database.engine === 'sqlite') database.sqlite.prepare('DELETE FROM secrets WHERE name = ?').run(FINGERPRINT_NAME);
    else await database.pg.query('DELETE FROM secrets WHERE name = $1', [FINGERPRINT_NAME]);
  }

  test('a database started without SECRETS_KEY keeps no fingerprint', async () => {
    assert.equal(await fingerprints(), 0);
  });

  test('the first start with SECRETS_KEY keeps its fingerprint (not the key); the same key starts again', async () => {
    const first = await start(FIRST);
    await first.close();
    assert.equal(await fingerprints(), 1);
    const { database } = h.storage;
    const stored =
      database.engine === 'sqlite'
        ? (database.sqlite.prepare('SELECT value FROM secrets WHERE name = ?').get(FINGERPRINT_NAME) as { value: Buffer }).value
        : ((await database.pg.query('SELECT value FROM secrets WHERE name = $1', [FINGERPRINT_NAME])).rows[0] as { value: Buffer }).value;
    assert.ok(!Buffer.from(stored).toString('latin1').includes(FIRST), 'not the key itself');
    const again = await start(FIRST);
    await again.close();
  });

  test('another SECRETS_KEY is refused at start, naming the variable and what to do', async () => {
    await assert.rejects(start(OTHER), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /SECRETS_KEY is not the key this database was started with/);
      assert.match(err.message, /Start with the earlier SECRETS_KEY/);
      assert.ok(!err.message.includes(FIRST) && !err.message.includes(OTHER), 'neither key in the message');
      return true;
    });
  });

  test('no SECRETS_KEY on a database that has one starts, with a warning', async () => {
    const log = new PassThrough();
    const lines: string[] = [];
    log.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await start(undefined, log);
    await app.close();
    const warned = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    assert.ok(
      warned.some((l) => l.msg.startsWith('SECRETS_KEY is not set, and this database was started with one')),
      lines.join('\n'),
    );
  });

  test('with the fingerprint deleted (what the earlier key sealed given up), the new key starts and is kept', async () => {
    await forget();
    const app = await start(OTHER);
    await app.close();
    await assert.rejects(start(FIRST), ConfigError);
  });
});
