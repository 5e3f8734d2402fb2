import { emitPg, sqliteOutbox, sqliteOutboxTwo } from '../events/outbox.js';
import type { StoreEvent, StoreEvents } from './events.js';

/** An order change's `data` as JSON text, int64 ids exact: the order as the API shows it, or the pet's move. */
export function storeEventData(event: StoreEvent): string {
  if (event.type === 'pet.status_changed') {
    return `{"petId":${event.petId.toString()},"from":${JSON.stringify(event.from)},"to":${JSON.stringify(event.to)}}`;
  }
  const o = event.order;
  return `{"id":${o.id.toString()},"petId":${o.petId.toString()},"quantity":${String(o.quantity)},"status":${JSON.stringify(o.status)},"complete":${String(o.complete)},"createdAt":${JSON.stringify(o.createdAt)}}`;
}

/** The order flow's changes recorded in the events outbox, inside each change's transaction. */
export const outboxStoreEvents: StoreEvents = {
  outboxRows: true,
  sqlite: (db, event) => {
    sqliteOutbox(db)(event.projectId, event.type, storeEventData(event), Date.now());
  },
  sqliteTwo: (db, first, second) => {
    sqliteOutboxTwo(db)(
      { projectId: first.projectId, type: first.type, data: storeEventData(first) },
      { projectId: second.projectId, type: second.type, data: storeEventData(second) },
      Date.now(),
    );
  },
  postgres: (client, event) => emitPg(client, event.projectId, event.type, storeEventData(event), new Date()),
};
