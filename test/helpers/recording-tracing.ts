import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import {
  servedAttributes,
  servedName,
  type SpanAttributes,
  type SpanOptions,
  type SpanScope,
  type Tracing,
} from '../../src/telemetry/tracing.js';

/** A span as the recording tracing kept it. */
export interface RecordedSpan {
  name: string;
  kind: NonNullable<SpanOptions['kind']>;
  attributes: Record<string, string | number | boolean>;
  links: string[];
  traceId: string;
  spanId: string;
  /** The parent's span id; null for a root span. */
  parentId: string | null;
  /** The parent given as a `traceparent` (a caller's header). */
  remoteParent: string | null;
  ended: boolean;
  failed: unknown;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/**
 * A `Tracing` that keeps every span in memory, nesting them as OpenTelemetry does (the active span in an
 * AsyncLocalStorage), so tests can check what each seam of Petstore reports without an exporter.
 */
export class RecordingTracing implements Tracing {
  readonly enabled = true;
  readonly spans: RecordedSpan[] = [];
  private readonly active = new AsyncLocalStorage<RecordedSpan>();

  private begin(name: string, options: SpanOptions): { record: RecordedSpan; scope: SpanScope } {
    const parent = options.root === true ? undefined : this.active.getStore();
    const remote = options.parent === undefined ? null : TRACEPARENT.exec(options.parent);
    const record: RecordedSpan = {
      name,
      kind: options.kind ?? 'internal',
      attributes: {},
      links: [...(options.links ?? [])],
      traceId: remote?.[1] ?? parent?.traceId ?? randomBytes(16).toString('hex'),
      spanId: randomBytes(8).toString('hex'),
      parentId: remote?.[2] ?? parent?.spanId ?? null,
      remoteParent: remote === null ? null : (options.parent ?? null),
      ended: false,
      failed: undefined,
    };
    const set = (attributes: SpanAttributes) => {
      for (const [k, v] of Object.entries(attributes)) if (v !== undefined) record.attributes[k] = v;
    };
    set(options.attributes ?? {});
    this.spans.push(record);
    const scope: SpanScope & { record: RecordedSpan } = {
      record,
      traceId: record.traceId,
      spanId: record.spanId,
      setAttributes: set,
      served: (request) => {
        record.name = servedName(request);
        set(servedAttributes(request));
      },
      fail: (err) => {
        record.failed = err ?? new Error('failed');
      },
      end: () => {
        record.ended = true;
      },
    };
    return { record, scope };
  }

  inSpan<T>(name: string, options: SpanOptions, fn: (span: SpanScope) => T): T {
    const { record, scope } = this.begin(name, options);
    let result: T;
    try {
      result = this.active.run(record, () => fn(scope));
    } catch (err) {
      scope.fail(err);
      scope.end();
      throw err;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          scope.end();
          return value;
        },
        (err: unknown) => {
          scope.fail(err);
          scope.end();
          throw err;
        },
      ) as T;
    }
    scope.end();
    return result;
  }

  startSpan(name: string, options: SpanOptions): SpanScope {
    return this.begin(name, options).scope;
  }

  startServerSpan(name: string, traceparent: string | undefined, tracestate: string | undefined): SpanScope {
    return this.startSpan(name, { kind: 'server', root: true, parent: traceparent, tracestate });
  }

  withActive<T>(span: SpanScope, fn: () => T): T {
    const record = (span as SpanScope & { record?: RecordedSpan }).record;
    return record === undefined ? fn() : this.active.run(record, fn);
  }

  activeTraceparent(): string | null {
    const span = this.active.getStore();
    return span === undefined ? null : `00-${span.traceId}-${span.spanId}-01`;
  }

  detached<T>(fn: () => T): T {
    return this.active.exit(fn);
  }

  /** The spans named `name` (or matching it). */
  named(name: string | RegExp): RecordedSpan[] {
    return this.spans.filter((s) => (typeof name === 'string' ? s.name === name : name.test(s.name)));
  }

  /** The server span the pipeline's trace stage made for the request that got `res` (found by its X-Request-Id). */
  serverSpanOf(res: { headers: Record<string, unknown> }): RecordedSpan {
    const id = res.headers['x-request-id'];
    const span = this.spans.find((s) => s.kind === 'server' && s.attributes['petstore.request_id'] === id);
    if (!span) throw new Error(`no server span for request ${String(id)}`);
    return span;
  }

  /** Whether `span` is `ancestor` or below it. */
  descends(span: RecordedSpan, ancestor: RecordedSpan): boolean {
    let at: RecordedSpan | undefined = span;
    for (let depth = 0; at !== undefined && depth < 100; depth++) {
      if (at.spanId === ancestor.spanId) return true;
      const parentId: string | null = at.parentId;
      at = parentId === null ? undefined : this.spans.find((s) => s.spanId === parentId);
    }
    return false;
  }

  /** The traceparent of a recorded span. */
  static traceparentOf(span: RecordedSpan): string {
    return `00-${span.traceId}-${span.spanId}-01`;
  }
}
