import cluster from 'node:cluster';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from './prometheus.js';
import { VERSION } from '../version.js';
import { RequestSeries, type Series } from './request-series.js';
import { serveWorkersScrapes, workerScrape } from './server-metrics.js';

/** Seconds; most requests take well under a millisecond, so the low buckets are fine-grained. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** The operation label of requests that matched no route (404/405) and that no request step answered: one series, whatever the URL. */
const UNMATCHED = 'unmatched';

type Observe = (status: number, elapsedMs: number) => void;
/** Records an answer a request step (or an early step) gave itself, under its operation label. */
export type RecordAnswer = (operation: string, method: string, status: number, elapsedMs: number) => void;

/**
 * Prometheus metrics: per operation (the contract's operationId, or the route
 * path for routes outside the contract), method and status, a request counter
 * and a latency histogram, plus Node's process metrics. Served at /metrics
 * without a key.
 */
export function registerMetrics(app: FastifyInstance): RecordAnswer {
  const registry = new Registry();
  collectDefaultMetrics(registry);
  // Capabilities add their own metrics to it (webhook deliveries).
  app.metricsRegistry = registry;
  // The usual build-info series: always 1, the release in its label (join it onto others by instance).
  new Gauge({
    name: 'petstore_build_info',
    help: 'The release this instance runs (version label); always 1.',
    labelNames: ['version'],
    registers: [registry],
    // Once for the whole server when the processes of WORKERS > 1 are summed (server-metrics.ts).
    aggregator: 'first',
  })
    .labels(VERSION)
    .set(1);
  const series = new RequestSeries(LATENCY_BUCKETS);
  // Not prom-client's Counter and Histogram: see request-series.ts. The registry reads them at scrape time.
  const register = (metric: ReturnType<RequestSeries['counter']>) => registry.registerMetric(metric as unknown as Metric);
  register(series.counter('http_requests_total', 'HTTP requests answered, by operation, method and status.'));
  register(
    series.histogram(
      'http_request_duration_seconds',
      'Time from receiving a request to finishing its response, by operation, method and status.',
    ),
  );

  const dropped = new Counter({
    name: 'http_connections_dropped_total',
    help: 'Connections closed on arrival because MAX_CONNECTIONS were open.',
    registers: [registry],
  });
  app.server.on('drop', () => dropped.inc());

  // A label set's series is made once per operation, method and status, so a request only bumps numbers.
  const recorder = (operation: string, method: string): Observe => {
    const byStatus = new Map<number, Series>();
    return (status, elapsedMs) => {
      let s = byStatus.get(status);
      if (!s) byStatus.set(status, (s = series.series({ operation, method, status: String(status) })));
      s.observe(elapsedMs / 1000);
    };
  };

  /** Records a request under `operation`, with a recorder per method made on first use. */
  const byMethod = (operation: string) => {
    const recorders = new Map<string, Observe>();
    return (method: string, status: number, elapsedMs: number) => {
      let observe = recorders.get(method);
      if (!observe) {
        observe = recorder(operation, method);
        recorders.set(method, observe);
      }
      observe(status, elapsedMs);
    };
  };

  // One recorder per operation label, whichever path answers (routes, request steps, the front door).
  const byOperation = new Map<string, ReturnType<typeof byMethod>>();
  const recorderOf = (operation: string) => {
    let record = byOperation.get(operation);
    if (!record) byOperation.set(operation, (record = byMethod(operation)));
    return record;
  };
  const recordUnmatched = recorderOf(UNMATCHED);
  // Answers a request step or the front door gave itself (site files, redirects, early API answers); the labels are a few constants.
  const recordAnswered: RecordAnswer = (operation, method, status, elapsedMs) => recorderOf(operation)(method, status, elapsedMs);
  // A route-level hook knows its operation, so nothing is looked up per request. A request step may answer a URL that
  // also has a route (a project's site at `/`, which the home route leads to the dashboard elsewhere): its label wins.
  app.addHook('onRoute', (route: RouteOptions) => {
    const record = recorderOf(route.schema?.operationId ?? route.url);
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const label = request.answeredAs;
      if (label === null) record(request.method, reply.statusCode, reply.elapsedTime);
      else recordAnswered(label, request.method, reply.statusCode, reply.elapsedTime);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      const label = request.answeredAs;
      if (label === null) recordUnmatched(request.method, reply.statusCode, reply.elapsedTime);
      else recordAnswered(label, request.method, reply.statusCode, reply.elapsedTime);
    }
    done();
  });

  // With WORKERS > 1 a scrape answers for every process of the server, whichever worker takes it.
  const scrape = cluster.isWorker ? workerScrape(registry) : () => registry.metrics();
  if (cluster.isPrimary && app.config.workers > 1) serveWorkersScrapes(registry);
  app.get('/metrics', { config: { public: true } }, async (_request, reply) => {
    let text;
    try {
      text = await scrape();
    } catch (err) {
      app.log.warn({ err }, 'metrics: the whole server’s could not be gathered');
      return reply.code(503).type('text/plain; charset=utf-8').send('metrics unavailable: a process of the server did not answer\n');
    }
    return reply.type(registry.contentType).send(text);
  });
  return recordAnswered;
}
