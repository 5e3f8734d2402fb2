import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

/**
 * An OTLP/HTTP receiver for tests: what a collector would get, decoded from protobuf (`application/x-protobuf`) or
 * JSON (`application/json`) into one shape, so a test asserts the same things whichever protocol was sent. The
 * protobuf messages are the OTLP specification's (opentelemetry-proto), the fields Petstore's exports use.
 */

const OTLP_PROTO = `
syntax = "proto3";
message AnyValue {
  oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4;
    ArrayValue array_value = 5; KeyValueList kvlist_value = 6; bytes bytes_value = 7; }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
message KeyValue { string key = 1; AnyValue value = 2; }
message InstrumentationScope { string name = 1; string version = 2; repeated KeyValue attributes = 3; }
message Resource { repeated KeyValue attributes = 1; }

message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; string schema_url = 3; }
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; string schema_url = 3; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; bytes parent_span_id = 4; fixed32 flags = 16;
  string name = 5; int32 kind = 6; fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8;
  repeated KeyValue attributes = 9; repeated Event events = 11; repeated Link links = 13; Status status = 15;
}
message Event { fixed64 time_unix_nano = 1; string name = 2; repeated KeyValue attributes = 3; }
message Link { bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; repeated KeyValue attributes = 4; fixed32 flags = 6; }
message Status { string message = 2; int32 code = 3; }

message ExportMetricsServiceRequest { repeated ResourceMetrics resource_metrics = 1; }
message ResourceMetrics { Resource resource = 1; repeated ScopeMetrics scope_metrics = 2; string schema_url = 3; }
message ScopeMetrics { InstrumentationScope scope = 1; repeated Metric metrics = 2; string schema_url = 3; }
message Metric { string name = 1; string description = 2; string unit = 3; Gauge gauge = 5; Sum sum = 7; Histogram histogram = 9; }
message Gauge { repeated NumberDataPoint data_points = 1; }
message Sum { repeated NumberDataPoint data_points = 1; int32 aggregation_temporality = 2; bool is_monotonic = 3; }
message Histogram { repeated HistogramDataPoint data_points = 1; int32 aggregation_temporality = 2; }
message NumberDataPoint {
  repeated KeyValue attributes = 7; fixed64 start_time_unix_nano = 2; fixed64 time_unix_nano = 3;
  double as_double = 4; sfixed64 as_int = 6;
}
message HistogramDataPoint {
  repeated KeyValue attributes = 9; fixed64 start_time_unix_nano = 2; fixed64 time_unix_nano = 3; fixed64 count = 4;
  double sum = 5; repeated fixed64 bucket_counts = 6; repeated double explicit_bounds = 7;
}
`;

const root = protobuf.parse(OTLP_PROTO, { keepCase: false }).root;
const TraceRequest = root.lookupType('ExportTraceServiceRequest');
const MetricsRequest = root.lookupType('ExportMetricsServiceRequest');

export type AttributeValue = string | number | boolean | null;
export type Attributes = Record<string, AttributeValue>;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  /** W3C `tracestate` entries the span carries ('' for none). */
  traceState: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Attributes;
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  links: { traceId: string; spanId: string }[];
  events: { name: string; attributes: Attributes }[];
  resource: Attributes;
  startNs: bigint;
  endNs: bigint;
  /** The content type it arrived in. */
  protocol: 'protobuf' | 'json';
}

export interface ReceivedPoint {
  attributes: Attributes;
  /** A sum's or a gauge's value. */
  value?: number;
  /** A histogram's count and sum. */
  count?: number;
  sum?: number;
}

export interface ReceivedMetric {
  name: string;
  unit: string;
  type: 'gauge' | 'sum' | 'histogram';
  points: ReceivedPoint[];
  resource: Attributes;
  protocol: 'protobuf' | 'json';
}

/** A decoded message as plain JSON-like data: protobuf after `toObject`, or OTLP/JSON as sent. */
type Plain = Record<string, unknown>;

const hexOfBase64 = (value: unknown): string => (typeof value === 'string' ? Buffer.from(value, 'base64').toString('hex') : '');

function anyValue(value: Plain | undefined): AttributeValue {
  if (value === undefined) return null;
  if (value.stringValue !== undefined) return value.stringValue as string;
  if (value.boolValue !== undefined) return value.boolValue as boolean;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  return null;
}

function attributes(list: unknown): Attributes {
  const out: Attributes = {};
  for (const kv of (list ?? []) as Plain[]) out[kv.key as string] = anyValue(kv.value as Plain | undefined);
  return out;
}

function spansOf(body: Plain, protocol: 'protobuf' | 'json'): ReceivedSpan[] {
  // OTLP/JSON gives ids as hex; protobuf's bytes come out of toObject as base64.
  const id = protocol === 'json' ? (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '') : hexOfBase64;
  const out: ReceivedSpan[] = [];
  for (const rs of (body.resourceSpans ?? []) as Plain[]) {
    const resource = attributes((rs.resource as Plain | undefined)?.attributes);
    for (const ss of (rs.scopeSpans ?? []) as Plain[]) {
      for (const s of (ss.spans ?? []) as Plain[]) {
        const status = (s.status ?? {}) as Plain;
        out.push({
          traceId: id(s.traceId),
          spanId: id(s.spanId),
          parentSpanId: id(s.parentSpanId),
          traceState: typeof s.traceState === 'string' ? s.traceState : '',
          name: s.name as string,
          kind: Number(s.kind ?? 0),
          attributes: attributes(s.attributes),
          status: { code: Number(status.code ?? 0), message: (status.message as string | undefined) ?? '' },
          links: ((s.links ?? []) as Plain[]).map((l) => ({ traceId: id(l.traceId), spanId: id(l.spanId) })),
          events: ((s.events ?? []) as Plain[]).map((e) => ({ name: e.name as string, attributes: attributes(e.attributes) })),
          resource,
          startNs: BigInt((s.startTimeUnixNano as string | undefined) ?? 0),
          endNs: BigInt((s.endTimeUnixNano as string | undefined) ?? 0),
          protocol,
        });
      }
    }
  }
  return out;
}

