import type { Storage } from '../../src/storage/open.js';

/** One statement on either engine (`?` placeholders); its rows, or none for a statement that returns none. */
export async function rowsOf<R>(storage: Storage, text: string, params: unknown[] = []): Promise<R[]> {
  const { database } = storage;
  if (database.engine === 'sqlite') {
    const statement = database.sqlite.prepare(text);
    if (!statement.reader) {
      statement.run(...params);
      return [];
    }
    return statement.all(...params) as R[];
  }
  let n = 0;
  const res = await database.pg.query(
    text.replace(/\?/g, () => `$${String(++n)}`),
    params,
  );
  return res.rows as R[];
}
