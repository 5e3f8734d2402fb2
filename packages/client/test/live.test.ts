import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { tcpProxy } from '../../../test/helpers/tcp-proxy.js';
import { createClient, PetstoreError, PetstoreNetworkError, PetstoreTimeoutError, type Pet, type RetryEvent } from '../src/index.js';
import { liveServer, recordingFetch, type LiveServer } from './helpers/live-server.js';

const INT64_MAX = 9223372036854775807n;

describe('@petstore/client against the real server', () => {
  let server: LiveServer;
  before(async () => {
    server = await liveServer({ banThreshold: 2 });
  });
  after(() => server.close());

  test('paging over 250 pets yields each exactly once, in ascending id', async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey() });
    const created: Pet[] = [];
    for (let batch = 0; batch < 25; batch++) {
      const pets = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          client.createPet({ name: `Pet ${String(batch * 10 + i)}`, categoryId: 7, status: i % 5 === 0 ? 'sold' : 'available' }),
        ),
      );
      created.push(...pets);
    }
    const createdIds = created.map((p) => p.id).sort((a, b) => (a < b ? -1 : 1));

    const seen: bigint[] = [];
    for await (const pet of client.allPets({ pageSize: 100 })) seen.push(pet.id);
    assert.deepEqual(seen, createdIds, 'every pet once, in ascending id');

    const pages: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listPets({ limit: 100, cursor });
      pages.push(page.pets.length);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(pages, [100, 100, 50], 'the last page has nextCursor null');

    const sold: bigint[] = [];
    for await (const pet of client.allPets({ status: 'sold', pageSize: 7 })) {
      assert.equal(pet.status, 'sold');
      sold.push(pet.id);
    }
    assert.deepEqual(
      sold,
      created
        .filter((p) => p.status === 'sold')
        .map((p) => p.id)
        .sort((a, b) => (a < b ? -1 : 1)),
    );
  });

  test('a 429 is waited out for at least the Retry-After the server sent, then the call succeeds', async (t) => {
    const apiKey = await server.newKey({ perMinute: 3 });
    const recorder = recordingFetch();
    const retries: RetryEvent[] = [];
    const client = createClient({ baseUrl: server.baseUrl, apiKey, fetch: recorder.fetch, onRetry: (e) => retries.push(e) });
    // 3 s before the server's minute ends, so Retry-After is short.
    server.setServerSecond(57);
    for (let i = 0; i < 3; i++) await client.listPets();
    assert.equal(client.lastRateLimit?.remaining, 0);

    const { pets } = await client.listPets();
    assert.deepEqual(pets, []);

    const [limited, retried] = recorder.exchanges.slice(-2);
    assert.equal(limited?.status, 429);
    assert.equal(retried?.status, 200);
    const retryAfterSeconds = Number(limited?.responseHeaders?.get('retry-after'));
    const waitedMs = (retried?.sentAt ?? 0) - (limited?.receivedAt ?? 0);
    assert.ok(retryAfterSeconds >= 1);
    assert.ok(waitedMs >= retryAfterSeconds * 1000, `waited ${String(waitedMs)} ms, Retry-After was ${String(retryAfterSeconds)} s`);
    assert.ok(waitedMs < retryAfterSeconds * 1000 + 5000, `waited ${String(waitedMs)} ms: far longer than needed`);
    assert.equal(retries.length, 1);
    assert.equal(retries[0]?.status, 429);
    assert.equal(retries[0]?.attempt, 1);
    assert.ok(retries[0]?.error instanceof PetstoreError && retries[0].error.code === 'rate_limited');
    assert.equal(retries[0]?.delayMs, retryAfterSeconds * 1000);
    assert.equal(client.lastRateLimit?.remaining, 2, 'lastRateLimit comes from the latest response');
    t.diagnostic(
      `429 received with Retry-After: ${String(retryAfterSeconds)} s; waited ${String(waitedMs)} ms before the retry, which got 200`,
    );
  });

  test('a create whose first response is lost is retried with the same Idempotency-Key and makes exactly one pet', async () => {
    const apiKey = await server.newKey();
    const proxy = await tcpProxy({ host: server.host, port: server.port });
    try {
      const recorder = recordingFetch();
      const retries: RetryEvent[] = [];
      const client = createClient({
        baseUrl: proxy.urlThrough(server.baseUrl).replace(/\/$/, ''),
        apiKey,
        fetch: recorder.fetch,
        onRetry: (e) => retries.push(e),
      });
      const dropped = proxy.dropNextResponse();
      const pet = await client.createPet({ name: 'Lost once', categoryId: 3n });
      await dropped;

      assert.equal(retries.length, 1);
      assert.equal(retries[0]?.status, null);
      assert.ok(retries[0]?.error instanceof PetstoreNetworkError);
      const posts = recorder.exchanges.filter((e) => e.method === 'POST');
      assert.equal(posts.length, 2);
      const keys = posts.map((e) => e.headers.get('idempotency-key'));
      assert.match(keys[0] ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.equal(keys[1], keys[0], 'the retry carries the same key');
      assert.equal(posts[1]?.responseHeaders?.get('idempotent-replayed'), 'true', 'the server replayed the first creation');

      const { pets } = await client.listPets();
      assert.deepEqual(
        pets.map((p) => [p.id, p.name]),
        [[pet.id, 'Lost once']],
      );
    } finally {
      await proxy.close();
    }
  });

  test('a banned key fails at once with retryAfterMs about ten minutes, without waiting', async () => {
    const apiKey = await server.newKey({ perMinute: 2 });
    server.setServerSecond(5);
    const auth = { authorization: `Bearer ${apiKey}` };
    let code = '';
    for (let i = 0; i < 10 && code !== 'api_key_banned'; i++) {
      const res = await fetch(`${server.baseUrl}/pets`, { headers: auth });
      if (res.status === 429) code = ((await res.json()) as { code: string }).code;
      else await res.arrayBuffer();
    }
    assert.equal(code, 'api_key_banned');

    const retries: RetryEvent[] = [];
    const client = createClient({ baseUrl: server.baseUrl, apiKey, onRetry: (e) => retries.push(e) });
    const started = Date.now();
    const error = await client.listPets().then(
      () => assert.fail('a banned key must fail'),
      (err: unknown) => err,
    );
    const elapsed = Date.now() - started;
    assert.ok(error instanceof PetstoreError && error instanceof Error);
    assert.equal(error.status, 429);
    assert.equal(error.code, 'api_key_banned');
    assert.ok(error.retryAfterMs !== null && error.retryAfterMs > 590_000 && error.retryAfterMs <= 600_000, String(error.retryAfterMs));
    assert.ok(error.requestId);
    assert.ok(elapsed < 2000, `took ${String(elapsed)} ms`);
    assert.equal(retries.length, 0);
  });

  test('categoryId 9223372036854775807 round-trips as a bigint', async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey() });
    const created = await client.createPet({ name: 'Big', categoryId: INT64_MAX, status: 'pending' });
    assert.equal(typeof created.id, 'bigint');
    assert.equal(created.categoryId, INT64_MAX);
    const { pets } = await client.listPets({ status: 'pending' });
    assert.deepEqual(pets, [{ id: created.id, name: 'Big', categoryId: INT64_MAX, status: 'pending' }]);
    const fetched = await client.getPet(created.id);
    assert.deepEqual(fetched, created);
  });

  test('a number beyond 2^53 − 1 is refused before any request', async () => {
    const recorder = recordingFetch();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey(), fetch: recorder.fetch });
    await assert.rejects(client.createPet({ name: 'Rounded', categoryId: 2 ** 53 }), (err: unknown) => {
      assert.ok(err instanceof RangeError);
      assert.match(err.message, /categoryId 9007199254740992 is beyond 2\^53 − 1.*bigint/);
      return true;
    });
    await assert.rejects(client.getPet(Number.MAX_SAFE_INTEGER + 2), RangeError);
    await assert.rejects(client.createPet({ name: 'Half', categoryId: 1.5 }), RangeError);
    await assert.rejects(client.createPet({ name: 'Huge', categoryId: INT64_MAX + 1n }), RangeError);
    assert.equal(recorder.exchanges.length, 0);
  });

  test('an aborted signal stops the wait for a retry at once', async () => {
    const apiKey = await server.newKey({ perMinute: 1 });
    server.setServerSecond(10);
    const recorder = recordingFetch();
    const client = createClient({ baseUrl: server.baseUrl, apiKey, fetch: recorder.fetch });
    await client.listPets();

    const controller = new AbortController();
    const waits: RetryEvent[] = [];
    const limited = createClient({
      baseUrl: server.baseUrl,
      apiKey,
      fetch: recorder.fetch,
      onRetry: (e) => {
        waits.push(e);
        setTimeout(() => controller.abort(), 50);
      },
    });
    const started = Date.now();
    await assert.rejects(limited.listPets({}, { signal: controller.signal }), (err: unknown) => {
      assert.ok(err instanceof Error && err.name === 'AbortError', String(err));
      return true;
    });
    assert.ok((waits[0]?.delayMs ?? 0) >= 40_000, `the server asked for a long wait: ${String(waits[0]?.delayMs)}`);
    assert.ok(Date.now() - started < 2000, 'the wait ended with the abort');
    assert.equal(recorder.exchanges.length, 2, 'no retry was sent');
  });

  test('a timeout and a refused connection are their own errors, retried with backoff', async () => {
    const apiKey = await server.newKey();
    const proxy = await tcpProxy({ host: server.host, port: server.port });
    try {
      const baseUrl = proxy.urlThrough(server.baseUrl).replace(/\/$/, '');
      const retries: RetryEvent[] = [];
      const client = createClient({ baseUrl, apiKey, timeoutMs: 300, maxRetries: 1, onRetry: (e) => retries.push(e) });

      proxy.setMode('blackhole');
      await assert.rejects(client.listPets(), (err: unknown) => err instanceof PetstoreTimeoutError && err.timeoutMs === 300);
      assert.deepEqual(
        retries.map((r) => [r.attempt, r.status, r.error.name]),
        [[1, null, 'PetstoreTimeoutError']],
      );
      assert.ok(retries[0]!.delayMs >= 0 && retries[0]!.delayMs <= 500, 'first backoff is at most the 500 ms base');

      retries.length = 0;
      proxy.setMode('refuse');
      await assert.rejects(client.listPets(), PetstoreNetworkError);
      assert.deepEqual(
        retries.map((r) => [r.attempt, r.status, r.error.name]),
        [[1, null, 'PetstoreNetworkError']],
      );

      proxy.setMode('up');
      assert.deepEqual((await client.listPets()).pets, []);
    } finally {
      await proxy.close();
    }
  });

  test('errors the API answers become PetstoreError and are not retried', async () => {
    const retries: RetryEvent[] = [];
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey(), onRetry: (e) => retries.push(e) });
    const notFound = await client.getPet(424242n).catch((err: unknown) => err);
    assert.ok(notFound instanceof PetstoreError);
    assert.deepEqual([notFound.status, notFound.code, notFound.retryAfterMs], [404, 'not_found', null]);
    assert.ok(notFound.requestId);

    const invalid = await client.listPets({ limit: 1000 }).catch((err: unknown) => err);
    assert.ok(invalid instanceof PetstoreError);
    assert.deepEqual([invalid.status, invalid.code], [400, 'validation_failed']);

    const unauthorized = await createClient({ baseUrl: server.baseUrl, apiKey: 'not-a-key', onRetry: (e) => retries.push(e) })
      .listOrders()
      .catch((err: unknown) => err);
    assert.ok(unauthorized instanceof PetstoreError);
    assert.deepEqual([unauthorized.status, unauthorized.code], [401, 'unauthorized']);
    assert.equal(retries.length, 0);
  });

  test('listOrders answers a page of orders and lastRateLimit follows each response', async () => {
    const recorder = recordingFetch();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: await server.newKey({ perMinute: 50 }), fetch: recorder.fetch });
    assert.equal(client.lastRateLimit, null);
    server.setServerSecond(20);
    const { orders, nextCursor } = await client.listOrders({ limit: 5 });
    assert.deepEqual([orders, nextCursor], [[], null]);
    const headers = recorder.exchanges.at(-1)?.responseHeaders;
    assert.deepEqual(client.lastRateLimit, {
      limit: 50,
      remaining: 49,
      reset: Number(headers?.get('x-ratelimit-reset')),
    });
  });
});
