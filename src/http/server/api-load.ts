import { performance, type EventLoopUtilization } from 'node:perf_hooks';

export interface ApiLoadOptions {
  /** How often the load is sampled (ms). */
  intervalMs: number;
  /** The share of the interval the event loop was busy, from 0 to 1, at or above which it is saturated… */
  utilization: number;
  /** …while requests arrive at least this fast (per second): the API, not background work, fills the loop. */
  requestsPerSecond: number;
}

const DEFAULTS: ApiLoadOptions = { intervalMs: 100, utilization: 0.9, requestsPerSecond: 1000 };

/**
 * Whether API requests saturate this process's event loop, sampled every
 * `intervalMs`: background work (webhook delivery) takes a smaller share while
 * they do. A loop kept busy by background work alone is not saturated by the API.
 */
export class ApiLoad {
  private readonly options: ApiLoadOptions;
  private timer: NodeJS.Timeout | undefined;
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private lastCount: number;
  private busy = false;

  constructor(
    private readonly received: () => number,
    options: Partial<ApiLoadOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.lastCount = received();
  }

  start(): void {
    this.timer ??= setInterval(() => this.sample(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.busy = false;
  }

  /** True when, over the last interval, the loop was busy at the threshold and requests arrived at the rate. */
  saturated(): boolean {
    return this.busy;
  }

  /** Takes a sample now (the timer's work; tests call it directly). */
  sample(): void {
    const now = performance.eventLoopUtilization();
    const { utilization, active, idle } = performance.eventLoopUtilization(now, this.last);
    const count = this.received();
    const elapsedMs = active + idle;
    const rate = elapsedMs > 0 ? ((count - this.lastCount) * 1000) / elapsedMs : 0;
    this.last = now;
    this.lastCount = count;
    this.busy = utilization >= this.options.utilization && rate >= this.options.requestsPerSecond;
  }
}
