import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { Dispatcher, type DeliveryJob, type JobResult } from './dispatch.js';
import type { AttemptOutcome, ClaimedDelivery, EventRepository } from '../storage/repository.js';
import { DELIVERY_TIMEOUT_MS, type Resolve, type SendResult } from './sender.js';

/** How an attempt ended, for the deliveries counter. */
export type Outcome = 'succeeded' | 'retrying' | 'failed' | 'disabled';

export interface WorkerOptions {
  /** WEBHOOK_RETRY_DELAYS, in seconds. */
  retryDelays: readonly number[];
  allowPrivate: boolean;
  /** Attempts in flight to one endpoint from this instance at most, so one slow receiver cannot hold every slot. */
  perEndpoint?: number;
  /** Deliveries of one endpoint this instance holds leased at most (sent `perEndpoint` at a time). */
  heldPerEndpoint?: number;
  /** Deliveries this instance holds leased at most. */
  maxHeld?: number;
  pollMs?: number;
  timeoutMs?: number;
  resolve?: Resolve;
  onOutcome?: (outcome: Outcome) => void;
  /** True while API requests saturate the event loop: steps are then SATURATED_STEP_MS apart at least. */
  apiSaturated?: () => boolean;
}

/** A Retry-After longer than this is not waited for: the delivery waits this long instead. */
const MAX_RETRY_AFTER_S = 24 * 60 * 60;
/**
 * The lease outlives the longest attempt by this much, so a live sender keeps its delivery. An
 * attempt not started within the margin less a second is not made (its lease is given back).
 */
const LEASE_MARGIN_MS = 20_000;
const START_WITHIN_MS = LEASE_MARGIN_MS - 1000;
/**
 * An ended attempt waits at most this long for the others under way to end, so that one step
 * records them together (a commit per wave of attempts rather than per attempt or two).
 */
const GATHER_MS = 2;
/**
 * While API requests saturate the event loop, a step starts at most this long after the last one
 * started: deliveries yield to requests, at up to `perEndpoint` attempts per endpoint a step (200 a
 * second per endpoint at 4), and catch up at full speed once the load falls.
 */
export const SATURATED_STEP_MS = 20;

/** Seconds a `Retry-After` header asks for (delay or HTTP date), or 0. */
export function retryAfterSeconds(value: string | string[] | undefined, now: number): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return 0;
  if (/^\s*\d+\s*$/.test(raw)) return Math.min(Number(raw), MAX_RETRY_AFTER_S);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? 0 : Math.min(Math.max(0, Math.ceil((at - now) / 1000)), MAX_RETRY_AFTER_S);
}

/**
 * A receiver's text as it is recorded and shown: control characters (NUL, escape sequences, …)
 * become spaces, so that no answer can fail to be stored or drive a terminal that prints it.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

/** The receiver's answer as kept with the attempt: its first RESPONSE_READ_BYTES (the sender reads no more), control characters but newlines and tabs as spaces. */
export function answerText(body: string): string {
  // eslint-disable-next-line no-control-regex
  return body.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ' ');
}

/** What became of an attempt: the text recorded with it and the delivery's next state. */
export function judge(
  result: SendResult,
  attempt: number,
  retryDelays: readonly number[],
  now: number,
): Pick<AttemptOutcome, 'status' | 'httpStatus' | 'error' | 'next' | 'disableEndpoint'> & { outcome: Outcome } {
  const retryOrFail = (error: string, httpStatus: number | null, waitAtLeast = 0) => {
    const delay = retryDelays[attempt - 1];
    if (delay === undefined)
      return { status: 'failed' as const, httpStatus, error, next: { state: 'failed' as const }, outcome: 'failed' as const };
    return {
      status: 'failed' as const,
      httpStatus,
      error,
      next: { state: 'pending' as const, nextAt: new Date(now + Math.max(delay, waitAtLeast) * 1000) },
      outcome: 'retrying' as const,
    };
  };
  if (result.kind === 'error') return retryOrFail(result.error, null);
  const { status } = result;
  if (status >= 200 && status < 300)
    return { status: 'succeeded', httpStatus: status, error: null, next: { state: 'succeeded' }, outcome: 'succeeded' };
  if (status === 410) {
    const why = 'the receiver answered 410 Gone: the endpoint is disabled';
    return { status: 'failed', httpStatus: status, error: why, next: { state: 'failed' }, disableEndpoint: why, outcome: 'disabled' };
  }
  if (status >= 300 && status < 400) {
    const location = result.headers.location;
    return retryOrFail(`redirect${location ? ` to ${printable(String(location)).slice(0, 200)}` : ''} not followed`, status);
  }
  const text = printable(result.body).trim();
  return retryOrFail(
    `the receiver answered ${String(status)}${text ? `: ${text.slice(0, 200)}` : ''}`,
    status,
    retryAfterSeconds(result.headers['retry-after'], now),
  );
}

