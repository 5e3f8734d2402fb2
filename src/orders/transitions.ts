import type { PetStatus } from '../pets/schemas.js';
import type { OrderTarget } from './repository.js';
import type { Order, OrderStatus } from './schemas.js';

export interface Transition {
  /** The statuses the order may be in; the update matches only those. */
  from: readonly OrderStatus[];
  complete: boolean;
  /** How the order's pet moves with it. */
  pet?: { from: PetStatus; to: PetStatus };
  event: 'order.approved' | 'order.delivered' | 'order.cancelled';
}

/** placed → approved → delivered; placed or approved → cancelled. Everything else is refused. */
export const TRANSITIONS: Record<OrderTarget, Transition> = {
  approved: { from: ['placed'], complete: false, event: 'order.approved' },
  delivered: { from: ['approved'], complete: true, pet: { from: 'pending', to: 'sold' }, event: 'order.delivered' },
  cancelled: { from: ['placed', 'approved'], complete: false, pet: { from: 'pending', to: 'available' }, event: 'order.cancelled' },
};

/** An orders row as both engines return it (int8 as bigint; times and flags per engine). */
export interface OrderRow {
  id: bigint;
  pet_id: bigint;
  quantity: bigint | number;
  status: OrderStatus;
  complete: bigint | number | boolean;
  created_at: bigint | number | Date;
}

export const ORDER_COLUMNS = 'id, pet_id, quantity, status, complete, created_at';

export function toOrder(r: OrderRow): Order {
  const created = r.created_at instanceof Date ? r.created_at : new Date(Number(r.created_at));
  return {
    id: r.id,
    petId: r.pet_id,
    quantity: Number(r.quantity),
    status: r.status,
    complete: typeof r.complete === 'boolean' ? r.complete : Number(r.complete) !== 0,
    createdAt: created.toISOString(),
  };
}
