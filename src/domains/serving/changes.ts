import type pg from 'pg';
import type { Database } from '../../storage/database.js';
import { CHANGES_CHANNEL } from '../repository.js';

/** How often SQLite's data_version is read: a write by another process (the CLI, another instance) shows within this. */
const DATA_VERSION_POLL_MS = 200;
/** PostgreSQL: how soon a lost LISTEN connection is opened again. */
const RELISTEN_MS = 1000;

export interface ChangeWatcher {
  /** Resolves once changes are being watched (or the first attempt failed and retries go on). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange` when another connection changed the database: on
 * PostgreSQL through LISTEN on the domains channel (writers NOTIFY), on SQLite
 * when `PRAGMA data_version` moves (it does for every commit by another
 * connection). `onChange` is also called after a reconnection, as changes may
 * have been missed.
 */
export function watchChanges(database: Database, databaseUrl: string, onChange: () => void, onError: (err: Error) => void): ChangeWatcher {
  if (database.engine === 'sqlite') {
    const statement = database.sqlite.prepare('PRAGMA data_version').pluck();
    let last = statement.get() as number;
    const timer = setInterval(() => {
      try {
        const now = statement.get() as number;
        if (now !== last) {
          last = now;
          onChange();
        }
      } catch (err) {
        onError(err as Error);
      }
    }, DATA_VERSION_POLL_MS);
    timer.unref();
    return { ready: Promise.resolve(), close: async () => clearInterval(timer) };
  }

  let closed = false;
  // The connection being opened or listening; only its own loss opens the next one.
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    retry = undefined;
    const { default: driver } = await import('pg');
    const c = new driver.Client({ connectionString: databaseUrl, application_name: 'petstore-domains-listen', keepAlive: true });
    current = c;
    // A connection fails once, however many ways it reports it (its `error` event, the connect or LISTEN that
    // was under way): one report, one connection closed, one retry.
    const lost = (err: unknown): void => {
      if (current !== c) return;
      current = null;
      void c.end().catch(() => undefined);
      onError(err instanceof Error ? err : new Error(String(err)));
      if (!closed) retry = setTimeout(() => void connect(), RELISTEN_MS);
    };
    c.on('error', lost);
    c.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) onChange();
    });
    try {
      await c.connect();
      if (closed) {
        current = null;
        await c.end();
        return;
      }
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      lost(err);
      return;
    }
    onChange();
  };
  const ready = connect();
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = current;
      current = null;
      await c?.end().catch(() => undefined);
    },
  };
}
