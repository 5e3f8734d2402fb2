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
 * (limits/counters.ts), which every write to the project's pets or orders through the API changes in the
 * limiter's own round trip, before it writes. An answer is held only when its version was settled (no
 * write for SETTLE_MS, so every write before it had committed), given again only while the version read
 * in the request's own limiter round trip is the same, and for at most `HELD_MS`: a client that saw a
 * write answered reads it on any instance next. Without a settled version (Redis unreachable, a write in
 * the last few seconds) nothing is held or given from here.
 */
export class VersionCache {
  private entries = new Map<string, Held>();
  private bytes = 0;

  constructor(private readonly now: () => number) {}

  /** What is held under `key` and not too old, whatever its version; null otherwise. */
  held(key: string): { readonly version: string; readonly parts: AnswerParts } | null {
    const held = this.entries.get(key);
    if (held === undefined) return null;
    if (this.now() - held.at < HELD_MS) return held;
    this.drop(key, held);
    return null;
  }

  /** Holds `parts` under `version`, which must have been settled when it was read (see answerLater). */
  set(key: string, version: string, parts: AnswerParts): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { version, at: this.now(), parts });
    this.bytes += parts.body.length;
    // Oldest first (a Map keeps insertion order).
    for (const [k, h] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.drop(k, h);
    }
  }

  private drop(key: string, held: Held): void {
    this.entries.delete(key);
    this.bytes -= held.parts.body.length;
  }
}

/** A project's shared version of its pets (and the orders that change them). */
export const petsVersionKey = (projectId: number): string => `pets:${String(projectId)}`;
