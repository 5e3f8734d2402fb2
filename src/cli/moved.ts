import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Refused } from './exit.js';
import { DEFAULT_DATABASE } from './no-database.js';

/*
 * A database that moved. Moving to PostgreSQL (or another file) is a backup of ./data/petstore.db and a restore
 * elsewhere; the old file stays where commands look when DATABASE_URL is not set. So when `petstore serve` starts
 * here on another database that holds the same data (its `default` project was created at the same instant, which
 * a restore keeps and two databases never share), it leaves a note beside the old file: `data/petstore.db.moved`,
 * saying where the data went. A command run here afterwards without DATABASE_URL refuses with `database_moved`,
 * naming that database, instead of quietly answering from the old file (a key created there is one the server
 * never sees). A DATABASE_URL that is set is always used; `serve` on the old file, named by DATABASE_URL, removes
 * the note. A server started here on another project's database (a test's, a scratch restore of another backup)
 * leaves none.
 */

const NOTE = `${DEFAULT_DATABASE}.moved`;

interface Note {
  /** Where the server's data is now, without its password. */
  databaseUrl: string;
  /** When a server here first started on it. */
  since: string;
}

const named = () => process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';

function readNote(): Note | null {
  try {
    const note = JSON.parse(readFileSync(NOTE, 'utf8')) as Partial<Note>;
    return typeof note.databaseUrl === 'string' && typeof note.since === 'string'
      ? { databaseUrl: note.databaseUrl, since: note.since }
      : null;
  } catch {
    return null;
  }
}

/** Refuses a command that would use ./data/petstore.db by default when the server's data moved away from it. */
export function refuseMovedDatabase(command: string): void {
  if (named()) return;
  const note = readNote();
  if (note === null) return;
  throw new Refused({
    code: 'database_moved',
    message:
      `./${DEFAULT_DATABASE} is the database from before a move: the server started here on ${note.since.slice(0, 10)} ` +
      `serves the same data from ${note.databaseUrl}. Set DATABASE_URL to that database to run "${command}" on it ` +
      `(or DATABASE_URL=sqlite:./${DEFAULT_DATABASE} to use the old file)`,
  });
}

function withoutPassword(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return databaseUrl.split(':')[0] ?? 'the database';
  }
}

/** When the database's `default` project was created, in ms: what a backup and restore keep. */
async function fingerprint(databaseUrl: string): Promise<number | null> {
  if (databaseUrl.startsWith('sqlite:')) {
    const { sqlitePath } = await import('../storage/sqlite/database.js');
    const { default: Sqlite } = await import('better-sqlite3');
    const db = new Sqlite(sqlitePath(databaseUrl), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare(`SELECT created_at AS at FROM projects WHERE slug = 'default'`).get() as { at: number | bigint } | undefined;
      return row === undefined ? null : Number(row.at);
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, statement_timeout: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ at: Date }>(`SELECT created_at AS at FROM projects WHERE slug = 'default'`);
    return rows[0] === undefined ? null : rows[0].at.getTime();
  } finally {
    await client.end();
  }
}

/**
 * After `serve` started on `databaseUrl`: on the file commands use by default, removes the note; on another
 * database holding the same data as that file, writes it. Never fails the server: a note it cannot decide is
 * not written.
 */
export async function noteServedDatabase(databaseUrl: string): Promise<void> {
  try {
    const here = resolve(DEFAULT_DATABASE);
    if (databaseUrl.startsWith('sqlite:')) {
      const { sqlitePath } = await import('../storage/sqlite/database.js');
      if (resolve(sqlitePath(databaseUrl)) === here) {
        rmSync(NOTE, { force: true });
        return;
      }
    }
    if (!existsSync(here) || readNote()?.databaseUrl === withoutPassword(databaseUrl)) return;
    const [old, served] = await Promise.all([fingerprint(`sqlite:${here}`), fingerprint(databaseUrl)]);
    if (old === null || old !== served) return;
    const note: Note = { databaseUrl: withoutPassword(databaseUrl), since: new Date().toISOString() };
    writeFileSync(NOTE, `${JSON.stringify(note, null, 2)}\n`);
  } catch {
    // Only a courtesy to the next command run here: the server serves whatever happens to it.
  }
}
