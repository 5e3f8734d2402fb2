import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, type Harness } from '../helpers/harness.js';

const SUNSET = Date.UTC(2030, 11, 5);

describeEachEngine('getPet deprecation', () => {
  const clock = manualClock(Date.UTC(2027, 5, 1));
  let h: Harness;
  let petId: string;
  before(async () => {
    h = await harness({ clock });
    const res = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, 'content-type': 'application/json' },
      payload: '{"name":"Old","categoryId":1}',
    });
    petId = String(res.json().id);
  });
  after(() => h.close());

  const assertDeprecated = (headers: Record<string, unknown>, what: string) => {
    assert.match(String(headers.deprecation), /^@\d+$/, `${what}: Deprecation`);
    assert.ok(Number(String(headers.deprecation).slice(1)) * 1000 <= SUNSET, `${what}: deprecated before the sunset`);
    assert.equal(headers.sunset, 'Thu, 05 Dec 2030 00:00:00 GMT', `${what}: Sunset`);
    assert.equal(headers.link, '</v1/pets>; rel="successor-version"', `${what}: Link`);
  };

  test('every getPet response carries Deprecation, Sunset and the successor link, errors included', async () => {
    const cases: [Record<string, string>, string, number][] = [
      [h.auth, petId, 200],
      [h.auth, '999999', 404],
      [h.auth, 'abc', 400],
      [{}, petId, 401],
      [{ authorization: 'Bearer nope' }, petId, 401],
    ];
    for (const [headers, id, status] of cases) {
      const res = await h.request({ method: 'GET', url: `/v1/pets/${id}`, headers });
      assert.equal(res.statusCode, status, `${id} ${JSON.stringify(headers)}`);
      assertDeprecated(res.headers, `${String(status)}`);
    }
  });

  test('the contract marks getPet deprecated and other operations not', () => {
    const doc = h.app.openapi() as { paths: Record<string, Record<string, { deprecated?: boolean }>> };
    assert.equal(doc.paths['/pets/{petId}']?.get?.deprecated, true);
    assert.equal(doc.paths['/pets']?.get?.deprecated, undefined);
  });

  test('other operations carry no deprecation headers', async () => {
    const res = await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth });
    assert.equal(res.headers.deprecation, undefined);
    assert.equal(res.headers.sunset, undefined);
  });

  test('from the sunset instant on, getPet answers 410 gone (still with the headers)', async () => {
    clock.set(SUNSET - 1);
    assert.equal((await h.request({ method: 'GET', url: `/v1/pets/${petId}`, headers: h.auth })).statusCode, 200);
    clock.set(SUNSET);
    for (const id of [petId, '999999', 'abc']) {
      const res = await h.request({ method: 'GET', url: `/v1/pets/${id}`, headers: h.auth });
      assert.equal(res.statusCode, 410, id);
      assert.equal(res.json().code, 'gone');
      assertDeprecated(res.headers, '410');
    }
    // Authentication still comes first: a caller without a key learns nothing more.
    assert.equal((await h.request({ method: 'GET', url: `/v1/pets/${petId}` })).statusCode, 401);
    // The successor keeps working.
    assert.equal((await h.request({ method: 'GET', url: '/v1/pets', headers: h.auth })).statusCode, 200);
  });
});