function metricsOf(body: Plain, protocol: 'protobuf' | 'json'): ReceivedMetric[] {
  const out: ReceivedMetric[] = [];
  for (const rm of (body.resourceMetrics ?? []) as Plain[]) {
    const resource = attributes((rm.resource as Plain | undefined)?.attributes);
    for (const sm of (rm.scopeMetrics ?? []) as Plain[]) {
      for (const m of (sm.metrics ?? []) as Plain[]) {
        const type = m.histogram ? 'histogram' : m.sum ? 'sum' : 'gauge';
        const data = (m[type] ?? {}) as Plain;
        const points = ((data.dataPoints ?? []) as Plain[]).map((p): ReceivedPoint => {
          const point: ReceivedPoint = { attributes: attributes(p.attributes) };
          if (type === 'histogram') {
            point.count = Number(p.count ?? 0);
            point.sum = Number(p.sum ?? 0);
          } else {
            point.value = Number(p.asInt ?? p.asDouble ?? 0);
          }
          return point;
        });
        out.push({ name: m.name as string, unit: (m.unit as string | undefined) ?? '', type, points, resource, protocol });
      }
    }
  }
  return out;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface OtlpReceiver {
  /** The endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT (`http://127.0.0.1:PORT`). */
  readonly url: string;
  readonly spans: ReceivedSpan[];
  readonly metrics: ReceivedMetric[];
  /** Each export's path and content type, as received. */
  readonly exports: { path: string; contentType: string }[];
  /** Resolves with the spans matching `predicate` once there is one; rejects after `timeoutMs`. */
  waitForSpans(predicate: (span: ReceivedSpan) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  waitForSpan(predicate: (span: ReceivedSpan) => boolean, timeoutMs?: number): Promise<ReceivedSpan>;
  /** Resolves with the metrics named `name` once one (matching `predicate`, when given) was received; rejects after `timeoutMs`. */
  waitForMetric(name: string, timeoutMs?: number, predicate?: (metric: ReceivedMetric) => boolean): Promise<ReceivedMetric[]>;
  close(): Promise<void>;
}

/** Starts a receiver on a free port of 127.0.0.1. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const metrics: ReceivedMetric[] = [];
  const exports: { path: string; contentType: string }[] = [];
  const listeners = new Set<() => void>();

  const server: Server = createServer((req, res) => {
    bodyOf(req).then(
      (buffer) => {
        const contentType = req.headers['content-type'] ?? '';
        const path = req.url ?? '/';
        exports.push({ path, contentType });
        const json = contentType.startsWith('application/json');
        const signal = path.endsWith('/v1/traces') ? 'traces' : path.endsWith('/v1/metrics') ? 'metrics' : null;
        if (req.method !== 'POST' || signal === null || (!json && !contentType.startsWith('application/x-protobuf'))) {
          res.writeHead(404).end();
          return;
        }
        const type = signal === 'traces' ? TraceRequest : MetricsRequest;
        const body: Plain = json
          ? (JSON.parse(buffer.toString('utf8')) as Plain)
          : (type.toObject(type.decode(buffer), { longs: String, bytes: String, enums: Number }) as Plain);
        const protocol = json ? 'json' : 'protobuf';
        if (signal === 'traces') spans.push(...spansOf(body, protocol));
        else metrics.push(...metricsOf(body, protocol));
        for (const listener of [...listeners]) listener();
        res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : undefined);
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const waitFor = <T>(found: () => T | null, timeoutMs: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === null) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(
            `OTLP receiver: no ${what} within ${String(timeoutMs)} ms (got spans: ${spans.map((s) => s.name).join(', ') || 'none'})`,
          ),
        );
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  return {
    url: `http://127.0.0.1:${String(port)}`,
    spans,
    metrics,
    exports,
    waitForSpans: (predicate, timeoutMs = 15_000) =>
      waitFor(
        () => {
          const matching = spans.filter(predicate);
          return matching.length > 0 ? matching : null;
        },
        timeoutMs,
        'matching span',
      ),
    waitForSpan: async (predicate, timeoutMs = 15_000) => {
      const [first] = await waitFor(
        () => {
          const matching = spans.filter(predicate);
          return matching.length > 0 ? matching : null;
        },
        timeoutMs,
        'matching span',
      );
      return first as ReceivedSpan;
    },
    waitForMetric: (name, timeoutMs = 15_000, predicate = () => true) =>
      waitFor(
        () => {
          const matching = metrics.filter((m) => m.name === name && predicate(m));
          return matching.length > 0 ? matching : null;
        },
        timeoutMs,
        `metric ${name}`,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that turns a server's telemetry on, exporting to `receiver` in `protocol`, quickly. */
export function otlpEnv(receiver: OtlpReceiver, protocol: 'http/protobuf' | 'http/json' = 'http/protobuf'): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
}
