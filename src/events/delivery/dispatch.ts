import type { Environment } from '../../http/pipeline/environments.js';
import { tracing, type SpanScope } from '../../telemetry/tracing.js';
import { eventJson } from './body.js';
import { sendWebhook, type Resolve, type SendResult } from './sender.js';
import { webhookHeaders } from './signature.js';

/** A leased delivery handed to the dispatcher: what it needs to build, sign and send the attempt. */
export interface DeliveryJob {
  id: number;
  endpointId: number;
  url: string;
  secret: string;
  eventId: string;
  type: string;
  /** The event's time in ms since the epoch. */
  createdAt: number;
  project: string;
  environment: Environment;
  data: string;
  /** An attempt not started by then (ms) is not made: its lease could run out before it ends. */
  startBy: number;
  /** This attempt's number (1 for the first); absent where a caller does not count them. */
  attempt?: number;
  /** The `traceparent` of the span that caused the event (its request's), linked from the attempt's span. */
  cause?: string | null;
}

/** What became of a job: an attempt made at `sentAt`, or none (`skipped`). */
export type JobResult = { id: number; sentAt: number; result: SendResult } | { id: number; skipped: true };

export interface DispatchOptions {
  allowPrivate: boolean;
  /** Attempts in flight to one endpoint at most, so one slow receiver cannot hold every connection. */
  perEndpoint: number;
  timeoutMs?: number;
  resolve?: Resolve;
  now?: () => number;
  /**
   * Asked right before each attempt starts: false (or a failure) when the endpoint was deleted or
   * disabled meanwhile, and the attempt and those waiting for the endpoint are given back unsent.
   */
  stillEnabled?: (endpointId: number) => Promise<boolean>;
}

/**
 * Sends leased deliveries, each endpoint's in the order given with at most
 * `perEndpoint` at once, for the delivery worker (worker.ts), which may lease
 * more of an endpoint's deliveries than it sends at once. A receiver answering 410, or an
 * endpoint found deleted or disabled before an attempt, stops its endpoint's queue: the
 * deliveries waiting in it are given back unsent.
 */
export class Dispatcher {
  private readonly queues = new Map<number, DeliveryJob[]>();
  private readonly active = new Map<number, number>();
  private readonly sending = new Set<Promise<void>>();
  /** Attempts started and not yet reported. */
  private unreported = 0;

  constructor(
    private readonly options: DispatchOptions,
    private readonly report: (result: JobResult) => void,
  ) {}

  add(jobs: readonly DeliveryJob[]): void {
    for (const job of jobs) {
      let queue = this.queues.get(job.endpointId);
      if (!queue) this.queues.set(job.endpointId, (queue = []));
      queue.push(job);
    }
    for (const endpointId of new Set(jobs.map((j) => j.endpointId))) this.pump(endpointId);
  }

  /**
   * An attempt to `endpointId` is recorded: its slot is free. A slot is held from the attempt's start
   * until then, so at most `perEndpoint` attempts per endpoint are sent and not yet recorded (the most
   * a crash can make the receiver get twice).
   */
  settled(endpointId: number): void {
    this.freeSlot(endpointId);
    this.pump(endpointId);
  }

  private freeSlot(endpointId: number): void {
    const left = (this.active.get(endpointId) ?? 1) - 1;
    if (left <= 0) this.active.delete(endpointId);
    else this.active.set(endpointId, left);
  }

  /** Gives back, unsent, every job waiting for `endpointId`. */
  private dropEndpoint(endpointId: number): void {
    for (const waiting of this.queues.get(endpointId) ?? []) this.report({ id: waiting.id, skipped: true });
    this.queues.delete(endpointId);
  }

  /** Gives back every job not started yet (reported as skipped): the worker is stopping. */
  dropQueued(): void {
    const queued = [...this.queues.values()].flat();
    this.queues.clear();
    for (const job of queued) this.report({ id: job.id, skipped: true });
  }

  /** Attempts under way: started, their result not reported yet. */
  inFlight(): number {
    return this.unreported;
  }

