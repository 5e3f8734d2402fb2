import { ownWritesOf, type SqliteDb } from './database.js';

/**
 * Results of reads kept until the database changes. Every lookup first asks
 * whether anything was committed since the results were read: by this
 * connection (the count of its calls that may write, `ownWritesOf`, or SQLite's
 * `total_changes()` for a connection that does not count them; both also count
 * changes later rolled back, so they err towards reading again), on every lookup; by another connection
 * or process (`PRAGMA data_version`), once per event-loop turn. Any change
 * empties the cache, so a read never returns data older than the last commit
 * made before its request was read (see `otherWrites`). The check costs a
 * counter's read per lookup and a PRAGMA per turn; reading and serialising a
 * page of 20 pets about 15 µs in the running server.
 *
 * Only for reads made outside a write transaction (a read inside one could
 * see rows that are later rolled back); the pet reads are.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly ownChanges: () => number;
  private readonly dataVersion: () => number;
  /** `PRAGMA data_version` as read in this event-loop turn, or -1 before the turn's first lookup. */
  private otherWrites = -1;
  private seenOwn = -1;
  private seenOther = -1;
  private bytes = 0;

  constructor(
    db: SqliteDb,
    private readonly budgetBytes: number,
    /** Approximate bytes a result holds (its JSON text), for the budget. */
    private readonly sizeOf: (value: V) => number,
  ) {
    const dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.dataVersion = () => dataVersion.get() as number;
    const counted = ownWritesOf(db);
    if (counted !== null) this.ownChanges = counted;
    else {
      const ownChanges = db.prepare('SELECT total_changes()').pluck();
      this.ownChanges = () => ownChanges.get() as number;
    }
  }

  /**
   * Another connection's commits, read at the turn's first lookup. `PRAGMA
   * data_version` opens a read transaction (two file-lock system calls) where
   * `total_changes()` reads a counter; under load a turn answers several
   * requests, all read from their sockets after the poll that began it, so a
   * commit made elsewhere before any of them was sent is already counted.
   */
  private otherWritesNow(): number {
    if (this.otherWrites === -1) {
      this.otherWrites = this.dataVersion();
      setImmediate(() => {
        this.otherWrites = -1;
      });
    }
    return this.otherWrites;
  }

  /** The cached result for `key`, or `read()`'s, remembered while it fits the budget. */
  get(key: string, read: () => V): V {
    const own = this.ownChanges();
    const other = this.otherWritesNow();
    if (own !== this.seenOwn || other !== this.seenOther) {
      this.entries.clear();
      this.bytes = 0;
      this.seenOwn = own;
      this.seenOther = other;
    } else {
      const hit = this.entries.get(key);
      if (hit !== undefined) return hit;
    }
    const value = read();
    const size = key.length + this.sizeOf(value);
    if (size > this.budgetBytes) return value;
    // Oldest first: Map iterates in insertion order.
    for (const [oldest, old] of this.entries) {
      if (this.bytes + size <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldest.length + this.sizeOf(old);
    }
    this.entries.set(key, value);
    this.bytes += size;
    return value;
  }
}
