import { merged, type Attribute, type EncoderScope, type FinishedSpan, type SpanEncoder } from './otlp.js';
import { servedAttributes, servedName, type SpanAttributes } from './tracing.js';

/**
 * Finished spans as OTLP/JSON (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`): each span's JSON object appended to the page
 * of the next export as it ends; an export is that page between the request's resource and scope and its closing.
 */

/** Epoch milliseconds as OTLP/JSON's decimal nanoseconds, exactly. */
function nanosText(ms: number): string {
  const whole = Math.floor(ms);
  let frac = Math.round((ms - whole) * 1e6);
  let w = whole;
  if (frac === 1e6) {
    w++;
    frac = 0;
  }
  return `${String(w)}${String(frac).padStart(6, '0')}`;
}

function jsonValue(v: Attribute): string {
  if (typeof v === 'string') return `{"stringValue":${JSON.stringify(v)}}`;
  if (typeof v === 'boolean') return v ? '{"boolValue":true}' : '{"boolValue":false}';
  if (Number.isSafeInteger(v)) return `{"intValue":"${String(v)}"}`;
  // OTLP/JSON writes the doubles JSON cannot as strings.
  return Number.isFinite(v)
    ? `{"doubleValue":${String(v)}}`
    : `{"doubleValue":"${Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity'}"}`;
}

function jsonAttributes(attributes: SpanAttributes): string {
  let out = '';
  for (const key in attributes) {
    const v = attributes[key];
    if (v === undefined) continue;
    out += `${out === '' ? '' : ','}{"key":${JSON.stringify(key)},"value":${jsonValue(v)}}`;
  }
  return `[${out}]`;
}

function spanJson(span: FinishedSpan): string {
  let s = `{"traceId":"${span.traceId}","spanId":"${span.spanId}"`;
  if (span.traceState !== '') s += `,"traceState":${JSON.stringify(span.traceState)}`;
  if (span.parentSpanId !== '') s += `,"parentSpanId":"${span.parentSpanId}"`;
  const served = span.answered;
  const name = served === null ? span.name : servedName(served);
  s += `,"flags":${String(0x101 | (span.parentRemote ? 0x200 : 0))},"name":${JSON.stringify(name)},"kind":${String(span.kind)}`;
  s += `,"startTimeUnixNano":"${nanosText(span.startMs)}","endTimeUnixNano":"${nanosText(span.endMs)}"`;
  const attributes = served === null ? span.attributes : [servedAttributes(served), ...span.attributes];
  if (attributes.length > 0) s += `,"attributes":${jsonAttributes(merged(attributes))}`;
  if (span.events !== null) {
    const events = span.events.map(
      (e) => `{"timeUnixNano":"${nanosText(e.timeMs)}","name":${JSON.stringify(e.name)},"attributes":${jsonAttributes(e.attributes)}}`,
    );
    s += `,"events":[${events.join(',')}]`;
  }
  if (span.links !== null) {
    const links = span.links.map((l) => `{"traceId":"${l.traceId}","spanId":"${l.spanId}","flags":${String(l.flags)}}`);
    s += `,"links":[${links.join(',')}]`;
  }
  s += `,"status":{"code":${String(span.statusCode)}`;
  if (span.statusMessage !== '') s += `,"message":${JSON.stringify(span.statusMessage)}`;
  return `${s}}}`;
}

export function jsonEncoder(scope: EncoderScope): SpanEncoder {
  const resource = jsonAttributes(scope.resource);
  const start = Buffer.from(
    `{"resourceSpans":[{"resource":{"attributes":${resource}},"scopeSpans":[{"scope":${JSON.stringify({ name: scope.scopeName, version: scope.scopeVersion })},"spans":[`,
  );
  const tail = Buffer.from(']}]}]}');
  return {
    contentType: 'application/json',
    append(page, span) {
      const text = spanJson(span);
      page.ensure(1 + 3 * text.length);
      if (page.count > 0) page.buf[page.used++] = 0x2c;
      page.used += page.buf.write(text, page.used, 'utf8');
      page.count++;
    },
    request: (page) => [start, page.buf.subarray(0, page.used), tail],
  };
}
