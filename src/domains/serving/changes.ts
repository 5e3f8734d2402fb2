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
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const { default: driver } = await import('pg');
    const c = new driver.Client({ connectionString: databaseUrl, application_name: 'petstore-domains-listen', keepAlive: true });
    c.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) onChange();
    });
    c.on('error', (err) => {
      onError(err);
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!closed) retry = setTimeout(() => void connect().catch(onErrorAndRetry), RELISTEN_MS);
    });
    await c.connect();
    if (closed) {
      await c.end();
      return;
    }
    await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = c;
    onChange();
  };
  const onErrorAndRetry = (err: unknown): void => {
    onError(err as Error);
    if (!closed) retry = setTimeout(() => void connect().catch(onErrorAndRetry), RELISTEN_MS);
  };
  const ready = connect().catch(onErrorAndRetry);
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
