import type { Database } from '../storage/database.js';
import { sqlFor } from '../storage/sql.js';
import { noStoreEvents, type StoreEvents } from './events.js';
import { postgresOrders } from './postgres.js';
import type { OrderRepository } from './repository.js';
import { orderStatements } from './sql.js';
import { sqliteOrders } from './sqlite.js';

/**
 * The orders repository on the engine the database runs on: the reads both share, and each engine's
 * changes; `events` hears every change inside its transaction.
 */
export function openOrderRepository(database: Database, events: StoreEvents = noStoreEvents): OrderRepository {
  return {
    ...orderStatements(sqlFor(database, { prepared: true })),
    ...(database.engine === 'sqlite' ? sqliteOrders(database.sqlite, database.writes, events) : postgresOrders(database.pg, events)),
  };
}
