import type { Meter } from '@opentelemetry/api';
import { setGlobalErrorHandler } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { TelemetrySettings } from './settings.js';

/**
 * Metrics over OTLP (OTEL_METRICS_EXPORTER=otlp) with the OpenTelemetry SDK: loaded (by `import()`, telemetry/start.ts)
 * only when they are asked for. Spans do not go through the SDK (telemetry/spans.ts records them).
 */

async function metricExporter(target: NonNullable<TelemetrySettings['metrics']>): Promise<PushMetricExporter> {
  const { url, headers, protocol } = target;
  const { OTLPMetricExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-metrics-otlp-http')
      : await import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter({ url, headers: { ...headers } });
}

export interface Metrics {
  meter: Meter;
  shutdown(timeoutMs: number): Promise<void>;
}

/** Starts the SDK's meter provider, exporting every OTEL_METRIC_EXPORT_INTERVAL; its export failures go to `onFailure`. */
export async function startMetrics(
  target: NonNullable<TelemetrySettings['metrics']>,
  resource: Readonly<Record<string, string>>,
  version: string,
  onFailure: (err: unknown) => void,
): Promise<Metrics> {
  setGlobalErrorHandler(onFailure);
  const meters = new MeterProvider({
    resource: resourceFromAttributes({ ...resource }),
    readers: [
      new PeriodicExportingMetricReader({
        exporter: await metricExporter(target),
        exportIntervalMillis: target.intervalMs,
        exportTimeoutMillis: Math.min(30_000, target.intervalMs),
      }),
    ],
  });
  return {
    meter: meters.getMeter('petstore', version),
    shutdown: (timeoutMs) => meters.shutdown({ timeoutMillis: timeoutMs }),
  };
}
