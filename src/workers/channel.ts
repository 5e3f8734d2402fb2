import cluster from 'node:cluster';
import type { Returned } from '../limits/credits.js';
import type { CounterCall, ToPrimary, ToWorker } from './messages.js';
import { WORKER_ENV } from './messages.js';

/** This worker's number (1…WORKERS), or null in a single process and in the primary. */
export function workerNumber(): number | null {
  if (!cluster.isWorker) return null;
  const n = Number(process.env[WORKER_ENV]);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * A worker's side of the IPC channel to the primary: counter calls batched per event-loop turn (one
 * `process.send` for all the calls of a turn), questions answered by id, and the keys the primary asks every
 * worker to forget.
 */
export class PrimaryChannel {
  private nextId = 1;
  private readonly pending = new Map<number, (value: unknown) => void>();
  private batch: { id: number; call: CounterCall }[] = [];
  private onForget: ((keyId: string) => void)[] = [];
  private onRecall: (subject: string) => Returned = (subject) => ({ subject, minuteKey: '', dayKey: '', units: 0 });

  constructor() {
    process.on('message', (message: ToWorker) => this.received(message));
  }

  /**
   * One counter call, sent with the others of this turn. `received` sees the answer as it arrives, before any
   * message after it (a recall after a grant finds the credit granted).
   */
  counter<T>(call: CounterCall, received?: (value: T) => void): Promise<T> {
    const id = this.nextId++;
    // After the poll phase that read them: the calls of every request read in this turn in one message.
    if (this.batch.length === 0) setImmediate(this.sendBatch);
    this.batch.push({ id, call });
    return new Promise<T>((resolve) =>
      this.pending.set(
        id,
        received === undefined
          ? (resolve as (value: unknown) => void)
          : (value) => {
              received(value as T);
              resolve(value as T);
            },
      ),
    );
  }

  /** Credit units given back to the primary unasked (their minute ended, the worker stops). */
  returned(returned: Returned): void {
    this.send({ t: 'returned', ...returned });
  }

  /** Called when the primary recalls a subject's credit; returns what is left of it. */
  recalling(handler: (subject: string) => Returned): void {
    this.onRecall = handler;
  }

  /** Asks the primary to wake its webhook delivery worker. */
  wake(): void {
    this.send({ t: 'wake' });
  }

  /** Resolves once every worker dropped its cached copy of the key (or the primary gave up waiting for one). */
  forget(keyId: string): Promise<void> {
    return this.ask((id) => ({ t: 'forget', id, keyId })).then(() => undefined);
  }

  /** The whole server's readiness as the primary sees it. */
  readiness(): Promise<ServerReadiness> {
    return this.ask((id) => ({ t: 'ready', id })) as Promise<ServerReadiness>;
  }

  listening(): void {
    this.send({ t: 'listening' });
  }

  /** Called with a key every worker is to forget (this one's own request included). */
  forgetting(handler: (keyId: string) => void): void {
    this.onForget.push(handler);
  }

  private ask(message: (id: number) => ToPrimary): Promise<unknown> {
    const id = this.nextId++;
    const answer = new Promise((resolve) => this.pending.set(id, resolve));
    this.send(message(id));
    return answer;
  }

  private readonly sendBatch = (): void => {
    const calls = this.batch;
    this.batch = [];
    this.send({ t: 'counters', calls });
  };

  private send(message: ToPrimary): void {
    // A worker whose primary is gone is shutting down (server.ts): what it asks then goes unanswered.
    if (process.connected) process.send?.(message);
  }

  private received(message: ToWorker): void {
    if (message.t === 'answers') {
      for (const { id, value } of message.answers) this.settle(id, value);
    } else if (message.t === 'done') {
      this.settle(message.id, message.value);
    } else if (message.t === 'forget') {
      for (const handler of this.onForget) handler(message.keyId);
      this.send({ t: 'forgotten', id: message.id });
    } else if (message.t === 'recall') {
      this.send({ t: 'returned', id: message.id, ...this.onRecall(message.subject) });
    }
  }

  private settle(id: number, value: unknown): void {
    const resolve = this.pending.get(id);
    this.pending.delete(id);
    resolve?.(value);
  }
}

/** What /readyz says of the server's processes. */
export interface ServerReadiness {
  /** Workers listening, of `of`. */
  workers: number;
  of: number;
  /** The primary's own checks (its database, its background work). */
  primary: { database: string };
}

let channel: PrimaryChannel | null | undefined;

/** The channel to the primary in a worker, null elsewhere; one per process. */
export function primaryChannel(): PrimaryChannel | null {
  if (channel === undefined) channel = workerNumber() === null ? null : new PrimaryChannel();
  return channel;
}
