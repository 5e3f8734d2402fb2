import { StorageUnavailableError } from '../unavailable.js';

export interface GateOptions {
  /** Operations running at once: the pool size, so the pool itself never queues. */
  size: number;
  /** How long an operation may wait for a free connection while the database is healthy but busy. */
  waitMs: number;
  /** While the database is down, one operation this often is let through to find out whether it is back. */
  probeIntervalMs: number;
  now?: () => number;
}

/**
 * Admits database operations: at most `size` at once, the rest waiting in line
 * while the database is healthy. Once an operation finds the database
 * unreachable, everything waiting and every new operation fails at once
 * (no request waits on a dead database), except one probe per interval; the
 * first operation that reaches the database again reopens the gate.
 */
export class ConnectionGate {
  private active = 0;
  private readonly waiting: { admit: () => void; fail: (err: Error) => void }[] = [];
  private down = false;
  private probing = false;
  private lastProbeAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: GateOptions) {
    this.now = options.now ?? Date.now;
  }

  get isDown(): boolean {
    return this.down;
  }

  /** Runs fn when admitted; `reachability(err)` tells whether a failure means the database is unreachable. */
  async run<T>(fn: () => Promise<T>, reachability: (err: unknown) => 'unreachable' | 'answered' | 'unknown'): Promise<T> {
    const probe = this.admitWhileDown();
    try {
      await this.acquire();
      try {
        const result = await fn();
        this.down = false;
        return result;
      } catch (err) {
        const seen = reachability(err);
        if (seen === 'unreachable') this.markDown();
        else if (seen === 'answered') this.down = false;
        throw err;
      } finally {
        this.release();
      }
    } finally {
      if (probe) this.probing = false;
    }
  }

  /** Throws while the database is down, unless this operation is the next probe; true when it is. */
  private admitWhileDown(): boolean {
    if (!this.down) return false;
    const now = this.now();
    if (this.probing || now - this.lastProbeAt < this.options.probeIntervalMs) {
      throw new StorageUnavailableError(new Error('the database was unreachable moments ago'));
    }
    this.probing = true;
    this.lastProbeAt = now;
    return true;
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.size) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
        fail: (err: Error) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(new StorageUnavailableError(new Error(`no database connection free within ${String(this.options.waitMs)} ms`)));
      }, this.options.waitMs);
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line, so `active` stays the same.
    if (next) next.admit();
    else this.active--;
  }

  private markDown(): void {
    this.down = true;
    this.lastProbeAt = this.now();
    const waiting = this.waiting.splice(0);
    for (const w of waiting) w.fail(new StorageUnavailableError(new Error('the database became unreachable')));
  }
}
