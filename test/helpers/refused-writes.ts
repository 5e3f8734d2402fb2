import type { Database } from '../../src/storage/database.js';

/**
 * Makes `table` refuse every INSERT, UPDATE or DELETE (a trigger that raises) until
 * the returned function is called: a database failure in the middle of a
 * write of several statements, on either engine.
 */
export async function refuseWrites(
  database: Database,
  table: string,
  operation: 'INSERT' | 'UPDATE' | 'DELETE',
): Promise<() => Promise<void>> {
  const trigger = `${table}_refused`;
  if (database.engine === 'sqlite') {
    database.sqlite.exec(`CREATE TRIGGER ${trigger} BEFORE ${operation} ON ${table} BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    return async () => {
      database.sqlite.exec(`DROP TRIGGER ${trigger}`);
    };
  }
  await database.pg.query(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
  await database.pg.query(`CREATE TRIGGER ${trigger} BEFORE ${operation} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
  return async () => {
    await database.pg.query(`DROP TRIGGER ${trigger} ON ${table}`);
    await database.pg.query(`DROP FUNCTION ${trigger}()`);
  };
}