/** An attempt that ended: its record, its outcome for the counter, and until when (real time) recording it is tried. */
interface Ended {
  record: AttemptOutcome;
  outcome: Outcome;
  recordBy: number;
}

/**
 * Sends due deliveries, on every instance. Each step (at once when attempts
 * end, and every `pollMs`) records the attempts that ended since the last one and leases due deliveries (up to `heldPerEndpoint`
 * of an endpoint), all in one transaction that is not flushed to disk on its
 * own; the lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL) keeps another
 * instance from sending the same attempt. The attempts are built, signed and
 * sent `perEndpoint` at a time per endpoint (dispatch.ts). A delivery whose
 * sender died is sent again once its lease runs out (at least once).
 */
export class DeliveryWorker {
  private readonly held = new Map<number, number>();
  private total = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private gather: NodeJS.Timeout | undefined;
  /** A step put off while the API saturates the loop. */
  private deferred: NodeJS.Timeout | undefined;
  private lastStepAt = Number.NEGATIVE_INFINITY;
  private readonly dispatcher: Dispatcher;
  /** Leased deliveries handed to the dispatcher, by id, with when (real time) their lease runs out. */
  private readonly out = new Map<number, ClaimedDelivery & { leaseEndsAt: number }>();
  /** Attempts that ended and are not recorded yet, with their outcome for the counter. */
  private done: Ended[] = [];
  /** Deliveries given back unsent, their leases to release. */
  private released: { id: number; endpointId: number }[] = [];
  private readonly token = randomBytes(12).toString('hex');
  /** Endpoint checks under way, shared by the attempts about to start together. */
  private readonly checks = new Map<number, Promise<boolean>>();
  private readonly free = (endpointId: number): number =>
    Math.min((this.options.heldPerEndpoint ?? 64) - (this.held.get(endpointId) ?? 0), (this.options.maxHeld ?? 256) - this.total);

