import { SERVED_OWN_KEYS, servedName, servedSharedAttributes, type ServedRequest, type SpanAttributes } from './tracing.js';

/**
 * Finished spans encoded as OTLP (opentelemetry-proto's `trace/v1` messages), in protobuf here or in OTLP/JSON
 * (otlp-json.ts). A span is encoded the moment it ends, into a page (one reused buffer), so nothing of it stays on
 * the heap while it waits for its export: an export is its page wrapped in the request's resource and scope.
 */

export type Attribute = string | number | boolean;

/** A linked span context, from a W3C `traceparent`. */
export interface SpanLink {
  traceId: string;
  spanId: string;
  flags: number;
}

export interface SpanEvent {
  name: string;
  /** Epoch milliseconds (fractional). */
  timeMs: number;
  attributes: Readonly<Record<string, Attribute>>;
}

/** What an encoder reads of a finished span. */
export interface FinishedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** '' for a root span. */
  readonly parentSpanId: string;
  readonly parentRemote: boolean;
  readonly traceState: string;
  readonly name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  /** Epoch milliseconds (fractional). */
  readonly startMs: number;
  readonly endMs: number;
  /** The attribute objects as given, later ones overriding earlier ones. */
  readonly attributes: readonly SpanAttributes[];
  /** A server span's request once answered: the span's name, and attributes before `attributes`. */
  readonly answered: ServedRequest | null;
  readonly events: readonly SpanEvent[] | null;
  readonly links: readonly SpanLink[] | null;
  /** 0 unset, 2 error. */
  readonly statusCode: number;
  readonly statusMessage: string;
}

/** A page of encoded spans: the spans of one export at most. */
export class Page {
  buf: Buffer;
  used = 0;
  count = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafeSlow(size);
  }
  /** Makes room for `bytes` more, keeping what is written. */
  ensure(bytes: number): void {
    if (this.used + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.used + bytes));
    this.buf.copy(grown, 0, 0, this.used);
    this.buf = grown;
  }
  reset(): void {
    this.used = 0;
    this.count = 0;
  }
}

export interface SpanEncoder {
  readonly contentType: string;
  /** Appends `span` to `page`. */
  append(page: Page, span: FinishedSpan): void;
  /** The export request of a page's spans, in pieces (the page's bytes are sent as they are, not copied). */
  request(page: Page): Buffer[];
}

export interface EncoderScope {
  resource: Readonly<Record<string, string>>;
  scopeName: string;
  scopeVersion: string;
}

/** One attribute object, or the later ones' values over the earlier ones'. */
export function merged(list: readonly SpanAttributes[]): SpanAttributes {
  if (list.length === 1) return list[0] as SpanAttributes;
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const attributes of list) {
    for (const key in attributes) {
      const v = attributes[key];
      if (v !== undefined) out[key] = v;
    }
  }
  return out;
}

/** The most bytes a span can take, encoded (strings at 3 bytes a UTF-16 unit, their JSON escapes at 6). */
function bound(span: FinishedSpan): number {
  let n = 256 + 6 * (span.name.length + span.traceState.length + span.statusMessage.length);
  const served = span.answered;
  if (served !== null) n += 512 + 6 * (served.method.length + (served.route?.length ?? 0) + ownLength(served));
  for (const attributes of span.attributes) n += attributesBound(attributes);
  if (span.events !== null) for (const e of span.events) n += 64 + 6 * e.name.length + attributesBound(e.attributes);
  if (span.links !== null) n += 128 * span.links.length;
  return n;
}

const ownLength = (served: ServedRequest): number => served.requestId.length + (served.project?.length ?? 0) + (served.keyId?.length ?? 0);

function attributesBound(attributes: SpanAttributes): number {
  let n = 0;
  for (const key in attributes) {
    const v = attributes[key];
    n += 64 + 6 * key.length + (typeof v === 'string' ? 6 * v.length : 0);
  }
  return n;
}

// ---- protobuf ----

const varintSize = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

