import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { eventJson } from './body.js';
import type { AttemptOutcome, ClaimedDelivery, EventRepository } from './repository.js';
import { DELIVERY_TIMEOUT_MS, sendWebhook, type Resolve, type SendResult } from './sender.js';
import { webhookHeaders } from './signature.js';

/** How an attempt ended, for the deliveries counter. */
export type Outcome = 'succeeded' | 'retrying' | 'failed' | 'disabled';

export interface WorkerOptions {
  /** WEBHOOK_RETRY_DELAYS, in seconds. */
  retryDelays: readonly number[];
  allowPrivate: boolean;
  /** Attempts in flight to one endpoint from this instance at most, so one slow receiver cannot hold every slot. */
  perEndpoint?: number;
  /** Attempts in flight from this instance at most. */
  maxInFlight?: number;
  pollMs?: number;
  timeoutMs?: number;
  resolve?: Resolve;
  onOutcome?: (outcome: Outcome) => void;
}

/** A Retry-After longer than this is not waited for: the delivery waits this long instead. */
const MAX_RETRY_AFTER_S = 24 * 60 * 60;
/** The lease outlives the longest attempt by this much, so a live sender keeps its delivery. */
const LEASE_MARGIN_MS = 20_000;

/** Seconds a `Retry-After` header asks for (delay or HTTP date), or 0. */
export function retryAfterSeconds(value: string | string[] | undefined, now: number): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return 0;
  if (/^\s*\d+\s*$/.test(raw)) return Math.min(Number(raw), MAX_RETRY_AFTER_S);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? 0 : Math.min(Math.max(0, Math.ceil((at - now) / 1000)), MAX_RETRY_AFTER_S);
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
    return retryOrFail(`redirect${location ? ` to ${String(location)}` : ''} not followed`, status);
  }
  const text = result.body.trim();
  return retryOrFail(
    `the receiver answered ${String(status)}${text ? `: ${text.slice(0, 200)}` : ''}`,
    status,
    retryAfterSeconds(result.headers['retry-after'], now),
  );
}

/**
 * Sends due deliveries, on every instance. Each round lists the endpoints that
 * have deliveries due and leases, per endpoint, as many as its free slots
 * allow; the lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL) keeps another
 * instance from sending the same attempt. A delivery whose sender died is
 * sent again once its lease runs out (at least once).
 */
export class DeliveryWorker {
  private readonly inFlight = new Map<number, number>();
  private total = 0;
  private running = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly sending = new Set<Promise<void>>();
  private readonly token = randomBytes(12).toString('hex');

  constructor(
    private readonly repo: EventRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 500);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due deliveries now (after an attempt ends, a retry or a test ping). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.round()
      .catch((err: unknown) => this.log.warn({ err }, 'webhook deliveries could not be claimed; trying again'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async round(): Promise<void> {
    const perEndpoint = this.options.perEndpoint ?? 4;
    const maxInFlight = this.options.maxInFlight ?? 64;
    if (this.total >= maxInFlight) return;
    const now = this.clock.now();
    const endpoints = await this.repo.dueEndpoints(new Date(now), 200);
    const timeoutMs = this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    for (const endpointId of endpoints) {
      if (this.stopped) return;
      const free = Math.min(perEndpoint - (this.inFlight.get(endpointId) ?? 0), maxInFlight - this.total);
      if (free <= 0) continue;
      const claimed = await this.repo.claim(endpointId, new Date(now), new Date(now + timeoutMs + LEASE_MARGIN_MS), this.token, free);
      for (const delivery of claimed) this.begin(delivery);
    }
  }

  private begin(delivery: ClaimedDelivery): void {
    this.inFlight.set(delivery.endpointId, (this.inFlight.get(delivery.endpointId) ?? 0) + 1);
    this.total++;
    const work = this.attempt(delivery)
      .catch((err: unknown) => this.log.error({ err, deliveryId: delivery.id }, 'a webhook attempt could not be recorded'))
      .finally(() => {
        this.sending.delete(work);
        const left = (this.inFlight.get(delivery.endpointId) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(delivery.endpointId);
        else this.inFlight.set(delivery.endpointId, left);
        this.total--;
        this.wake();
      });
    this.sending.add(work);
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const body = eventJson({ id: d.eventId, type: d.type, createdAt: d.createdAt, project: d.project, data: d.data });
    const sentAt = this.clock.now();
    const headers = webhookHeaders(d.secret, d.eventId, Math.floor(sentAt / 1000), body);
    const result = await sendWebhook(d.url, headers, body, {
      allowPrivate: this.options.allowPrivate,
      resolve: this.options.resolve,
      timeoutMs: this.options.timeoutMs,
    });
    const now = this.clock.now();
    const { outcome, ...verdict } = judge(result, d.attempt, this.options.retryDelays, now);
    await this.repo.complete({
      deliveryId: d.id,
      endpointId: d.endpointId,
      leaseToken: this.token,
      attempt: d.attempt,
      durationMs: result.durationMs,
      at: new Date(sentAt),
      ...verdict,
    });
    this.options.onOutcome?.(outcome);
  }

  /** Stops claiming and waits for the attempts in flight (each ends within the timeout). */
  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.sending]);
  }
}
