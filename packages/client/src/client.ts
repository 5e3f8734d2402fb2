import { toInt64 } from './int64.js';
import { nextCursor } from './link.js';
import { Transport, type RateLimit, type RetryEvent } from './transport.js';
import type { ListOrdersParams, ListPetsParams, NewPet, Order, Pet, PetStatus } from './types.js';
import { uuidV4 } from './uuid.js';

export interface ClientOptions {
  /** The base address, ending in `/v1`, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  apiKey: string;
  /** The fetch to use (default: the global one); tests and custom agents pass their own. */
  fetch?: typeof globalThis.fetch;
  /** Retries after the first attempt (default 3). 0 never retries. */
  maxRetries?: number;
  /** The longest wait the client accepts before a retry (default 60000 ms); a longer `Retry-After` fails at once. */
  maxRetryDelayMs?: number;
  /** Time for each attempt to get a complete response (default 30000 ms). */
  timeoutMs?: number;
  /** Called before each wait for a retry. */
  onRetry?: (event: RetryEvent) => void;
}

export interface RequestOptions {
  /** Aborts the request, and any wait for a retry, with the signal's reason. */
  signal?: AbortSignal;
}

export interface PetstoreClient {
  /** One page of the project's pets, in ascending `id`. */
  listPets(params?: ListPetsParams, options?: RequestOptions): Promise<{ pets: Pet[]; nextCursor: string | null }>;
  /** Every pet of every page, fetched page by page as the loop asks for more. */
  allPets(params?: { status?: PetStatus; pageSize?: number }, options?: RequestOptions): AsyncIterableIterator<Pet>;
  /**
   * Adds a pet. Every call sends an `Idempotency-Key` (a UUID v4 unless given) and reuses it on
   * each retry, so a retried creation never makes a second pet.
   */
  createPet(newPet: NewPet, options?: RequestOptions & { idempotencyKey?: string }): Promise<Pet>;
  /**
   * One pet by id.
   * @deprecated `GET /pets/{petId}` is removed on 5 December 2030 (`Sunset: Thu, 05 Dec 2030 00:00:00 GMT`);
   * from then on it answers 410 `gone`. Use {@link PetstoreClient.listPets} or {@link PetstoreClient.allPets}
   * with the `status` filter instead.
   */
  getPet(id: number | bigint, options?: RequestOptions): Promise<Pet>;
  /** One page of the project's store orders (experimental in the API). */
  listOrders(params?: ListOrdersParams & RequestOptions): Promise<{ orders: Order[]; nextCursor: string | null }>;
  /** `X-RateLimit-Limit`, `-Remaining` and `-Reset` of the latest response; null before the first. */
  readonly lastRateLimit: RateLimit | null;
}

function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  return value;
}

/** A client for the Petstore v1 API. */
export function createClient(options: ClientOptions): PetstoreClient {
  const baseUrl = String(options.baseUrl ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/.+\/v1$/.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw new TypeError(
      `baseUrl must be an http(s) URL ending in /v1, e.g. http://127.0.0.1:8080/v1; got ${JSON.stringify(options.baseUrl)}`,
    );
  }
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') throw new TypeError('apiKey is required');
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  const transport = new Transport({
    baseUrl,
    apiKey: options.apiKey,
    fetch: fetchImpl,
    maxRetries: nonNegativeInteger(options.maxRetries ?? 3, 'maxRetries'),
    maxRetryDelayMs: nonNegativeInteger(options.maxRetryDelayMs ?? 60_000, 'maxRetryDelayMs'),
    timeoutMs: nonNegativeInteger(options.timeoutMs ?? 30_000, 'timeoutMs'),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  });

  const listPets: PetstoreClient['listPets'] = async (params = {}, { signal } = {}) => {
    const answer = await transport.send({
      method: 'GET',
      path: '/pets',
      query: { limit: params.limit, status: params.status, cursor: params.cursor },
      signal,
    });
    return { pets: answer.body as Pet[], nextCursor: nextCursor(answer.headers.get('link'), baseUrl) };
  };

  async function* allPets(params: { status?: PetStatus; pageSize?: number } = {}, requestOptions: RequestOptions = {}) {
    let cursor: string | undefined;
    do {
      const page = await listPets({ limit: params.pageSize, status: params.status, cursor }, requestOptions);
      yield* page.pets;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  return {
    listPets,
    allPets,
    async createPet(newPet, { idempotencyKey = uuidV4(), signal } = {}) {
      const body = { ...newPet, categoryId: toInt64(newPet.categoryId, 'categoryId') };
      const answer = await transport.send({ method: 'POST', path: '/pets', body, headers: { 'idempotency-key': idempotencyKey }, signal });
      return answer.body as Pet;
    },
    async getPet(id, { signal } = {}) {
      const petId = toInt64(id, 'id');
      const answer = await transport.send({ method: 'GET', path: `/pets/${String(petId)}`, signal });
      return answer.body as Pet;
    },
    async listOrders({ signal, ...params } = {}) {
      const answer = await transport.send({
        method: 'GET',
        path: '/store/orders',
        query: { limit: params.limit, cursor: params.cursor },
        signal,
      });
      return { orders: answer.body as Order[], nextCursor: nextCursor(answer.headers.get('link'), baseUrl) };
    },
    get lastRateLimit() {
      return transport.lastRateLimit;
    },
  };
}
