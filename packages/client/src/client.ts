import { toInt64 } from './int64.js';
import { nextCursor } from './link.js';
import { Transport, type RateLimit, type RetryEvent } from './transport.js';
import { PetstoreError } from './errors.js';
import { oncePerOperation, warnDeprecation, type DeprecationInfo } from './deprecation.js';
import type { Inventory, ListOrdersParams, ListPetsParams, NewOrder, NewPet, Order, OrderStatus, Pet, PetStatus } from './types.js';
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
  /**
   * Called once per operation per client, at the first answer that carries `Deprecation` (getPet's, until its
   * sunset): what it is, when it goes, what replaces it. Default: one `console.warn` per operation.
   */
  onDeprecation?: (info: DeprecationInfo) => void;
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
  /** One page of the project's store orders (beta in the API), in ascending `id`, optionally in one status. */
  listOrders(params?: ListOrdersParams & RequestOptions): Promise<{ orders: Order[]; nextCursor: string | null }>;
  /** Every order of every page, fetched page by page as the loop asks for more. */
  allOrders(params?: { status?: OrderStatus; pageSize?: number }, options?: RequestOptions): AsyncIterableIterator<Order>;
  /**
   * Orders an available pet, which becomes pending (beta). Every call sends an `Idempotency-Key`
   * (a UUID v4 unless given) and reuses it on each retry, so a retried placement never makes a second order.
   * Fails with `pet_not_available` (409) or `pet_not_found` (404).
   */
  placeOrder(newOrder: NewOrder, options?: RequestOptions & { idempotencyKey?: string }): Promise<Order>;
  /** One order by id (beta). */
  getOrder(id: number | bigint, options?: RequestOptions): Promise<Order>;
  /**
   * placed → approved (beta). Safe to retry: when the order is already approved (an earlier
   * attempt applied), it resolves with it; any other status fails with `invalid_transition` (409).
   */
  approveOrder(id: number | bigint, options?: RequestOptions): Promise<Order>;
  /** approved → delivered; the pet becomes sold (beta). Safe to retry, as approveOrder. */
  deliverOrder(id: number | bigint, options?: RequestOptions): Promise<Order>;
  /** placed or approved → cancelled; the pet is available again (beta). Safe to retry, as approveOrder. */
  cancelOrder(id: number | bigint, options?: RequestOptions): Promise<Order>;
  /** How many of the project's pets are available, pending and sold (beta). */
  inventory(options?: RequestOptions): Promise<Inventory>;
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
    onAnswer: oncePerOperation(options.onDeprecation ?? warnDeprecation),
  });

  const listPets: PetstoreClient['listPets'] = async (params = {}, { signal } = {}) => {
    const answer = await transport.send({
      operation: 'listPets',
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

  const listOrders: PetstoreClient['listOrders'] = async ({ signal, ...params } = {}) => {
    const answer = await transport.send({
      operation: 'listOrders',
      method: 'GET',
      path: '/store/orders',
      query: { limit: params.limit, status: params.status, cursor: params.cursor },
      signal,
    });
    return { orders: answer.body as Order[], nextCursor: nextCursor(answer.headers.get('link'), baseUrl) };
  };

  async function* allOrders(params: { status?: OrderStatus; pageSize?: number } = {}, { signal }: RequestOptions = {}) {
    let cursor: string | undefined;
    do {
      const page = await listOrders({ limit: params.pageSize, status: params.status, cursor, signal });
      yield* page.orders;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  const orderPath = (id: number | bigint) => `/store/orders/${String(toInt64(id, 'id'))}`;

  const getOrder = async (id: number | bigint, signal?: AbortSignal) =>
    (await transport.send({ operation: 'getOrder', method: 'GET', path: orderPath(id), signal })).body as Order;

  /**
   * Moves an order; a retry whose first attempt already applied meets `invalid_transition`
   * from the very status asked for, which is then the result.
   */
  const moveOrder = async (id: number | bigint, to: 'approved' | 'delivered' | 'cancelled', signal?: AbortSignal) => {
    const path = orderPath(id);
    try {
      const call =
        to === 'cancelled'
          ? ({ operation: 'cancelOrder', method: 'DELETE', path, signal } as const)
          : ({ operation: 'updateOrder', method: 'PATCH', path, body: { status: to }, signal } as const);
      return (await transport.send(call)).body as Order;
    } catch (err) {
      if (!(err instanceof PetstoreError) || err.code !== 'invalid_transition') throw err;
      const order = await getOrder(id, signal);
      if (order.status === to) return order;
      throw err;
    }
  };

  return {
    listPets,
    allPets,
    async createPet(newPet, { idempotencyKey = uuidV4(), signal } = {}) {
      const body = { ...newPet, categoryId: toInt64(newPet.categoryId, 'categoryId') };
      const answer = await transport.send({
        operation: 'createPet',
        method: 'POST',
        path: '/pets',
        body,
        headers: { 'idempotency-key': idempotencyKey },
        signal,
      });
      return answer.body as Pet;
    },
    async getPet(id, { signal } = {}) {
      const petId = toInt64(id, 'id');
      const answer = await transport.send({ operation: 'getPet', method: 'GET', path: `/pets/${String(petId)}`, signal });
      return answer.body as Pet;
    },
    listOrders,
    allOrders,
    async placeOrder(newOrder, { idempotencyKey = uuidV4(), signal } = {}) {
      const body = { ...newOrder, petId: toInt64(newOrder.petId, 'petId') };
      const answer = await transport.send({
        operation: 'placeOrder',
        method: 'POST',
        path: '/store/orders',
        body,
        headers: { 'idempotency-key': idempotencyKey },
        signal,
      });
      return answer.body as Order;
    },
    getOrder: (id, { signal } = {}) => getOrder(id, signal),
    approveOrder: (id, { signal } = {}) => moveOrder(id, 'approved', signal),
    deliverOrder: (id, { signal } = {}) => moveOrder(id, 'delivered', signal),
    cancelOrder: (id, { signal } = {}) => moveOrder(id, 'cancelled', signal),
    async inventory({ signal } = {}) {
      const answer = await transport.send({ operation: 'getInventory', method: 'GET', path: '/store/inventory', signal });
      return answer.body as Inventory;
    },
    get lastRateLimit() {
      return transport.lastRateLimit;
    },
  };
}
