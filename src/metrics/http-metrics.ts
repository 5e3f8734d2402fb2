import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; most requests take well under a millisecond, so the low buckets are fine-grained. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const LABELS = ['operation', 'method', 'status'] as const;
/** The operation label of requests that matched no route (404/405) and that no request step answered: one series, whatever the URL. */
const UNMATCHED = 'unmatched';

type Observe = (status: number, elapsedMs: number) => void;

/**
 * Prometheus metrics: per operation (the contract's operationId, or the route
 * path for routes outside the contract), method and status, a request counter
 * and a latency histogram, plus Node's process metrics. Served at /metrics
 * without a key.
 */
export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by operation, method and status.',
    labelNames: LABELS,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its response, by operation, method and status.',
    labelNames: LABELS,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const dropped = new Counter({
    name: 'http_connections_dropped_total',
    help: 'Connections closed on arrival because MAX_CONNECTIONS were open.',
    registers: [registry],
  });
  app.server.on('drop', () => dropped.inc());

  // Label children are made once per operation and status, so a request only bumps numbers.
  const recorder = (operation: string, method: string): Observe => {
    const byStatus = new Map<number, { count: Counter.Internal; time: Histogram.Internal<(typeof LABELS)[number]> }>();
    return (status, elapsedMs) => {
      let series = byStatus.get(status);
      if (!series) {
        const labels = { operation, method, status: String(status) };
        series = { count: requests.labels(labels), time: latency.labels(labels) };
        byStatus.set(status, series);
      }
      series.count.inc();
      series.time.observe(elapsedMs / 1000);
    };
  };

  /** Records a request under `operation`, with a recorder per method made on first use. */
  const byMethod = (operation: string) => {
    const recorders = new Map<string, Observe>();
    return (request: FastifyRequest, reply: FastifyReply) => {
      let observe = recorders.get(request.method);
      if (!observe) {
        observe = recorder(operation, request.method);
        recorders.set(request.method, observe);
      }
      observe(reply.statusCode, reply.elapsedTime);
    };
  };

  // A route-level hook knows its operation, so nothing is looked up per request.
  app.addHook('onRoute', (route: RouteOptions) => {
    const record = byMethod(route.schema?.operationId ?? route.url);
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      record(request, reply);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });
  const recordUnmatched = byMethod(UNMATCHED);
  // Answers a request step gave itself (site files, redirects) get their own series; the labels are a few constants.
  const answered = new Map<string, ReturnType<typeof byMethod>>();
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      const label = request.answeredAs;
      if (label === null) recordUnmatched(request, reply);
      else {
        let record = answered.get(label);
        if (!record) answered.set(label, (record = byMethod(label)));
        record(request, reply);
      }
    }
    done();
  });

  app.get('/metrics', { config: { public: true } }, async (_request, reply) => {
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
