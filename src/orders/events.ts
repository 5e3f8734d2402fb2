import type pg from 'pg';
import type { SqliteDb } from '../storage/sqlite/database.js';
import type { PetStatus } from '../pets/schemas.js';
import type { Order } from './schemas.js';

/** What happened, as an events outbox would record it (`order.*`, `pet.status_changed`). */
export type StoreEvent =
  | { type: 'order.placed' | 'order.approved' | 'order.delivered' | 'order.cancelled'; projectId: number; order: Order }
  | { type: 'pet.status_changed'; projectId: number; petId: bigint; from: PetStatus; to: PetStatus };

/**
 * Where the order flow reports each change, called inside the transaction that
 * makes it, so a recorder that writes through the given connection commits or
 * rolls back with the change itself. `sqlite` runs inside the write (synchronous);
 * `postgres` gets the transaction's client.
 */
export interface StoreEvents {
  sqlite(db: SqliteDb, event: StoreEvent): void;
  /** Two changes of one write, in this order (a placement: the pet's move, then the order); else `sqlite` twice. */
  sqliteTwo?(db: SqliteDb, first: StoreEvent, second: StoreEvent): void;
  postgres(client: pg.PoolClient, event: StoreEvent): Promise<void>;
  /**
   * True when `postgres` writes exactly the events outbox's rows (orders/outbox.ts): a placement on
   * PostgreSQL may then write them in its own statement (one round trip) instead of calling it.
   */
  readonly outboxRows?: boolean;
}

/** Records nothing: the default until an events outbox is wired in (orders/plugin.ts). */
export const noStoreEvents: StoreEvents = {
  sqlite: () => undefined,
  postgres: async () => undefined,
};
