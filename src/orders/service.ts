import type { Clock } from '../clock.js';
import { DomainError } from '../errors/domain-error.js';
import { IdempotencyKeys } from '../idempotency/keys.js';
import type { OrderQuery, OrderRepository, OrderTarget, PlaceOrderResult } from './repository.js';
import type { Inventory, NewOrder, Order } from './schemas.js';

export type PlacedOrder = { kind: 'placed' | 'replayed'; order: Order };

const orderNotFound = (id: bigint) => new DomainError('not_found', `No order with id ${id.toString()} exists in this project.`);

/** The store's order flow, independent of HTTP: place, read, move through its statuses, count. */
export class OrderService {
  private readonly keys = new IdempotencyKeys();

  constructor(
    private readonly orders: OrderRepository,
    private readonly clock: Clock,
  ) {}

  list(projectId: number, query: OrderQuery): Promise<Order[]> {
    return this.orders.list(projectId, query);
  }

  async get(projectId: number, id: bigint): Promise<Order | DomainError> {
    return (await this.orders.get(projectId, id)) ?? orderNotFound(id);
  }

  /**
   * Places an order for an available pet, which becomes pending. With an
   * idempotency key, an equivalent retry within 24 h replays the order (as it
   * is now); the same key with another body, or on another operation, is refused.
   */
  async place(projectId: number, input: NewOrder, idempotencyKey?: string): Promise<PlacedOrder | DomainError> {
    const record = { petId: input.petId, quantity: input.quantity ?? 1 };
    const now = new Date(this.clock.now());
    const result = await this.keys.run(projectId, idempotencyKey, ['placeOrder', record.petId, record.quantity], now, (claim) =>
      this.orders.place(projectId, record, now, claim),
    );
    return this.placed(result === 'in_use' ? { kind: 'key_in_use' } : result, record.petId);
  }

  private placed(result: PlaceOrderResult, petId: bigint): PlacedOrder | DomainError {
    switch (result.kind) {
      case 'placed':
      case 'replayed':
        return result;
      case 'pet_not_found':
        return new DomainError('pet_not_found', `No animal with id ${petId.toString()} exists in this project.`, [
          { in: 'body', field: 'petId', message: 'names no animal of this project' },
        ]);
      case 'pet_not_available':
        return new DomainError(
          'pet_not_available',
          `The animal ${petId.toString()} is ${result.petStatus}: only an available animal can be ordered.`,
        );
      case 'key_reused':
        return new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body.');
      case 'key_in_use':
        return new DomainError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry later.');
    }
  }

  /** Moves an order to `to` if its current status allows it; else invalid_transition naming the current status. */
  async move(projectId: number, id: bigint, to: OrderTarget): Promise<Order | DomainError> {
    const result = await this.orders.transition(projectId, id, to);
    if (result.kind === 'done') return result.order;
    if (result.kind === 'not_found') return orderNotFound(id);
    const verb = { approved: 'approved', delivered: 'delivered', cancelled: 'cancelled' }[to];
    return new DomainError(
      'invalid_transition',
      `The order is ${result.current} and cannot be ${verb}: orders go placed → approved → delivered, and placed or approved → cancelled.`,
    );
  }

  inventory(projectId: number): Promise<Inventory> {
    return this.orders.inventory(projectId);
  }
}
