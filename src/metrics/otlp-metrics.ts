import type { Attributes, Meter } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import type { TracedAnswer } from '../http/observability/request-trace.js';

/**
 * Metrics over OTLP (OTEL_METRICS_EXPORTER=otlp), beside /metrics and unchanged by it: the standard
 * `http.server.request.duration` histogram, recorded by the pipeline's `trace` stage for every request on either
 * path, and Petstore's own series read from the Prometheus registry at each collection. Every label set is
 * bounded: a method from a closed list, a route template (never a URL), a status code.
 */

/** Seconds, as the semantic conventions advise for `http.server.request.duration`, finer below 5 ms. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/** Records each answered request's duration under its method, route template and status. */
export function otlpRequestDurations(meter: Meter): (answer: TracedAnswer, route: string | null, elapsedMs: number) => void {
  const histogram = meter.createHistogram('http.server.request.duration', {
    unit: 's',
    description: 'Time from receiving a request to handing its whole answer to the connection.',
    advice: { explicitBucketBoundaries: BUCKETS },
  });
  return (answer, route, elapsedMs) => {
    const attributes: Attributes = {
      'http.request.method': METHODS.has(answer.method) ? answer.method : '_OTHER',
      'http.response.status_code': answer.status,
    };
    if (route !== null) attributes['http.route'] = route;
    histogram.record(elapsedMs / 1000, attributes);
  };
}

/** Petstore's own series exported over OTLP: the Prometheus name, and the kind of instrument it is read as. */
export const OWN_METRICS: readonly { prometheus: string; kind: 'counter' | 'gauge' }[] = [
  { prometheus: 'petstore_build_info', kind: 'gauge' },
  { prometheus: 'http_connections_dropped_total', kind: 'counter' },
  { prometheus: 'webhook_deliveries_total', kind: 'counter' },
  { prometheus: 'webhook_oldest_due_delivery_age_seconds', kind: 'gauge' },
  { prometheus: 'petstore_backup_last_success_timestamp_seconds', kind: 'gauge' },
  { prometheus: 'petstore_backup_failures_total', kind: 'counter' },
];

/** A counter's OpenTelemetry name is its Prometheus name without `_total` (a Prometheus back end adds it again). */
export const otlpName = (m: (typeof OWN_METRICS)[number]): string =>
  m.kind === 'counter' ? m.prometheus.replace(/_total$/, '') : m.prometheus;

/** Observes Petstore's own series from the registry (those it holds: webhooks and backups register theirs when on). */
export function observeRegistry(meter: Meter, registry: Registry): void {
  for (const own of OWN_METRICS) {
    const metric = registry.getSingleMetric(own.prometheus);
    if (metric === undefined) continue;
    const options = { description: (metric as unknown as { help?: string }).help ?? '' };
    const instrument =
      own.kind === 'counter' ? meter.createObservableCounter(otlpName(own), options) : meter.createObservableGauge(otlpName(own), options);
    instrument.addCallback(async (result) => {
      const { values } = await metric.get();
      for (const { value, labels } of values) result.observe(value, labels as Attributes);
    });
  }
}
