/**
 * OpenTelemetry's standard environment variables, read and checked once at start (config.ts calls this). Telemetry
 * is on only when an OTLP endpoint for traces is set; this module imports nothing of OpenTelemetry.
 */

export type OtlpProtocol = 'http/protobuf' | 'http/json';

export const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

export interface TelemetrySettings {
  serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded (service.name is `serviceName`). */
  resourceAttributes: Readonly<Record<string, string>>;
  traces: TraceTarget;
  /** OTEL_METRICS_EXPORTER=otlp: metrics are exported here too; null otherwise. */
  metrics: (OtlpTarget & { intervalMs: number }) | null;
  sampler: SamplerName;
  /** The ratio of the `…traceidratio` samplers (0–1). */
  samplerRatio: number;
  /** How finished spans are batched for export (the OTEL_BSP_* variables). */
  batch: SpanBatching;
}

export interface SpanBatching {
  /** OTEL_BSP_SCHEDULE_DELAY: how long a finished span waits at most before it is exported. */
  delayMs: number;
  /** OTEL_BSP_MAX_EXPORT_BATCH_SIZE: spans sent in one export at most (a batch this full is sent at once). */
  maxBatch: number;
  /** OTEL_BSP_MAX_QUEUE_SIZE: finished spans held at most while exports are under way; more are dropped. */
  maxQueue: number;
  /** OTEL_BSP_EXPORT_TIMEOUT: how long one export may take. */
  timeoutMs: number;
}

/** The specification's defaults for OTEL_BSP_* (export delay, batch, queue, timeout). */
export const SPAN_BATCHING: SpanBatching = { delayMs: 5_000, maxBatch: 512, maxQueue: 2_048, timeoutMs: 30_000 };

export interface OtlpTarget {
  /** The signal's full URL (`…/v1/traces`, `…/v1/metrics`). */
  url: string;
  protocol: OtlpProtocol;
  headers: Readonly<Record<string, string>>;
}

export interface TraceTarget extends OtlpTarget {
  /** OTEL_EXPORTER_OTLP_(TRACES_)TIMEOUT: how long one export may take, its retries included (default 10 s). */
  timeoutMs: number;
  /** OTEL_EXPORTER_OTLP_(TRACES_)COMPRESSION. */
  compression: 'gzip' | 'none';
  /** OTEL_EXPORTER_OTLP_(TRACES_)CERTIFICATE, …CLIENT_CERTIFICATE, …CLIENT_KEY: files, for an https:// endpoint. */
  certificates: { ca?: string; cert?: string; key?: string };
}

type Env = Readonly<Record<string, string | undefined>>;

const PROTOCOLS: readonly string[] = ['http/protobuf', 'http/json'];

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

/**
 * `key=value,key=value` with percent-encoded values (OTEL_RESOURCE_ATTRIBUTES, OTEL_EXPORTER_OTLP_HEADERS). A
 * problem names the item by its position and key, never a value: headers carry a collector's credentials.
 */
function pairs(raw: string | undefined, name: string, problems: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === undefined) return out;
  const items = raw.split(',');
  for (const [i, item] of items.entries()) {
    if (item.trim() === '') continue;
    const eq = item.indexOf('=');
    const key = eq > 0 ? item.slice(0, eq).trim() : '';
    if (key === '') {
      problems.push(`${name}: expected key=value pairs separated by commas (item ${String(i + 1)} of ${String(items.length)} has no key=)`);
      return {};
    }
    try {
      out[key] = decodeURIComponent(item.slice(eq + 1).trim());
    } catch {
      problems.push(`${name}: ${JSON.stringify(key)} has a malformed percent-encoded value`);
      return {};
    }
  }
  return out;
}

/** A URL as a message may show it: without a user or password. */
function shown(raw: string): string {
  const url = URL.parse(raw);
  if (url === null || (url.username === '' && url.password === '')) return raw.replace(/\/\/[^/@]*@/, '//…@');
  url.username = '';
  url.password = '';
  return url.href;
}

function httpUrl(raw: string, name: string, problems: string[]): string | null {
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    problems.push(`${name}: expected an http:// or https:// URL (got ${JSON.stringify(shown(raw))})`);
    return null;
  }
  return raw;
}