  /** Resolves once every job given so far has been reported. */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
  }

  private pump(endpointId: number): void {
    const queue = this.queues.get(endpointId);
    const now = this.options.now ?? Date.now;
    while (queue && queue.length > 0 && (this.active.get(endpointId) ?? 0) < this.options.perEndpoint) {
      const job = queue.shift() as DeliveryJob;
      if (now() > job.startBy) {
        this.report({ id: job.id, skipped: true });
        continue;
      }
      this.active.set(endpointId, (this.active.get(endpointId) ?? 0) + 1);
      this.unreported++;
      const work = this.start(job).finally(() => this.sending.delete(work));
      this.sending.add(work);
    }
    if (queue && queue.length === 0) this.queues.delete(endpointId);
  }

  private async start(job: DeliveryJob): Promise<void> {
    const check = this.options.stillEnabled;
    // A check that fails counts as no: the delivery is given back and leased again later.
    if (
      check &&
      !(await Promise.resolve(job.endpointId)
        .then(check)
        .catch(() => false))
    ) {
      this.dropEndpoint(job.endpointId);
      this.unreported--;
      this.freeSlot(job.endpointId);
      this.report({ id: job.id, skipped: true });
      return;
    }
    await this.send(job, (this.options.now ?? Date.now)());
  }

  private async send(job: DeliveryJob, sentAt: number): Promise<void> {
    const t = tracing();
    const span = t.enabled ? t.startSpan(`webhook ${job.type}`, deliverySpan(job)) : null;
    let result: SendResult;
    try {
      const body = eventJson({
        id: job.eventId,
        type: job.type,
        createdAt: new Date(job.createdAt),
        project: job.project,
        environment: job.environment,
        data: job.data,
      });
      const headers = webhookHeaders(job.secret, job.eventId, Math.floor(sentAt / 1000), body);
      result = await sendWebhook(job.url, headers, body, {
        allowPrivate: this.options.allowPrivate,
        resolve: this.options.resolve,
        timeoutMs: this.options.timeoutMs,
      });
    } catch (err) {
      result = { kind: 'error', refused: false, error: `could not deliver: ${(err as Error).message}`, durationMs: 0 };
    }
    if (span !== null) endDeliverySpan(span, result);
    if (result.kind === 'answered' && result.status === 410) {
      // The endpoint is being disabled: what waits for it is not sent.
      this.dropEndpoint(job.endpointId);
    }
    this.unreported--;
    this.report({ id: job.id, sentAt, result });
  }
}

/**
 * An attempt's span: in a trace of its own (a delivery outlives the request that caused it, and is retried),
 * linked to the span that caused its event. Kind client: an HTTP request to the receiver. Its host only, not
 * its URL (whose path or query may hold a secret).
 */
function deliverySpan(job: DeliveryJob): {
  kind: 'client';
  root: true;
  links?: string[];
  attributes: Record<string, string | number | undefined>;
} {
  let host: string | undefined;
  try {
    host = new URL(job.url).hostname;
  } catch {
    host = undefined;
  }
  return {
    kind: 'client',
    root: true,
    ...(job.cause ? { links: [job.cause] } : {}),
    attributes: {
      'http.request.method': 'POST',
      'server.address': host,
      'petstore.event.type': job.type,
      'petstore.event.id': job.eventId,
      'petstore.project': job.project,
      'petstore.environment': job.environment,
      'petstore.webhook.endpoint_id': job.endpointId,
      'petstore.webhook.delivery_id': job.id,
      'petstore.webhook.attempt': job.attempt,
    },
  };
}

/** The attempt's outcome: `succeeded` (2xx), `failed` (any other answer), `error` (no answer) or `refused` (not sent). */
function endDeliverySpan(span: SpanScope, result: SendResult): void {
  if (result.kind === 'answered') {
    const ok = result.status >= 200 && result.status < 300;
    span.setAttributes({ 'http.response.status_code': result.status, 'petstore.webhook.outcome': ok ? 'succeeded' : 'failed' });
    if (!ok) span.fail(new Error(`the receiver answered ${String(result.status)}`));
  } else {
    span.setAttributes({ 'petstore.webhook.outcome': result.refused ? 'refused' : 'error' });
    span.fail(new Error(result.error));
  }
  span.end();
}
