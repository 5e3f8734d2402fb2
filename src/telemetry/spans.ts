import { AsyncLocalStorage } from 'node:async_hooks';
import type { FinishedSpan, SpanEvent, SpanLink } from './otlp.js';
import type { SamplerName } from './settings.js';
import type { ServedRequest, SpanAttributes, SpanOptions, SpanScope, Tracing } from './tracing.js';

/**
 * Petstore's own span recorder behind the `Tracing` seam: a span is one small object (hex ids, start and end as
 * numbers, the attribute objects as given), sampled as OTEL_TRACES_SAMPLER says, and handed when it ends to `sink`
 * (the batch queue, spans-export.ts), which encodes it at once. The active span is kept in AsyncLocalStorage, so
 * what a request starts (statements, Redis commands) nests under its span.
 */

const KINDS: Record<NonNullable<SpanOptions['kind']>, number> = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 };

/**
 * Ids are slices of one text of random hex digits, 4 KiB of random bytes written in hex at once (a call into Buffer
 * for each id cost more than the rest of its span's start). The bytes come from Math.random, as OpenTelemetry JS's
 * own ids do: an id must be unique, not secret, and a cryptographic source cost a tenth of a span's time.
 */
const POOL = Buffer.allocUnsafeSlow(4096);
const WORDS = new Uint32Array(POOL.buffer, POOL.byteOffset, POOL.length / 4);
let digits = '';
let digitsAt = 0;
const ZEROS_32 = '0'.repeat(32);
const ZEROS_16 = '0'.repeat(16);

function randomHex(bytes: 8 | 16): string {
  const length = 2 * bytes;
  if (digitsAt + length > digits.length) {
    for (let i = 0; i < WORDS.length; i++) WORDS[i] = Math.random() * 0x100000000;
    digits = POOL.toString('hex');
    digitsAt = 0;
  }
  const id = digits.slice(digitsAt, (digitsAt += length));
  // An all-zero id is invalid (W3C Trace Context): drawn again, never sent.
  return id === (bytes === 16 ? ZEROS_32 : ZEROS_16) ? randomHex(bytes) : id;
}

export const newTraceId = (): string => randomHex(16);
export const newSpanId = (): string => randomHex(8);

