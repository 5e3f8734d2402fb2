/** What an early answer is made of: headers before and after the limit headers, and the body. */
export interface AnswerParts {
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly body: Buffer;
}

interface Entry {
  /** The version the answer is held under; null for a key read without an answer that may be held. */
  readonly version: string | null;
  /** When the read that made it began. */
  readonly began: number;
  readonly parts: AnswerParts | null;
  /** What it counts against MAX_BYTES. */
  readonly bytes: number;
}

/**
 * Answers are given at most this long after their read began, whatever the version says: what a write
 * outside the API leaves unseen, and how long a write whose version could not be changed waits before its
 * answer (pets/writes.ts), so that no instance still gives an answer read before it committed.
 */
export const HELD_MS = 5_000;
/** Bytes held at most per instance (bodies and keys); the oldest go first. */
const MAX_BYTES = 16 * 1024 * 1024;
/** What an entry costs besides its body and key, roughly. */
const ENTRY_BYTES = 96;

/**
 * listPets and getPet answers on PostgreSQL, held by an instance under the project's shared version
 * (limits/counters.ts). Every write through the API to what listPets and getPet answer marks it as being
 * written before it writes (in the limiter's own round trip: it is not settled meanwhile) and changes it after
 * it committed, before it is answered (pets/writes.ts). An answer is held under a version only when its read
 * began after that version was read (`answerUnder`), or when the version was settled and the read began at
 * most `SETTLE_MS / 2` before it was read (pets/early.ts): either way after the change that followed any write
 * the version covers. It is given again only while the version read in the request's own limiter round trip
 * is the same, and at most `HELD_MS` after its read began: a client that saw a write answered reads it on any
 * instance next. Without a version (Redis unreachable) nothing is held or given from here. `now` is a
 * monotonic clock: only durations are measured.
 */
export class VersionCache {
  private entries = new Map<string, Entry>();
  /** Reads under way, each under the version read before it began. */
  private readonly reads = new Map<string, { version: string; answer: Promise<AnswerParts | null> }>();
  private bytes = 0;

  constructor(readonly now: () => number) {}

  /** Whether a read of `key` began less than `HELD_MS` ago (its answer held or not). */
  recent(key: string): boolean {
    return this.fresh(key) !== null;
  }

  /** The answer held under `key` for `version`, not too old; null otherwise. */
  held(key: string, version: string): AnswerParts | null {
    const entry = this.fresh(key);
    return entry !== null && entry.version === version ? entry.parts : null;
  }

  /**
   * The answer to `key` under `version`, which the caller has just read: the one held, else the read under way
   * that began after `version` was read, else `read` started now and held under `version` once it answers.
   * Any write whose change came before `version` was read committed before such a read began.
   */
  answerUnder(key: string, version: string, read: () => Promise<AnswerParts | null>): Promise<AnswerParts | null> {
    const held = this.held(key, version);
    if (held !== null) return Promise.resolve(held);
    const underWay = this.reads.get(key);
    if (underWay !== undefined && underWay.version === version) return underWay.answer;
    const began = this.now();
    const answer: Promise<AnswerParts | null> = read().then((parts) => {
      if (this.reads.get(key)?.answer === answer) this.reads.delete(key);
      if (parts !== null) this.set(key, version, parts, began);
      return parts;
    });
    this.reads.set(key, { version, answer });
    return answer;
  }

  /**
   * Holds `parts`, read from `began` on, under `version`: the read must have begun after that version was
   * read, or the version must have been settled (see `answer` in pets/early.ts). A null `version`
   * records only that `key` was read: its next request reads after its version comes back.
   */
  set(key: string, version: string | null, parts: AnswerParts | null, began: number): void {
    const old = this.entries.get(key);
    if (old) {
      // A read that began earlier than the one held answers nothing newer.
      if (old.began > began) return;
      this.drop(key, old);
    }
    const bytes = ENTRY_BYTES + key.length + (parts?.body.length ?? 0);
    this.entries.set(key, { version, began, parts: version === null ? null : parts, bytes });
    this.bytes += bytes;
    // Oldest first (a Map keeps insertion order).
    for (const [k, e] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.drop(k, e);
    }
  }

  private fresh(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (entry === undefined) return null;
    if (this.now() - entry.began < HELD_MS) return entry;
    this.drop(key, entry);
    return null;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** A project's shared version of its pets (and the orders that change them). */
export const petsVersionKey = (projectId: number): string => `pets:${String(projectId)}`;
