import type { IdempotencyClaim } from '../idempotency/keys.js';
import type { PetStatus } from '../pets/schemas.js';
import type { Inventory, Order, OrderStatus } from './schemas.js';

export interface OrderQuery {
  limit: number;
  after?: bigint;
  status?: OrderStatus;
}

export interface NewOrderRecord {
  petId: bigint;
  quantity: number;
}

export type PlaceOrderResult =
  | { kind: 'placed' | 'replayed'; order: Order }
  | { kind: 'pet_not_found' }
  | { kind: 'pet_not_available'; petStatus: PetStatus }
  | { kind: 'key_reused' }
  | { kind: 'key_in_use' };

export type TransitionResult = { kind: 'done'; order: Order } | { kind: 'not_found' } | { kind: 'invalid'; current: OrderStatus };

/** The statuses an order can be moved to (placing makes `placed`). */
export type OrderTarget = 'approved' | 'delivered' | 'cancelled';

export interface OrderRepository {
  /** Orders of a project in ascending id after `after`, at most `limit`, optionally in one status. */
  list(projectId: number, query: OrderQuery): Promise<Order[]>;
  get(projectId: number, id: bigint): Promise<Order | null>;
  /**
   * In one transaction: moves the pet from `available` to `pending` with a
   * conditional update (of many concurrent placements for one pet exactly one
   * matches) and inserts the order. With an idempotency claim, an earlier
   * record of the key decides first.
   */
  place(projectId: number, order: NewOrderRecord, now: Date, idempotency?: IdempotencyClaim): Promise<PlaceOrderResult>;
  /** In one transaction: the order moves only from a status `to` allows (a conditional update), and its pet with it. */
  transition(projectId: number, id: bigint, to: OrderTarget): Promise<TransitionResult>;
  /** The project's pets counted by status. */
  inventory(projectId: number): Promise<Inventory>;
}
