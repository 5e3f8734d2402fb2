import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { CursorCodec } from '../../src/http/pagination/cursors.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';

const json = { 'content-type': 'application/json' };
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** The cursor in a `Link: <…?cursor=…>; rel="next"` header. */
function nextCursor(link: unknown): string {
  assert.equal(typeof link, 'string', 'a Link header');
  const url = /^<([^>]+)>; rel="next"$/.exec(link as string)?.[1] ?? '';
  return new URL(url, 'http://x').searchParams.get('cursor') ?? '';
}

describe('CursorCodec', () => {
  const codec = new CursorCodec(randomBytes(32));
  const scope = { kind: 'pets', projectId: 7, filter: 'sold' };

  test('a cursor names its position, for its own scope only', () => {
    for (const position of [-(2n ** 63n), -1n, 0n, 1n, 2n ** 63n - 1n]) {
      const cursor = codec.encode(scope, position);
      assert.match(cursor, /^[A-Za-z0-9_-]{34}$/);
      assert.equal(codec.decode(scope, cursor), position);
      for (const other of [
        { ...scope, kind: 'orders' },
        { ...scope, projectId: 8 },
        { ...scope, filter: '' },
        { ...scope, filter: 'available' },
      ]) {
        assert.equal(codec.decode(other, cursor), null, JSON.stringify(other));
      }
    }
  });

  test('an altered, truncated, re-spelt or made-up cursor is refused', () => {
    const cursor = codec.encode(scope, 42n);
    for (let i = 0; i < cursor.length; i++) {
      const altered = `${cursor.slice(0, i)}${cursor[i] === 'A' ? 'B' : 'A'}${cursor.slice(i + 1)}`;
      assert.equal(codec.decode(scope, altered), null, altered);
    }
    const bytes = Buffer.from(cursor, 'base64url');
    bytes.writeBigInt64BE(43n, 1);
    for (const forged of [bytes.toString('base64url'), cursor.slice(0, -1), `${cursor}A`, `${cursor}=`, b64('pets:42'), '']) {
      assert.equal(codec.decode(scope, forged), null, forged);
    }
    // Same bytes, another spelling: the last character's unused bits set.
    const last = cursor.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${cursor.slice(0, -1)}${alphabet[alphabet.indexOf(last) + 1] ?? 'A'}`;
    assert.equal(codec.decode(scope, respelt), null);
  });

  test('another key does not verify it', () => {
    assert.equal(new CursorCodec(randomBytes(32)).decode(scope, codec.encode(scope, 1n)), null);
  });
});

describeEachEngine('cursors are tamper-evident', () => {
  let h: Harness;
  let other: Awaited<ReturnType<Harness['newProject']>>;
  before(async () => {
    h = await harness();
    other = await h.newProject();
    for (const auth of [h.auth, other.auth]) {
      for (let i = 0; i < 6; i++) {
        const status = i % 2 ? 'sold' : 'available';
        const res = await h.request({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...auth, ...json },
          payload: JSON.stringify({ name: `p${String(i)}`, categoryId: 1, status }),
        });
        assert.equal(res.statusCode, 201);
      }
    }
  });
  after(() => h.close());

  const list = (query: string, auth = h.auth) => h.request({ method: 'GET', url: `/v1/pets?${query}`, headers: auth });
  const refused = (res: {
    statusCode: number;
    json(): { code: string; status: number; message: string; details?: { field: string }[] };
  }) => {
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.equal(body.code, 'invalid_cursor');
    assert.equal(body.status, 400);
    assert.ok(body.message.length > 0);
    assert.equal(body.details?.[0]?.field, 'cursor');
  };

  test('a cursor from a Link header fetches the next page', async () => {
    const first = await list('limit=2');
    const second = await list(`limit=2&cursor=${nextCursor(first.headers.link)}`);
    assert.equal(second.statusCode, 200);
    assert.deepEqual(
      second.json().map((p: { id: number }) => p.id),
      [3, 4],
    );
  });

  test('a base64url-forged cursor (pets:<id>) is 400 invalid_cursor', async () => {
    for (const id of ['1', '2', '0', '-1', '9223372036854775807']) refused(await list(`cursor=${b64(`pets:${id}`)}`));
  });

  test('a cursor issued to another project is 400 invalid_cursor', async () => {
    const theirs = await list('limit=2', other.auth);
    const cursor = nextCursor(theirs.headers.link);
    assert.equal((await list(`limit=2&cursor=${cursor}`, other.auth)).statusCode, 200, 'valid for its own project');
    refused(await list(`limit=2&cursor=${cursor}`));
  });

  test('a cursor of another filter or another listing is 400 invalid_cursor', async () => {
    const sold = await list('limit=1&status=sold');
    const cursor = nextCursor(sold.headers.link);
    assert.equal((await list(`limit=1&status=sold&cursor=${cursor}`)).statusCode, 200);
    refused(await list(`limit=1&status=available&cursor=${cursor}`));
    refused(await list(`limit=1&cursor=${cursor}`));
    const plain = nextCursor((await list('limit=1')).headers.link);
    refused(await list(`limit=1&status=sold&cursor=${plain}`));
    refused(await h.request({ method: 'GET', url: `/v1/store/orders?cursor=${plain}`, headers: h.auth }));
  });

  test('an altered cursor is 400 invalid_cursor', async () => {
    const cursor = nextCursor((await list('limit=1')).headers.link);
    const altered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    refused(await list(`limit=1&cursor=${altered}`));
  });

  test('the generated key is shared: another instance on the same database accepts the cursor', async () => {
    const cursor = nextCursor((await list('limit=1')).headers.link);
    const second = await harness({ storage: h.storage });
    try {
      const res = await second.request({ method: 'GET', url: `/v1/pets?limit=1&cursor=${cursor}`, headers: h.auth });
      assert.equal(res.statusCode, 200);
    } finally {
      await second.close();
    }
  });

  test('with SECRETS_KEY, cursors are signed under a key derived from it', async () => {
    const projectId = ok(await h.app.projects.find(h.project)).id;
    const scope = { kind: 'pets', projectId, filter: '' };
    const keyed = await harness({ storage: h.storage, config: { secretsKey: 'correct horse battery staple' } });
    const same = await harness({ storage: h.storage, config: { secretsKey: 'correct horse battery staple' } });
    try {
      const cursor = keyed.app.cursors.encode(scope, 1n);
      assert.equal(same.app.cursors.decode(scope, cursor), 1n, 'another instance with the same SECRETS_KEY');
      assert.equal(h.app.cursors.decode(scope, cursor), null, 'not the generated key');
      const res = await keyed.request({
        method: 'GET',
        url: `/v1/pets?limit=1&cursor=${nextCursor((await list('limit=1')).headers.link)}`,
        headers: h.auth,
      });
      refused(res);
    } finally {
      await keyed.close();
      await same.close();
    }
  });
});