/** A parsed W3C `traceparent`. */
export interface SpanContext {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT = /^\s?([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?\s?$/;

/** A `traceparent` value's span context, or null when it is malformed or invalid (W3C Trace Context, version 00 and later). */
export function parseTraceparent(value: string): SpanContext | null {
  const m = TRACEPARENT.exec(value);
  if (m === null) return null;
  const [, version, traceId, spanId, flags, rest] = m as unknown as [string, string, string, string, string, string | undefined];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (traceId === ZEROS_32 || spanId === ZEROS_16) return null;
  return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

const STATE_KEY = /^(?:[a-z][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})$/;
const STATE_VALUE = /^[ -~]{0,255}[!-~]$/;

/** A `tracestate` value with its malformed entries left out (32 entries, 512 characters at most), as it goes on. */
export function cleanTracestate(raw: string): string {
  const entries = new Map<string, string>();
  let length = 0;
  for (const member of raw.split(',')) {
    const m = member.trim();
    const eq = m.indexOf('=');
    if (eq === -1) continue;
    const key = m.slice(0, eq);
    const value = m.slice(eq + 1);
    if (!STATE_KEY.test(key) || !STATE_VALUE.test(value) || value.includes(',') || value.includes('=')) continue;
    const next = length + m.length + (entries.size > 0 ? 1 : 0);
    if (next > 512) continue;
    entries.set(key, value);
    length = next;
    if (entries.size >= 32) break;
  }
  let out = '';
  for (const [key, value] of entries) out += `${out === '' ? '' : ','}${key}=${value}`;
  return out;
}

/** Decides whether a new span is recorded, from its trace id and its parent (OTEL_TRACES_SAMPLER and …_ARG). */
export type Sampler = (traceId: string, parent: { sampled: boolean } | null) => boolean;

/** The ratio sampler of OpenTelemetry JS: the trace id's 32-bit words XORed, against the ratio of 2^32 - 1. */
function ratioSampler(ratio: number): (traceId: string) => boolean {
  const ceiling = Math.floor(Math.max(0, Math.min(1, ratio)) * 0xffffffff);
  return (traceId) => {
    let acc = 0;
    for (let i = 0; i < 32; i += 8) acc = (acc ^ parseInt(traceId.slice(i, i + 8), 16)) >>> 0;
    return acc <= ceiling;
  };
}

export function samplerOf(name: SamplerName, ratio: number): Sampler {
  const byRatio = ratioSampler(ratio);
  switch (name) {
    case 'always_on':
      return () => true;
    case 'always_off':
      return () => false;
    case 'traceidratio':
      return (traceId) => byRatio(traceId);
    case 'parentbased_always_on':
      return (_traceId, parent) => parent === null || parent.sampled;
    case 'parentbased_always_off':
      return (_traceId, parent) => parent !== null && parent.sampled;
    case 'parentbased_traceidratio':
      return (traceId, parent) => (parent === null ? byRatio(traceId) : parent.sampled);
  }
}

/** The attributes of a span given none: shared, never written to (setAttributes replaces it). */
const NO_ATTRIBUTES: readonly SpanAttributes[] = Object.freeze([]);

const ORIGIN = performance.timeOrigin;
const epochMs = (): number => ORIGIN + performance.now();

/** A span; one the sampler dropped keeps its ids for its children and `traceparent` only, and records nothing. */
export class RecordedSpan implements SpanScope, FinishedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly name: string;
  readonly startMs: number;
  endMs = 0;
  attributes: readonly SpanAttributes[];
  /** A server span's request, once answered: its name and attributes are encoded from it. */
  answered: ServedRequest | null = null;
  events: SpanEvent[] | null = null;
  statusCode = 0;
  statusMessage = '';
  private ended = false;

  constructor(
    private readonly recorder: SpanRecorder | null,
    readonly trace: string,
    readonly id: string,
    readonly parentSpanId: string,
    readonly parentRemote: boolean,
    readonly traceState: string,
    name: string,
    readonly kind: number,
    attributes: SpanAttributes | undefined,
    readonly links: SpanLink[] | null,
  ) {
    const sampled = recorder !== null;
    this.traceId = sampled ? trace : '';
    this.spanId = sampled ? id : '';
    this.name = name;
    this.attributes = attributes === undefined || !sampled ? NO_ATTRIBUTES : [attributes];
    this.startMs = sampled ? epochMs() : 0;
  }

  get sampled(): boolean {
    return this.recorder !== null;
  }

  setAttributes(attributes: SpanAttributes): void {
    if (this.recorder !== null && !this.ended) this.attributes = [...this.attributes, attributes];
  }

  served(request: ServedRequest): void {
    if (this.recorder !== null && !this.ended) this.answered = request;
  }

  fail(err: unknown): void {
    if (this.recorder === null || this.ended) return;
    const error = err instanceof Error ? err : new Error(String(err));
    const attributes: Record<string, string> = {};
    const code = (error as { code?: unknown }).code;
    if (code !== undefined && code !== null) attributes['exception.type'] = String(code);
    else if (error.name !== '') attributes['exception.type'] = error.name;
    if (error.message !== '') attributes['exception.message'] = error.message;
    if (error.stack !== undefined) attributes['exception.stacktrace'] = error.stack;
    (this.events ??= []).push({ name: 'exception', timeMs: epochMs(), attributes });
    this.statusCode = 2;
    this.statusMessage = error.message;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.recorder === null) return;
    this.endMs = epochMs();
    this.recorder.finished(this);
  }

  traceparent(): string {
    return `00-${this.trace}-${this.id}-${this.recorder === null ? '00' : '01'}`;
  }
}

/** Where finished spans go (the batch queue). */
export interface SpanSink {
  add(span: FinishedSpan): void;
}

/** The remote parent a span continues, from a caller's `traceparent`. */
interface RemoteParent extends SpanContext {
  traceState: string;
}

export class SpanRecorder implements Tracing {
  readonly enabled = true;
  private readonly active = new AsyncLocalStorage<RecordedSpan | undefined>();

  constructor(
    private readonly sampler: Sampler,
    private readonly sink: SpanSink,
  ) {}

  finished(span: RecordedSpan): void {
    this.sink.add(span);
  }

  private open(name: string, options: SpanOptions): RecordedSpan {
    let remote: RemoteParent | null = null;
    if (options.parent !== undefined) {
      const caller = parseTraceparent(options.parent);
      if (caller !== null) {
        remote = { ...caller, traceState: options.tracestate === undefined ? '' : cleanTracestate(options.tracestate) };
      }
    }
    const local = remote === null && options.root !== true ? this.active.getStore() : undefined;
    const traceId = remote?.traceId ?? local?.trace ?? newTraceId();
    const parent = remote ?? (local === undefined ? null : { sampled: local.sampled });
    const sampled = this.sampler(traceId, parent);
    let links: SpanLink[] | null = null;
    if (sampled && options.links !== undefined && options.links.length > 0) {
      for (const value of options.links) {
        const context = parseTraceparent(value);
        // A link's context came from elsewhere (another request's trace): remote, in OTLP's flags.
        if (context !== null)
          (links ??= []).push({ traceId: context.traceId, spanId: context.spanId, flags: (context.sampled ? 1 : 0) | 0x300 });
      }
    }
    return new RecordedSpan(
      sampled ? this : null,
      traceId,
      newSpanId(),
      remote?.spanId ?? local?.id ?? '',
      remote !== null,
      remote?.traceState ?? local?.traceState ?? '',
      name,
      KINDS[options.kind ?? 'internal'],
      options.attributes,
      links,
    );
  }

  inSpan<T>(name: string, options: SpanOptions, fn: (span: SpanScope) => T): T {
    const span = this.open(name, options);
    let result: T;
    try {
      result = this.active.run(span, fn, span);
    } catch (err) {
      span.fail(err);
      span.end();
      throw err;
    }
    if (result instanceof Promise) {
      result.then(
        () => span.end(),
        (err: unknown) => {
          span.fail(err);
          span.end();
        },
      );
    } else {
      span.end();
    }
    return result;
  }

  startSpan(name: string, options: SpanOptions): SpanScope {
    return this.open(name, options);
  }

  startServerSpan(name: string, traceparent: string | undefined, tracestate: string | undefined): SpanScope {
    if (traceparent !== undefined) return this.open(name, { kind: 'server', root: true, parent: traceparent, tracestate });
    // The common case without an options object: `open` reads options of every shape its callers give.
    const traceId = newTraceId();
    const sampled = this.sampler(traceId, null);
    return new RecordedSpan(sampled ? this : null, traceId, newSpanId(), '', false, '', name, KINDS.server, undefined, null);
  }

  withActive<T>(span: SpanScope, fn: () => T): T {
    if (!(span instanceof RecordedSpan)) return fn();
    return this.active.run(span, fn);
  }

  activeTraceparent(): string | null {
    return this.active.getStore()?.traceparent() ?? null;
  }

  detached<T>(fn: () => T): T {
    return this.active.run(undefined, fn);
  }

  /** The active span's ids for a log line; null when no recorded span is active. */
  activeIds(): { trace_id: string; span_id: string } | null {
    const span = this.active.getStore();
    if (span === undefined || !span.sampled) return null;
    return { trace_id: span.traceId, span_id: span.spanId };
  }
}
