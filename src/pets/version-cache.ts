/** What an early answer is made of: headers before and after the limit headers, and the body. */
export interface AnswerParts {
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly body: Buffer;
}

interface Held {
  readonly version: string;
  /** When the read that made it began. */
  readonly began: number;
  readonly parts: AnswerParts;
}

/**
 * Answers are given at most this long after their read began, whatever the version says: what a write
 * outside the API leaves unseen, and how long a write whose version could not be changed waits before its
 * answer (pets/writes.ts), so that no instance still gives an answer read before it committed.
 */
export const HELD_MS = 5_000;
/** Bytes of bodies held at most per instance; the oldest go first. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * listPets and getPet answers on PostgreSQL, held by an instance under the project's shared version
 * (limits/counters.ts). Every write through the API to what listPets and getPet answer changes it before it
 * writes (in the limiter's own round trip) and again after it committed, before it is answered
 * (pets/writes.ts). An answer is held only when its version was settled and its read began at most
 * `SETTLE_MS / 2` before the version was read (so after the change that followed any write the version
 * covers), given again only while the version read in the request's own limiter round trip is the same,
 * and at most `HELD_MS` after its read began: a client that saw a write answered reads it on any instance
 * next. Without a settled version (Redis unreachable, a write in the last few seconds) nothing is held or
 * given from here. `now` is a monotonic clock: only durations are measured.
 */
export class VersionCache {
  private entries = new Map<string, Held>();
  private bytes = 0;

  constructor(readonly now: () => number) {}

  /** What is held under `key` and not too old, whatever its version; null otherwise. */
  held(key: string): { readonly version: string; readonly parts: AnswerParts } | null {
    const held = this.entries.get(key);
    if (held === undefined) return null;
    if (this.now() - held.began < HELD_MS) return held;
    this.drop(key, held);
    return null;
  }

  /** Holds `parts`, read from `began` on, under `version`, which must have been settled when it was read (see answerLater). */
  set(key: string, version: string, parts: AnswerParts, began: number): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { version, began, parts });
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