function writeVarint(buf: Buffer, pos: number, n: number): number {
  while (n >= 0x80) {
    buf[pos++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  buf[pos++] = n;
  return pos;
}

/** An int64 varint: negative values as their 64-bit two's complement (ten bytes). */
function writeInt64(buf: Buffer, pos: number, n: number): number {
  if (n >= 0) return writeVarint(buf, pos, n);
  let lo = (n % 0x100000000) >>> 0;
  let hi = Math.floor(n / 0x100000000) >>> 0;
  for (let i = 0; i < 9; i++) {
    buf[pos++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi = hi >>> 7;
  }
  buf[pos++] = lo & 0x01;
  return pos;
}

/** Epoch milliseconds as fixed64 nanoseconds, exactly (a double cannot hold them: 2^53 < 1.7e18). */
function writeNanos(buf: Buffer, pos: number, ms: number): number {
  const whole = Math.floor(ms);
  const frac = Math.round((ms - whole) * 1e6);
  const ah = Math.floor(whole / 65536);
  const al = whole - ah * 65536;
  const x = ah * 1e6;
  const xh = Math.floor(x / 65536);
  const xl = x - xh * 65536;
  const m = xl * 65536 + al * 1e6 + frac;
  const carry = Math.floor(m / 0x100000000);
  const lo = m - carry * 0x100000000;
  const hi = xh + carry;
  // Byte by byte: a typed array keeps each value's low 8 bits.
  buf[pos] = lo;
  buf[pos + 1] = lo >>> 8;
  buf[pos + 2] = lo >>> 16;
  buf[pos + 3] = lo >>> 24;
  buf[pos + 4] = hi;
  buf[pos + 5] = hi >>> 8;
  buf[pos + 6] = hi >>> 16;
  buf[pos + 7] = hi >>> 24;
  return pos + 8;
}

/** A length-delimited field whose length is not known yet: room for `reserve` bytes of it. */
function open(buf: Buffer, pos: number, tag: number, reserve: number): number {
  buf[pos] = tag;
  return pos + 1 + reserve;
}

/** Writes the length of the field opened at `start` (its tag's position) and moves its body back when it is shorter. */
function close(buf: Buffer, start: number, reserve: number, end: number): number {
  const body = start + 1 + reserve;
  const length = end - body;
  const size = varintSize(length);
  writeVarint(buf, start + 1, length);
  if (size === reserve) return end;
  buf.copyWithin(start + 1 + size, body, end);
  return end - (reserve - size);
}

function writeString(buf: Buffer, pos: number, tag: number, s: string): number {
  buf[pos++] = tag;
  const length = s.length;
  // Short ASCII strings (names, keys, most values) byte by byte: cheaper than a call into C++ for each.
  if (length < 0x80) {
    let i = 0;
    for (; i < length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      buf[pos + 1 + i] = c;
    }
    if (i === length) {
      buf[pos] = length;
      return pos + 1 + length;
    }
  }
  const reserve = varintSize(3 * s.length);
  const n = buf.write(s, pos + reserve, 'utf8');
  const size = varintSize(n);
  writeVarint(buf, pos, n);
  if (size !== reserve) buf.copyWithin(pos + size, pos + reserve, pos + reserve + n);
  return pos + size + n;
}

/** The value of each hex digit's character code (lower case, as ids are written); -1 for any other. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_DIGIT[i.toString(16).charCodeAt(0)] = i;

/** An id's bytes from its hex digits; in JavaScript, as a call into Buffer's hex decoder costs more than the few bytes. */
function writeId(buf: Buffer, pos: number, tag: number, hex: string): number {
  const length = hex.length >>> 1;
  buf[pos++] = tag;
  buf[pos++] = length;
  for (let i = 0; i < length; i++) {
    const a = hex.charCodeAt(2 * i);
    const b = hex.charCodeAt(2 * i + 1);
    const high = HEX_DIGIT[a & 0x7f] as number;
    const low = HEX_DIGIT[b & 0x7f] as number;
    // Never for an id Petstore made or parsed (both are checked hex): the span is sent with its id as Buffer reads it.
    if ((a | b) >= 0x80 || (high | low) < 0) return pos - 2 + writeIdSlowly(buf, pos - 2, tag, hex);
    buf[pos + i] = (high << 4) | low;
  }
  return pos + length;
}

function writeIdSlowly(buf: Buffer, pos: number, tag: number, hex: string): number {
  buf[pos] = tag;
  const n = buf.write(hex, pos + 2, 'hex');
  buf[pos + 1] = n;
  return 2 + n;
}

function writeValue(buf: Buffer, pos: number, v: Attribute): number {
  if (typeof v === 'string') return writeString(buf, pos, 0x0a, v);
  if (typeof v === 'boolean') {
    buf[pos] = 0x10;
    buf[pos + 1] = v ? 1 : 0;
    return pos + 2;
  }
  if (Number.isSafeInteger(v)) {
    buf[pos] = 0x18;
    return writeInt64(buf, pos + 1, v);
  }
  buf[pos] = 0x21;
  buf.writeDoubleLE(v, pos + 1);
  return pos + 9;
}

/** A KeyValue field (`tag`). */
function writeAttribute(buf: Buffer, pos: number, tag: number, key: string, v: Attribute): number {
  const reserve = varintSize(16 + 3 * (key.length + (typeof v === 'string' ? v.length : 0)));
  const kv = pos;
  pos = open(buf, pos, tag, reserve);
  pos = writeString(buf, pos, 0x0a, key);
  const value = pos;
  const inner = varintSize(8 + 3 * (typeof v === 'string' ? v.length : 0));
  pos = open(buf, pos, 0x12, inner);
  pos = writeValue(buf, pos, v);
  pos = close(buf, value, inner, pos);
  return close(buf, kv, reserve, pos);
}

/** KeyValue fields (`tag`) of each defined attribute. */
function writeAttributes(buf: Buffer, pos: number, tag: number, attributes: SpanAttributes): number {
  for (const key in attributes) {
    const v = attributes[key];
    if (v !== undefined) pos = writeAttribute(buf, pos, tag, key, v);
  }
  return pos;
}

/**
 * A served request's span name and shared attributes, encoded once for each method, route, status and environment
 * (a few dozen in a running server; past MAX_TEMPLATES, encoded for each span).
 */
const templates = new Map<string | null, Map<string, Map<string, Map<number, Buffer>>>>();
const MAX_TEMPLATES = 4096;
let templateCount = 0;

function servedTemplate(served: ServedRequest): Buffer {
  let byMethod = templates.get(served.route);
  if (byMethod === undefined) templates.set(served.route, (byMethod = new Map()));
  let byEnvironment = byMethod.get(served.method);
  if (byEnvironment === undefined) byMethod.set(served.method, (byEnvironment = new Map()));
  let byStatus = byEnvironment.get(served.environment);
  if (byStatus === undefined) byEnvironment.set(served.environment, (byStatus = new Map()));
  let template = byStatus.get(served.status);
  if (template === undefined) {
    const name = servedName(served);
    const shared = servedSharedAttributes(served);
    const buf = Buffer.allocUnsafe(16 + 6 * name.length + attributesBound(shared));
    template = Buffer.from(buf.subarray(0, writeAttributes(buf, writeString(buf, 0, 0x2a, name), 0x4a, shared)));
    if (templateCount < MAX_TEMPLATES) {
      byStatus.set(served.status, template);
      templateCount++;
    }
  }
  return template;
}

/** A string attribute of every served request's span: its key, and the start of its KeyValue encoded once. */
class OwnAttribute {
  /** The key field (1) of the KeyValue. */
  readonly keyField: Buffer;
  constructor(readonly key: string) {
    this.keyField = Buffer.from([0x0a, key.length, ...Buffer.from(key, 'latin1')]);
  }

  /** The attribute as a span's `attributes` field (9): one-byte lengths when the value is short ASCII, as ids are. */
  write(buf: Buffer, pos: number, value: string): number {
    const keyField = this.keyField;
    const k = keyField.length;
    const n = value.length;
    // KeyValue { key, value: AnyValue { string_value } }: its length, the key's, the AnyValue's and the string's.
    if (k + 4 + n < 0x80) {
      let at = pos + 2;
      for (let i = 0; i < k; i++) buf[at + i] = keyField[i] as number;
      at += k;
      buf[at] = 0x12;
      buf[at + 1] = n + 2;
      buf[at + 2] = 0x0a;
      buf[at + 3] = n;
      at += 4;
      let i = 0;
      for (; i < n; i++) {
        const c = value.charCodeAt(i);
        if (c >= 0x80) break;
        buf[at + i] = c;
      }
      if (i === n) {
        buf[pos] = 0x4a;
        buf[pos + 1] = k + 4 + n;
        return at + n;
      }
    }
    return writeAttribute(buf, pos, 0x4a, this.key, value);
  }
}

const REQUEST_ID = new OwnAttribute(SERVED_OWN_KEYS.requestId);
const PROJECT = new OwnAttribute(SERVED_OWN_KEYS.project);
const KEY_ID = new OwnAttribute(SERVED_OWN_KEYS.keyId);

/** A served request's span name and attributes: its template, then its own attributes. */
function writeServed(buf: Buffer, pos: number, served: ServedRequest): number {
  const template = servedTemplate(served);
  buf.set(template, pos);
  pos += template.length;
  pos = REQUEST_ID.write(buf, pos, served.requestId);
  if (served.project !== undefined) pos = PROJECT.write(buf, pos, served.project);
  if (served.keyId !== undefined) pos = KEY_ID.write(buf, pos, served.keyId);
  return pos;
}

/** A span as a `ScopeSpans.spans` field (2). */
function appendProtobuf(page: Page, span: FinishedSpan): void {
  const most = bound(span);
  page.ensure(most);
  // Room for the lengths of the span and of its larger parts (events, status) as the most it can take needs.
  const reserve = varintSize(most);
  const buf = page.buf;
  const start = page.used;
  let pos = open(buf, start, 0x12, reserve);
  pos = writeId(buf, pos, 0x0a, span.traceId);
  pos = writeId(buf, pos, 0x12, span.spanId);
  if (span.traceState !== '') pos = writeString(buf, pos, 0x1a, span.traceState);
  if (span.parentSpanId !== '') pos = writeId(buf, pos, 0x22, span.parentSpanId);
  // Protobuf's fields may come in any order: a served request's name comes with its attributes.
  if (span.answered === null) pos = writeString(buf, pos, 0x2a, span.name);
  buf[pos++] = 0x30;
  buf[pos++] = span.kind;
  buf[pos++] = 0x39;
  pos = writeNanos(buf, pos, span.startMs);
  buf[pos++] = 0x41;
  pos = writeNanos(buf, pos, span.endMs);
  if (span.answered !== null) pos = writeServed(buf, pos, span.answered);
  if (span.attributes.length > 0) pos = writeAttributes(buf, pos, 0x4a, merged(span.attributes));
  if (span.events !== null) {
    for (const e of span.events) {
      const event = pos;
      pos = open(buf, pos, 0x5a, reserve);
      buf[pos++] = 0x09;
      pos = writeNanos(buf, pos, e.timeMs);
      pos = writeString(buf, pos, 0x12, e.name);
      pos = writeAttributes(buf, pos, 0x1a, e.attributes);
      pos = close(buf, event, reserve, pos);
    }
  }
  if (span.links !== null) {
    for (const l of span.links) {
      const link = pos;
      pos = open(buf, pos, 0x6a, 1);
      pos = writeId(buf, pos, 0x0a, l.traceId);
      pos = writeId(buf, pos, 0x12, l.spanId);
      buf[pos++] = 0x35;
      buf.writeUInt32LE(l.flags, pos);
      pos = close(buf, link, 1, pos + 4);
    }
  }
  if (span.statusCode !== 0) {
    const status = pos;
    pos = open(buf, pos, 0x7a, reserve);
    if (span.statusMessage !== '') pos = writeString(buf, pos, 0x12, span.statusMessage);
    buf[pos++] = 0x18;
    buf[pos++] = span.statusCode;
    pos = close(buf, status, reserve, pos);
  }
  // flags (16, fixed32): the W3C trace flags, and whether the parent is known to be remote (bits 8 and 9).
  buf[pos++] = 0x85;
  buf[pos++] = 0x01;
  buf.writeUInt32LE(0x101 | (span.parentRemote ? 0x200 : 0), pos);
  pos += 4;
  page.used = close(buf, start, reserve, pos);
  page.count++;
}

/** A field's tag and length: the head of a length-delimited field whose body is `length` bytes. */
function head(tag: number, length: number): Buffer {
  const out = Buffer.allocUnsafe(1 + varintSize(length));
  out[0] = tag;
  writeVarint(out, 1, length);
  return out;
}

function lengthDelimited(tag: number, parts: readonly Buffer[]): Buffer {
  let length = 0;
  for (const p of parts) length += p.length;
  return Buffer.concat([head(tag, length), ...parts]);
}

function attributesMessage(tag: number, attributes: Readonly<Record<string, string>>): Buffer {
  const buf = Buffer.allocUnsafe(attributesBound(attributes) + 16);
  return Buffer.from(buf.subarray(0, writeAttributes(buf, 0, tag, attributes)));
}

function stringField(tag: number, s: string): Buffer {
  const buf = Buffer.allocUnsafe(8 + 3 * s.length);
  return Buffer.from(buf.subarray(0, writeString(buf, 0, tag, s)));
}

export function protobufEncoder(scope: EncoderScope): SpanEncoder {
  // ResourceSpans.resource (1) and ScopeSpans.scope (1), the same in every export.
  const resource = lengthDelimited(0x0a, [attributesMessage(0x0a, scope.resource)]);
  const scopeField = lengthDelimited(0x0a, [stringField(0x0a, scope.scopeName), stringField(0x12, scope.scopeVersion)]);
  return {
    contentType: 'application/x-protobuf',
    append: appendProtobuf,
    request(page) {
      const spans = page.buf.subarray(0, page.used);
      const scopeSpansHead = head(0x12, scopeField.length + spans.length);
      const resourceSpansLength = resource.length + scopeSpansHead.length + scopeField.length + spans.length;
      return [head(0x0a, resourceSpansLength), resource, scopeSpansHead, scopeField, spans];
    },
  };
}