/** The signal's URL: its own variable as is, or the shared endpoint with `v1/<signal>` appended (the specification's rule). */
function signalUrl(env: Env, signal: 'traces' | 'metrics', problems: string[]): string | null {
  const own = `OTEL_EXPORTER_OTLP_${signal.toUpperCase()}_ENDPOINT`;
  const specific = value(env, own);
  if (specific !== undefined) return httpUrl(specific, own, problems);
  const base = value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (base === undefined) return null;
  const checked = httpUrl(base, 'OTEL_EXPORTER_OTLP_ENDPOINT', problems);
  return checked === null ? null : `${checked.replace(/\/+$/, '')}/v1/${signal}`;
}

function protocol(env: Env, signal: 'TRACES' | 'METRICS', problems: string[]): OtlpProtocol {
  const own = `OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`;
  const name = value(env, own) === undefined ? 'OTEL_EXPORTER_OTLP_PROTOCOL' : own;
  const raw = value(env, name) ?? 'http/protobuf';
  if (PROTOCOLS.includes(raw)) return raw as OtlpProtocol;
  problems.push(`${name}: expected one of ${PROTOCOLS.join(', ')} (got ${JSON.stringify(raw)})`);
  return 'http/protobuf';
}

/** The traces' variable, or the shared one (OTEL_EXPORTER_OTLP_TRACES_X over OTEL_EXPORTER_OTLP_X): its value and name. */
function tracesOrShared(env: Env, what: string): [string | undefined, string] {
  const own = `OTEL_EXPORTER_OTLP_TRACES_${what}`;
  const specific = value(env, own);
  if (specific !== undefined) return [specific, own];
  return [value(env, `OTEL_EXPORTER_OTLP_${what}`), `OTEL_EXPORTER_OTLP_${what}`];
}

function traceTarget(env: Env, url: string, headers: Record<string, string>, problems: string[]): TraceTarget {
  const [timeout, timeoutName] = tracesOrShared(env, 'TIMEOUT');
  const [compression, compressionName] = tracesOrShared(env, 'COMPRESSION');
  if (compression !== undefined && compression !== 'gzip' && compression !== 'none') {
    problems.push(`${compressionName}: expected gzip or none (got ${JSON.stringify(compression)})`);
  }
  const certificates: TraceTarget['certificates'] = {};
  const ca = tracesOrShared(env, 'CERTIFICATE')[0];
  const cert = tracesOrShared(env, 'CLIENT_CERTIFICATE')[0];
  const key = tracesOrShared(env, 'CLIENT_KEY')[0];
  if (ca !== undefined) certificates.ca = ca;
  if (cert !== undefined) certificates.cert = cert;
  if (key !== undefined) certificates.key = key;
  return {
    url,
    protocol: protocol(env, 'TRACES', problems),
    headers,
    timeoutMs: timeout === undefined ? 10_000 : milliseconds({ [timeoutName]: timeout }, timeoutName, 10_000, problems),
    compression: compression === 'gzip' ? 'gzip' : 'none',
    certificates,
  };
}

function whole(env: Env, name: string, fallback: number, what: string, problems: string[]): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (/^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw))) return Number(raw);
  problems.push(`${name}: expected a whole number of ${what} above 0 (got ${JSON.stringify(raw)})`);
  return fallback;
}

const milliseconds = (env: Env, name: string, fallback: number, problems: string[]): number =>
  whole(env, name, fallback, 'milliseconds', problems);

