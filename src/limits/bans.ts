import type { FastifyBaseLogger } from 'fastify';
import type { Counters } from './counters.js';
import type { Verdict } from './limiter.js';

/** Where bans are kept: the database, so every instance and the CLI (`keys unban`) see the same bans. */
export interface BanRecorder {
  ban(keyId: string, until: number): Promise<void>;
}

export interface BanPolicy {
  /** A key is banned when it sends more than this many requests during one 429 period. */
  threshold: number;
  durationMs: number;
}

/**
 * Counts the requests a key sends while it is answered 429 ("strikes"), per
 * window instance that refuses it, and bans the key when it sends more than
 * the threshold. Strikes start again from zero after a ban.
 */
export class Bans {
  constructor(
    private readonly counters: Counters,
    private readonly recorder: BanRecorder,
    private readonly policy: BanPolicy,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records one refused request of a key; returns when its ban ends if this request earns one, else null. */
  async strike(keyId: string, verdict: Verdict, now: number): Promise<number | null> {
    const key = `${keyId}:${verdict.window}:${String(verdict.windowIndex)}`;
    const strikes = await this.counters.increment('strikes', key);
    if (strikes <= this.policy.threshold) return null;
    const until = now + this.policy.durationMs;
    // Exactly one request sees threshold + 1 and records the ban; concurrent ones are answered as banned too.
    if (strikes === this.policy.threshold + 1) {
      await this.counters.remove('strikes', key);
      try {
        await this.recorder.ban(keyId, until);
        this.log.warn({ keyId, until: new Date(until).toISOString() }, 'API key banned for sending requests while rate limited');
      } catch (err) {
        this.log.error({ err, keyId }, 'recording a ban failed; the key is only rate limited');
      }
    }
    return until;
  }
}
