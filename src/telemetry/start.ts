import type { Meter } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import { VERSION } from '../version.js';
import { jsonEncoder } from './otlp-json.js';
import { protobufEncoder } from './otlp.js';
import type { TelemetrySettings } from './settings.js';
import { SpanBatcher, failureNoter, httpSend } from './spans-export.js';
import { SpanRecorder, samplerOf } from './spans.js';

/**
 * Telemetry as the server runs it: spans recorded by Petstore's own recorder (telemetry/spans.ts) and sent over
 * OTLP/HTTP in batches (telemetry/spans-export.ts); metrics, when OTEL_METRICS_EXPORTER=otlp, with the OpenTelemetry
 * SDK (telemetry/otel.ts, imported only then).
 */

/** What the server holds of telemetry while it runs. */
export interface Telemetry {
  tracing: SpanRecorder;
  /** OTEL_METRICS_EXPORTER=otlp: the meter Petstore's instruments are made with; null otherwise. */
  meter: Meter | null;
  /** Exports what is still held (spans, a last collection of metrics) and stops; bounded by `timeoutMs`. */
  shutdown(timeoutMs: number): Promise<void>;
}

const USER_AGENT = `petstore/${VERSION}`;

/**
 * The resource every export of this process carries. With WORKERS > 1 (`worker` set: 0 for the primary) each
 * process exports on its own, so each gets a `service.instance.id` of its own: the operator's, suffixed
 * `-primary` or `-worker-N`, or else a random UUID; otherwise a backend would take three processes' cumulative
 * counters for one series. `petstore.worker` says which process it is.
 */
export function resourceOf(settings: TelemetrySettings, worker?: number): Record<string, string> {
  const resource: Record<string, string> = {
    ...settings.resourceAttributes,
    'service.name': settings.serviceName,
    'service.version': VERSION,
  };
  if (worker === undefined) return resource;
  const given = settings.resourceAttributes['service.instance.id'];
  const role = worker === 0 ? 'primary' : `worker-${String(worker)}`;
  resource['service.instance.id'] = given === undefined ? randomUUID() : `${given}-${role}`;
  resource['petstore.worker'] = worker === 0 ? 'primary' : String(worker);
  return resource;
}

export async function startTelemetry(settings: TelemetrySettings, worker?: number): Promise<Telemetry> {
  const onFailure = failureNoter();
  const resource = resourceOf(settings, worker);
  const scope = { resource, scopeName: 'petstore', scopeVersion: VERSION };
  const encoder = settings.traces.protocol === 'http/json' ? jsonEncoder(scope) : protobufEncoder(scope);
  const batcher = new SpanBatcher(
    encoder,
    httpSend(settings.traces, encoder.contentType, USER_AGENT),
    { ...settings.batch, exportTimeoutMs: settings.traces.timeoutMs },
    onFailure,
  );
  const tracing = new SpanRecorder(samplerOf(settings.sampler, settings.samplerRatio), batcher);
  const metrics =
    settings.metrics === null ? null : await (await import('./otel.js')).startMetrics(settings.metrics, resource, VERSION, onFailure);
  return {
    tracing,
    meter: metrics?.meter ?? null,
    shutdown: async (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      // Not unref'd: a retry waiting on an unref'd timer must not let the process end before the bound.
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      const done = Promise.allSettled([batcher.shutdown(), metrics?.shutdown(timeoutMs)]).then(() => undefined);
      await Promise.race([done, bound]);
      clearTimeout(timer);
    },
  };
}