  constructor(
    private readonly repo: EventRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {
    this.dispatcher = new Dispatcher(
      {
        allowPrivate: options.allowPrivate,
        perEndpoint: options.perEndpoint ?? 4,
        timeoutMs: options.timeoutMs,
        resolve: options.resolve,
        now: () => clock.now(),
        stillEnabled: (endpointId) => this.stillEnabled(endpointId),
      },
      (result) => this.ended([result]),
    );
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 500);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due deliveries now (after an attempt ends, a retry or a test ping). */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.stopped && this.done.length === 0 && this.released.length === 0) return;
    // Real time, not the clock: the clock is the service's notion of now, which tests hold still.
    const started = performance.now();
    if (!this.stopped && this.options.apiSaturated?.()) {
      const wait = this.lastStepAt + SATURATED_STEP_MS - started;
      if (wait > 0) {
        this.deferred ??= setTimeout(() => {
          this.deferred = undefined;
          this.wake();
        }, wait);
        return;
      }
    }
    this.lastStepAt = started;
    this.running = this.step()
      .catch((err: unknown) => this.log.warn({ err }, 'webhook deliveries could not be claimed; trying again'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async step(): Promise<void> {
    const done = this.done;
    const released = this.released;
    this.done = [];
    this.released = [];
    const timeoutMs = this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const limit = (this.options.maxHeld ?? 256) - this.total;
    const now = this.clock.now();
    const want =
      this.stopped || limit <= 0
        ? null
        : { now: new Date(now), leaseUntil: new Date(now + timeoutMs + LEASE_MARGIN_MS), leaseToken: this.token, free: this.free, limit };
    if (done.length === 0 && released.length === 0 && want === null) return;
    let claimed: ClaimedDelivery[];
    try {
      claimed = await this.repo.cycle(
        done.map((d) => d.record),
        released.map((r) => r.id),
        this.token,
        want,
      );
    } catch (err) {
      if (done.length + released.length === 0) throw err;
      this.log.warn({ err }, 'a webhook worker step failed; recording its outcomes one at a time');
      // Each on its own, so that one that cannot be written holds back no other.
      for (const d of done) await this.recordAlone([d], []);
      for (const r of released) await this.recordAlone([], [r]);
      return;
    }
    this.recorded(done, released);
    if (claimed.length === 0) return;
    const leaseEndsAt = performance.now() + timeoutMs + LEASE_MARGIN_MS;
    const jobs: DeliveryJob[] = [];
    for (const d of claimed) {
      this.held.set(d.endpointId, (this.held.get(d.endpointId) ?? 0) + 1);
      this.total++;
      this.out.set(d.id, { ...d, leaseEndsAt });
      jobs.push({
        id: d.id,
        endpointId: d.endpointId,
        url: d.url,
        secret: d.secret,
        eventId: d.eventId,
        type: d.type,
        createdAt: d.createdAt.getTime(),
        project: d.project,
        environment: d.environment,
        data: d.data,
        startBy: now + START_WITHIN_MS,
        attempt: d.attempt,
        cause: d.cause ?? null,
      });
    }
    this.dispatcher.add(jobs);
  }

  /** Records one outcome or one lease given back; kept for a later step when that fails, until its time is up. */
  private async recordAlone(done: Ended[], released: { id: number; endpointId: number }[]): Promise<void> {
    try {
      await this.repo.cycle(
        done.map((d) => d.record),
        released.map((r) => r.id),
        this.token,
        null,
      );
    } catch (err) {
      const d = done[0];
      // Not when stopping: the lease then runs out as if the instance had died.
      if (d && !this.stopped && performance.now() < d.recordBy) {
        this.done.push(d);
        return;
      }
      // A release not written only leaves the lease to run out; an outcome given up means the delivery is sent again.
      if (d) this.log.error({ err, delivery: d.record.deliveryId }, 'a webhook attempt could not be recorded');
    }
    this.recorded(done, released);
  }

  /** Frees the places of recorded outcomes and given-back leases. */
  private recorded(done: readonly Ended[], released: readonly { id: number; endpointId: number }[]): void {
    for (const d of done) {
      this.letGo(d.record.endpointId);
      this.dispatcher.settled(d.record.endpointId);
      this.options.onOutcome?.(d.outcome);
    }
    for (const r of released) this.letGo(r.endpointId);
  }

  /** Whether the endpoint is still enabled, asked right before an attempt starts (one query for those starting together). */
  private stillEnabled(endpointId: number): Promise<boolean> {
    let check = this.checks.get(endpointId);
    if (!check) {
      check = this.repo.endpointEnabled(endpointId).finally(() => this.checks.delete(endpointId));
      this.checks.set(endpointId, check);
    }
    return check;
  }

  private letGo(endpointId: number): void {
    const left = (this.held.get(endpointId) ?? 1) - 1;
    if (left <= 0) this.held.delete(endpointId);
    else this.held.set(endpointId, left);
    this.total--;
  }

  /** Results from the dispatcher: outcomes to record and leases to give back, with the next step. */
  private ended(results: readonly JobResult[]): void {
    for (const r of results) {
      const d = this.out.get(r.id);
      if (!d) continue;
      this.out.delete(r.id);
      if ('skipped' in r) {
        this.released.push({ id: d.id, endpointId: d.endpointId });
        continue;
      }
      const { outcome, ...verdict } = judge(r.result, d.attempt, this.options.retryDelays, this.clock.now());
      this.done.push({
        record: {
          deliveryId: d.id,
          endpointId: d.endpointId,
          leaseToken: this.token,
          attempt: d.attempt,
          durationMs: r.result.durationMs,
          response: r.result.kind === 'answered' ? answerText(r.result.body) : null,
          at: new Date(r.sentAt),
          ...verdict,
        },
        outcome,
        // An outcome that could not be recorded is tried again while the lease keeps the delivery from being sent again.
        recordBy: d.leaseEndsAt - 1000,
      });
    }
    // Recorded when every attempt under way has ended, or after GATHER_MS: an attempt's slot stays
    // taken until its outcome is recorded, so waiting longer would only idle the slots.
    if (this.dispatcher.inFlight() === 0 || this.stopped) this.wakeNow();
    else this.gather ??= setTimeout(() => this.wakeNow(), GATHER_MS);
  }

  private wakeNow(): void {
    clearTimeout(this.gather);
    this.gather = undefined;
    this.wake();
  }

  /**
   * Claims nothing more (at the start of a shutdown's drain): a claim is a write, and on a busy SQLite database
   * its wait for the lock would hold the whole process while requests are being finished. Attempts under way
   * go on and are recorded; `close` gives back the rest.
   */
  stopClaiming(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Stops claiming, gives back what is not sent yet, waits for the attempts under way (each ends within the timeout) and records them. */
  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.deferred);
    this.deferred = undefined;
    this.wakeNow();
    // What waits for a free slot is given back now; only attempts under way are waited for.
    this.dispatcher.dropQueued();
    // A step under way may still hand out attempts; every one that starts is recorded before this resolves.
    while (this.running || this.out.size > 0 || this.done.length > 0 || this.released.length > 0) {
      if (this.running) await this.running;
      else if (this.out.size > 0) {
        this.dispatcher.dropQueued();
        await this.dispatcher.idle();
      } else this.wake();
    }
  }
}
