import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  isSpanContextValid,
  trace,
  type Context,
  type Link,
  type Meter,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { TraceState, parseTraceParent, setGlobalErrorHandler } from '@opentelemetry/core';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { VERSION } from '../version.js';
import type { SamplerName, TelemetrySettings } from './settings.js';
import type { SpanAttributes, SpanOptions, SpanScope, Tracing } from './tracing.js';

/**
 * The OpenTelemetry SDK behind the `Tracing` seam: loaded (by `import()`, telemetry/install.ts) only when an
 * OTLP endpoint is configured. Spans are exported in batches over OTLP/HTTP; the active span is kept in
 * AsyncLocalStorage, so what a request starts (statements, Redis commands) nests under its span.
 */

const KINDS: Record<NonNullable<SpanOptions['kind']>, SpanKind> = {
  internal: SpanKind.INTERNAL,
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
};

function defined(attributes: SpanAttributes | undefined): Record<string, string | number | boolean> | undefined {
  if (attributes === undefined) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const key in attributes) {
    const v = attributes[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** A span behind the seam's `SpanScope`. */
class OtelSpan implements SpanScope {
  readonly traceId: string;
  readonly spanId: string;
  private ended = false;

  constructor(readonly span: Span) {
    // The SDK's recording spans carry the ids it generated, valid by construction; a dropped span records nothing.
    if (span.isRecording()) {
      const context = span.spanContext();
      this.traceId = context.traceId;
      this.spanId = context.spanId;
    } else {
      this.traceId = '';
      this.spanId = '';
    }
  }

  setAttributes(attributes: SpanAttributes): void {
    for (const key in attributes) {
      const v = attributes[key];
      if (v !== undefined) this.span.setAttribute(key, v);
    }
  }

  rename(name: string): void {
    this.span.updateName(name);
  }

  fail(err: unknown): void {
    const error = err instanceof Error ? err : new Error(String(err));
    this.span.recordException(error);
    this.span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.span.end();
  }
}

/** A span context as a W3C `traceparent` value. */
function traceparentOf(span: Span): string | null {
  const c = span.spanContext();
  if (!isSpanContextValid(c)) return null;
  return `00-${c.traceId}-${c.spanId}-${(c.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** The OpenTelemetry `Tracing`: spans of one tracer, the active one in AsyncLocalStorage. */
export class OtelTracing implements Tracing {
  readonly enabled = true;

  constructor(
    private readonly tracer: Tracer,
    private readonly contexts: AsyncLocalStorageContextManager,
  ) {}

  private parentOf(options: SpanOptions): Context {
    if (options.parent !== undefined) {
      const caller = parseTraceParent(options.parent);
      if (caller !== null && isSpanContextValid(caller)) {
        // The caller's vendor entries go on with its trace (W3C Trace Context: tracestate travels with traceparent).
        if (options.tracestate !== undefined) caller.traceState = new TraceState(options.tracestate);
        return trace.setSpanContext(ROOT_CONTEXT, caller);
      }
    }
    return options.root === true ? ROOT_CONTEXT : this.contexts.active();
  }

  /** Starts a span under `parent` (the caller's own context is made only where the span is made active). */
  private open(name: string, options: SpanOptions, parent: Context): OtelSpan {
    let links: Link[] | undefined;
    if (options.links !== undefined && options.links.length > 0) {
      links = [];
      for (const value of options.links) {
        const context = parseTraceParent(value);
        if (context !== null && isSpanContextValid(context)) links.push({ context });
      }
    }
    const span = this.tracer.startSpan(
      name,
      { kind: KINDS[options.kind ?? 'internal'], attributes: defined(options.attributes), links },
      parent,
    );
    return new OtelSpan(span);
  }

  detached<T>(fn: () => T): T {
    return this.contexts.with(ROOT_CONTEXT, fn);
  }

  inSpan<T>(name: string, options: SpanOptions, fn: (span: SpanScope) => T): T {
    const parent = this.parentOf(options);
    const scope = this.open(name, options, parent);
    let result: T;
    try {
      result = this.contexts.with(trace.setSpan(parent, scope.span), fn, undefined, scope);
    } catch (err) {
      scope.fail(err);
      scope.end();
      throw err;
    }
    if (result instanceof Promise) {
      result.then(
        () => scope.end(),
        (err: unknown) => {
          scope.fail(err);
          scope.end();
        },
      );
    } else {
      scope.end();
    }
    return result;
  }

  startSpan(name: string, options: SpanOptions): SpanScope {
    return this.open(name, options, this.parentOf(options));
  }

  withActive<T>(span: SpanScope, fn: () => T): T {
    if (!(span instanceof OtelSpan)) return fn();
    return this.contexts.with(trace.setSpan(this.contexts.active(), span.span), fn);
  }

  activeTraceparent(): string | null {
    const span = trace.getSpan(this.contexts.active());
    return span === undefined ? null : traceparentOf(span);
  }

  /** The active span's ids for a log line; null when no recorded span is active. */
  activeIds(): { trace_id: string; span_id: string } | null {
    const span = trace.getSpan(this.contexts.active());
    if (span === undefined || !span.isRecording()) return null;
    const c = span.spanContext();
    return { trace_id: c.traceId, span_id: c.spanId };
  }
}

function samplerOf(name: SamplerName, ratio: number): Sampler {
  const base: Record<SamplerName, () => Sampler> = {
    always_on: () => new AlwaysOnSampler(),
    always_off: () => new AlwaysOffSampler(),
    traceidratio: () => new TraceIdRatioBasedSampler(ratio),
    parentbased_always_on: () => new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    parentbased_always_off: () => new ParentBasedSampler({ root: new AlwaysOffSampler() }),
    parentbased_traceidratio: () => new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) }),
  };
  return base[name]();
}

async function spanExporter(settings: TelemetrySettings): Promise<SpanExporter> {
  const { url, headers, protocol } = settings.traces;
  const { OTLPTraceExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter({ url, headers: { ...headers } });
}

async function metricExporter(target: NonNullable<TelemetrySettings['metrics']>): Promise<PushMetricExporter> {
  const { url, headers, protocol } = target;
  const { OTLPMetricExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-metrics-otlp-http')
      : await import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter({ url, headers: { ...headers } });
}

/** Export failures are said at most this often: a collector that is down fails every batch. */
const FAILURE_NOTE_MS = 60_000;

/** Says on stderr that exports fail (a collector down or refusing), at most once a minute; the requests are not affected. */
function noteExportFailures(): void {
  let last = -Infinity;
  let missed = 0;
  setGlobalErrorHandler((err) => {
    const now = Date.now();
    if (now - last < FAILURE_NOTE_MS) {
      missed++;
      return;
    }
    const message = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
    const more = missed > 0 ? ` (and ${String(missed)} more failures since the last note)` : '';
    process.stderr.write(`petstore: OpenTelemetry: an export failed: ${message}${more}; what it held is dropped\n`);
    last = now;
    missed = 0;
  });
}

/** What the server holds of OpenTelemetry while it runs. */
export interface Telemetry {
  tracing: OtelTracing;
  /** OTEL_METRICS_EXPORTER=otlp: the meter Petstore's instruments are made with; null otherwise. */
  meter: Meter | null;
  /** Exports what is still held (spans, a last collection of metrics) and stops; bounded by `timeoutMs`. */
  shutdown(timeoutMs: number): Promise<void>;
}

/** Starts the SDK with the settings config.ts read: the tracer, its batch exporter and, when asked, metrics. */
export async function startTelemetry(settings: TelemetrySettings): Promise<Telemetry> {
  noteExportFailures();
  const resource: Resource = resourceFromAttributes({
    ...settings.resourceAttributes,
    'service.name': settings.serviceName,
    'service.version': VERSION,
  });
  const provider = new TracerProvider({
    resource,
    sampler: samplerOf(settings.sampler, settings.samplerRatio),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: await spanExporter(settings),
        scheduledDelayMillis: settings.batch.delayMs,
        maxExportBatchSize: settings.batch.maxBatch,
        maxQueueSize: settings.batch.maxQueue,
        exportTimeoutMillis: settings.batch.timeoutMs,
      }),
    ],
  });
  const contexts = new AsyncLocalStorageContextManager();
  contexts.enable();
  const tracing = new OtelTracing(provider.getTracer('petstore', VERSION), contexts);

  let meters: MeterProvider | null = null;
  if (settings.metrics !== null) {
    meters = new MeterProvider({
      resource,
      readers: [
        new PeriodicExportingMetricReader({
          exporter: await metricExporter(settings.metrics),
          exportIntervalMillis: settings.metrics.intervalMs,
          exportTimeoutMillis: Math.min(30_000, settings.metrics.intervalMs),
        }),
      ],
    });
  }
  return {
    tracing,
    meter: meters?.getMeter('petstore', VERSION) ?? null,
    shutdown: async (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      const done = Promise.allSettled([provider.shutdown(), meters?.shutdown({ timeoutMillis: timeoutMs })]).then(() => undefined);
      await Promise.race([done, bound]);
      clearTimeout(timer);
      contexts.disable();
    },
  };
}
