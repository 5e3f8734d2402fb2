import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { petJson, petPageJson } from '../../src/pets/json.js';
import type { PetRepository } from '../../src/pets/repository.js';
import { PET_STATUSES, type PetStatus } from '../../src/pets/schemas.js';
import { openRepositories, type Repositories } from '../helpers/repositories.js';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { harness, exactIds, ok, uniqueSlug, type Harness } from '../helpers/harness.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
// Names as the API accepts them: well-formed, without U+0000 (which PostgreSQL text cannot hold).
const TRICKY_NAMES = [
  'Rex',
  'a"b\\c',
  'tab\there',
  'new\nline',
  '\u0001\u001f\u007f',
  '\u2028\u2029',
  'Café',
  '🐶🐱',
  '</script>',
  '\ud83d\udc36 dog',
];

/** The JSON read path must send exactly what serialising the row objects sends. */
describeEachEngine('pets as JSON text from storage', (engine) => {
  let database: FreshDatabase;
  let store: Repositories;
  let repo: PetRepository;
  let projectId: number;
  before(async () => {
    database = await freshDatabase(engine.name);
    store = await openRepositories(database.url);
    const project = await store.projects.create(uniqueSlug('json'), 'enterprise', { perMinute: 1000, perDay: 1000 }, new Date());
    projectId = project.id;
    repo = store.pets;
    let i = 0;
    for (const name of TRICKY_NAMES) {
      for (const categoryId of [0n, 7n, -1n, INT64_MAX, INT64_MIN, 2n ** 53n + 1n]) {
        const status = PET_STATUSES[i++ % PET_STATUSES.length] as PetStatus;
        await repo.create(projectId, { name, categoryId, status }, new Date());
      }
    }
  });
  after(async () => {
    await store.close();
    await database.drop();
  });

  test('listJson equals the serialised list for every limit, filter and cursor', async () => {
    const all = await repo.list(projectId, { limit: 1000 });
    assert.equal(all.length, TRICKY_NAMES.length * 6);
    const afters = [undefined, all[0]?.id, all[17]?.id, all.at(-2)?.id, all.at(-1)?.id, INT64_MIN, INT64_MAX];
    for (const limit of [1, 2, 5, 20, 59, 60, 61, 100]) {
      for (const status of [undefined, ...PET_STATUSES]) {
        for (const after of afters) {
          const query = { limit, status, after };
          const expected = petPageJson(await repo.list(projectId, { ...query, limit: limit + 1 }), limit);
          assert.deepEqual(await repo.listJson(projectId, query), expected, JSON.stringify({ limit, status, after: after?.toString() }));
        }
      }
    }
  });

  test('getJson equals the serialised pet, and null for ids not in the project', async () => {
    for (const pet of await repo.list(projectId, { limit: 1000 })) {
      assert.equal(await repo.getJson(projectId, pet.id), petJson(pet));
      assert.equal(await repo.getJson(projectId + 1_000_000, pet.id), null);
    }
    assert.equal(await repo.getJson(projectId, INT64_MAX), null);
    assert.equal(await repo.getJson(projectId, INT64_MIN), null);
  });

  test('any name the API accepts and any int64 category serialise identically', async () => {
    const project = await store.projects.create(uniqueSlug('prop'), 'enterprise', { perMinute: 1000, perDay: 1000 }, new Date());
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((s) => s.isWellFormed() && !s.includes('\u0000')),
        fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
        fc.constantFrom(...PET_STATUSES),
        async (name, categoryId, status) => {
          const created = await repo.create(project.id, { name, categoryId, status }, new Date());
          assert.equal(created.kind, 'created');
          if (created.kind !== 'created') return;
          const text = petJson(created.pet);
          assert.ok(text.startsWith(`{"id":${created.pet.id.toString()},`), text);
          assert.ok(text.includes(`,"categoryId":${categoryId.toString()},`), text);
          const parsed = JSON.parse(text) as { name: string; status: string };
          assert.equal(parsed.name, name);
          assert.equal(parsed.status, status);
          assert.equal(await repo.getJson(project.id, created.pet.id), text);
          const page = await repo.listJson(project.id, { limit: 1, after: created.pet.id - 1n });
          assert.equal(page.json, `[${text}]`);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describeEachEngine('pet bodies are the same bytes on every operation', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.close());

  test('createPet, getPet and listPets send a pet identically', async () => {
    const projectId = ok(await h.app.projects.find(h.project)).id;
    for (const [name, categoryId] of [
      ['a"b\\c', '9223372036854775807'],
      ['Café 🐶', '-9223372036854775808'],
      ['\u2028 x', '9007199254740993'],
    ]) {
      const created = await h.request({
        method: 'POST',
        url: '/v1/pets',
        headers: { ...h.auth, 'content-type': 'application/json' },
        payload: `{"name":${JSON.stringify(name)},"categoryId":${String(categoryId)}}`,
      });
      assert.equal(created.statusCode, 201);
      const id = exactIds(created.body)[0] ?? '';
      const got = await h.request({ method: 'GET', url: `/v1/pets/${id}`, headers: h.auth });
      assert.equal(got.body, created.body);
      assert.equal(got.headers['content-type'], 'application/json; charset=utf-8');
      const listed = await h.request({
        method: 'GET',
        url: `/v1/pets?limit=1&cursor=${h.app.cursors.encode({ kind: 'pets', projectId, filter: '' }, BigInt(id) - 1n)}`,
        headers: h.auth,
      });
      assert.equal(listed.body, `[${created.body}]`);
      assert.equal(listed.headers['content-type'], 'application/json; charset=utf-8');
    }
  });
});