function batching(env: Env, problems: string[]): SpanBatching {
  const maxQueue = whole(env, 'OTEL_BSP_MAX_QUEUE_SIZE', SPAN_BATCHING.maxQueue, 'spans', problems);
  const maxBatch = whole(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', SPAN_BATCHING.maxBatch, 'spans', problems);
  if (maxBatch > maxQueue) {
    problems.push(
      `OTEL_BSP_MAX_EXPORT_BATCH_SIZE: expected at most OTEL_BSP_MAX_QUEUE_SIZE (${String(maxQueue)}; got ${String(maxBatch)})`,
    );
  }
  return {
    delayMs: milliseconds(env, 'OTEL_BSP_SCHEDULE_DELAY', SPAN_BATCHING.delayMs, problems),
    maxBatch: Math.min(maxBatch, maxQueue),
    maxQueue,
    timeoutMs: milliseconds(env, 'OTEL_BSP_EXPORT_TIMEOUT', SPAN_BATCHING.timeoutMs, problems),
  };
}

/**
 * The telemetry settings, or null when telemetry is off (no traces endpoint, or OTEL_SDK_DISABLED=true). Problems
 * are added to `problems`, each naming its variable, and the start then fails like any other bad setting.
 */
export function readTelemetrySettings(env: Env, problems: string[]): TelemetrySettings | null {
  const metricsExporter = (value(env, 'OTEL_METRICS_EXPORTER') ?? 'none').toLowerCase();
  if (metricsExporter !== 'none' && metricsExporter !== 'otlp') {
    problems.push(`OTEL_METRICS_EXPORTER: expected one of otlp, none (got ${JSON.stringify(env.OTEL_METRICS_EXPORTER)})`);
  }
  const disabled = (value(env, 'OTEL_SDK_DISABLED') ?? 'false').toLowerCase();
  if (disabled !== 'true' && disabled !== 'false') {
    problems.push(`OTEL_SDK_DISABLED: expected true or false (got ${JSON.stringify(env.OTEL_SDK_DISABLED)})`);
  }
  const before = problems.length;
  const tracesUrl = signalUrl(env, 'traces', problems);
  if (tracesUrl === null) {
    if (metricsExporter === 'otlp' && problems.length === before) {
      problems.push('OTEL_METRICS_EXPORTER: otlp needs OTEL_EXPORTER_OTLP_ENDPOINT (telemetry is off without an OTLP endpoint)');
    }
    return null;
  }
  if (disabled === 'true') return null;

  const sharedHeaders = pairs(value(env, 'OTEL_EXPORTER_OTLP_HEADERS'), 'OTEL_EXPORTER_OTLP_HEADERS', problems);
  const headersOf = (signal: 'TRACES' | 'METRICS') => ({
    ...sharedHeaders,
    ...pairs(value(env, `OTEL_EXPORTER_OTLP_${signal}_HEADERS`), `OTEL_EXPORTER_OTLP_${signal}_HEADERS`, problems),
  });
  const resourceAttributes = pairs(value(env, 'OTEL_RESOURCE_ATTRIBUTES'), 'OTEL_RESOURCE_ATTRIBUTES', problems);
  const serviceName = value(env, 'OTEL_SERVICE_NAME') ?? resourceAttributes['service.name'] ?? 'petstore';

  const samplerRaw = (value(env, 'OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase();
  let sampler: SamplerName = 'parentbased_always_on';
  if ((SAMPLERS as readonly string[]).includes(samplerRaw)) sampler = samplerRaw as SamplerName;
  else problems.push(`OTEL_TRACES_SAMPLER: expected one of ${SAMPLERS.join(', ')} (got ${JSON.stringify(env.OTEL_TRACES_SAMPLER)})`);
  let samplerRatio = 1;
  const arg = value(env, 'OTEL_TRACES_SAMPLER_ARG');
  if (arg !== undefined && sampler.endsWith('traceidratio')) {
    const ratio = /^\d*\.?\d+$/.test(arg) ? Number(arg) : NaN;
    if (ratio >= 0 && ratio <= 1) samplerRatio = ratio;
    else problems.push(`OTEL_TRACES_SAMPLER_ARG: expected a ratio from 0 to 1 (got ${JSON.stringify(arg)})`);
  }

  let metrics: TelemetrySettings['metrics'] = null;
  if (metricsExporter === 'otlp') {
    const url = signalUrl(env, 'metrics', problems);
    if (url === null && value(env, 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT') === undefined) {
      problems.push('OTEL_METRICS_EXPORTER: otlp needs OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT');
    }
    if (url !== null) {
      metrics = {
        url,
        protocol: protocol(env, 'METRICS', problems),
        headers: headersOf('METRICS'),
        intervalMs: milliseconds(env, 'OTEL_METRIC_EXPORT_INTERVAL', 60_000, problems),
      };
    }
  }
  return {
    serviceName,
    resourceAttributes,
    traces: traceTarget(env, tracesUrl, headersOf('TRACES'), problems),
    metrics,
    sampler,
    samplerRatio,
    batch: batching(env, problems),
  };
}

/**
 * TRACE_URL: a link to a trace in the operator's tracing tool, `{traceId}` replaced (e.g.
 * `http://jaeger:16686/trace/{traceId}`); undefined when unset.
 */
export function readTraceUrl(env: Env, problems: string[]): string | undefined {
  const raw = value(env, 'TRACE_URL');
  if (raw === undefined) return undefined;
  const url = URL.parse(raw.replaceAll('{traceId}', '0'));
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || !raw.includes('{traceId}')) {
    problems.push(`TRACE_URL: expected an http:// or https:// URL containing {traceId} (got ${JSON.stringify(shown(raw))})`);
    return undefined;
  }
  return raw;
}
