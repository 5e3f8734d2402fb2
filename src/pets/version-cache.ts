/** What an early answer is made of: headers before and after the limit headers, and the body. */
export interface AnswerParts {
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly body: Buffer;
}

interface Held {
  readonly version: string;
  readonly at: number;
  readonly parts: AnswerParts;
}

/** Answers held at most this long whatever the version says: bounds what a write outside the API leaves unseen. */
export const HELD_MS = 5_000;
/** Bytes of bodies held at most per instance; the oldest go first. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * listPets and getPet answers on PostgreSQL, held by an instance under the project's shared version
 * (limits/counters.ts `bumpVersion`), which every write through the API changes before it answers. An
 * answer is given again only when the version read in the request's own limiter round trip is the one
 * it was read under, and for at most `HELD_MS`: a client that saw a write answered reads it on any
 * instance next. A read whose version was unknown (Redis unreachable) is never held or served from here.
 */
export class VersionCache {
  private held = new Map<string, Held>();
  private bytes = 0;

  constructor(private readonly now: () => number) {}

  get(key: string, version: string): AnswerParts | null {
    const held = this.held.get(key);
    if (held === undefined) return null;
    if (held.version === version && this.now() - held.at < HELD_MS) return held.parts;
    this.drop(key, held);
    return null;
  }

  /** Holds `parts`, read from the database after `version` was read: never a read that started before it. */
  set(key: string, version: string, parts: AnswerParts): void {
    const old = this.held.get(key);
    if (old) this.drop(key, old);
    this.held.set(key, { version, at: this.now(), parts });
    this.bytes += parts.body.length;
    // Oldest first (a Map keeps insertion order).
    for (const [k, h] of this.held) {
      if (this.bytes <= MAX_BYTES) break;
      this.drop(k, h);
    }
  }

  private drop(key: string, held: Held): void {
    this.held.delete(key);
    this.bytes -= held.parts.body.length;
  }
}

/** A project's shared version of its pets (and the orders that change them). */
export const petsVersionKey = (projectId: number): string => `pets:${String(projectId)}`;
