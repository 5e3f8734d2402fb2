import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { evaluatePreconditions, parseTagList } from '../../src/downloads/conditional.js';
import { harness, type Harness } from '../helpers/harness.js';

const ETAG = '"q5Yd0Q3NrMx-abc"';

describe('RFC 9110 preconditions', () => {
  test('entity tag lists: several members, weak ones, whitespace, `*`, commas inside quotes, members that are not tags', () => {
    assert.equal(parseTagList('*'), '*');
    assert.equal(parseTagList(' * '), '*');
    assert.deepEqual(parseTagList('"a", W/"b",  "c,d"'), [
      { weak: false, opaque: '"a"' },
      { weak: true, opaque: '"b"' },
      { weak: false, opaque: '"c,d"' },
    ]);
    assert.deepEqual(parseTagList('nonsense, "ok", "unterminated'), [{ weak: false, opaque: '"ok"' }]);
    assert.deepEqual(parseTagList('"has space", "x"'), [{ weak: false, opaque: '"x"' }]);
  });

  test('If-None-Match: weak comparison, lists and `*` give 304; another tag proceeds', () => {
    for (const value of [ETAG, `W/${ETAG}`, `"other", ${ETAG}`, `"a","b",W/${ETAG}`, '*'])
      assert.equal(evaluatePreconditions({ 'if-none-match': value }, ETAG), 'not_modified', value);
    for (const value of ['"other"', 'W/"other"', '', 'garbage'])
      assert.equal(evaluatePreconditions({ 'if-none-match': value }, ETAG), 'proceed', value);
  });

  test('If-Match: strong comparison (a weak tag never matches), `*` matches the existing file; evaluated before If-None-Match', () => {
    for (const value of [ETAG, `"x", ${ETAG}`, '*']) assert.equal(evaluatePreconditions({ 'if-match': value }, ETAG), 'proceed', value);
    for (const value of ['"nope"', `W/${ETAG}`, '', 'garbage'])
      assert.equal(evaluatePreconditions({ 'if-match': value }, ETAG), 'failed', value);
    assert.equal(evaluatePreconditions({ 'if-match': '"nope"', 'if-none-match': ETAG }, ETAG), 'failed');
    assert.equal(evaluatePreconditions({ 'if-match': ETAG, 'if-none-match': ETAG }, ETAG), 'not_modified');
  });
});

describe('GET /downloads/petstore-cli.tgz conditional requests', () => {
  let h: Harness;
  let etag: string;
  before(async () => {
    h = await harness();
    const res = await h.app.inject({ url: '/downloads/petstore-cli.tgz' });
    assert.equal(res.statusCode, 200, 'the CLI package is built (npm run build)');
    etag = String(res.headers.etag);
    assert.equal(res.headers['accept-ranges'], 'none');
  });
  after(() => h.close());

  const get = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    h.app.inject({ method, url: '/downloads/petstore-cli.tgz', headers });

  test('If-None-Match with the weak form, in a list, or `*`: 304 with no body, the ETag and Accept-Ranges: none', async () => {
    for (const value of [etag, `W/${etag}`, `"old-version", ${etag}`, '*']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await get({ 'if-none-match': value }, method);
        assert.equal(res.statusCode, 304, `${method} ${value}`);
        assert.equal(res.body, '');
        assert.equal(res.headers.etag, etag);
        assert.equal(res.headers['accept-ranges'], 'none');
      }
    }
    const other = await get({ 'if-none-match': '"old-version"' });
    assert.equal(other.statusCode, 200);
    assert.ok(other.rawPayload.length > 1000);
  });

  test('If-Match that names no current version: 412 precondition_failed with the Error body; the current one: 200', async () => {
    for (const value of ['"nope"', `W/${etag}`]) {
      const res = await get({ 'if-match': value });
      assert.equal(res.statusCode, 412, value);
      const body = res.json<{ code: string; message: string; status: number }>();
      assert.equal(body.code, 'precondition_failed');
      assert.equal(body.status, 412);
      assert.match(body.message, /^If-Match names no current version of petstore-cli\.tgz: its entity tag is now "/);
    }
    for (const value of [etag, '*']) assert.equal((await get({ 'if-match': value })).statusCode, 200, value);
  });

  test('a Range is not served: the whole file, 200', async () => {
    const res = await get({ range: 'bytes=0-99' });
    assert.equal(res.statusCode, 200);
    assert.ok(res.rawPayload.length > 100);
    assert.equal(res.headers['accept-ranges'], 'none');
  });
});
