import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { jsonEncoder } from '../../src/telemetry/otlp-json.js';
import { Page, protobufEncoder, type FinishedSpan, type SpanEncoder } from '../../src/telemetry/otlp.js';
import { SpanBatcher, failureNoter, httpSend, sendWithRetries, type Send, type SendResult } from '../../src/telemetry/spans-export.js';
import { SpanRecorder, cleanTracestate, parseTraceparent, samplerOf, type SpanSink } from '../../src/telemetry/spans.js';
import { SAMPLERS, type TraceTarget } from '../../src/telemetry/settings.js';
import { servedAttributes, servedName, type ServedRequest } from '../../src/telemetry/tracing.js';
import { startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const SPAN = 'b7ad6b7169203331';
const PARENT = '00f067aa0ba902b7';
const SCOPE = {
  resource: { 'service.name': 'encoder-test', 'deployment.environment': 'tést' },
  scopeName: 'petstore',
  scopeVersion: '9.9.9',
};

function span(overrides: Partial<FinishedSpan> = {}): FinishedSpan {
  return {
    traceId: TRACE,
    spanId: SPAN,
    parentSpanId: PARENT,
    parentRemote: true,
    traceState: 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
    name: 'GET /v1/pets/{petId} — ünïcode',
    kind: 2,
    startMs: 1_765_000_000_123.25,
    endMs: 1_765_000_000_125.5,
    attributes: [
      { 'http.route': '/v1/pets', skipped: undefined, count: 3 },
      { count: -42, ratio: 0.25, ok: true, long: 'é'.repeat(300) },
    ],
    events: [
      {
        name: 'exception',
        timeMs: 1_765_000_000_124,
        attributes: { 'exception.message': 'boom', 'exception.stacktrace': 'x'.repeat(20_000) },
      },
    ],
    links: [{ traceId: '5bf92f3577b34da6a3ce929d0e0e4736', spanId: '10f067aa0ba902b7', flags: 0x301 }],
    answered: null,
    statusCode: 2,
    statusMessage: 'boom',
    ...overrides,
  };
}

/** Encodes `spans` and sends the request to the receiver, which decodes it with the OTLP protobuf definitions (or as JSON). */
async function roundTrip(receiver: OtlpReceiver, encoder: SpanEncoder, spans: FinishedSpan[]) {
  const page = new Page(64); // small: the page must grow
  for (const s of spans) encoder.append(page, s);
  assert.equal(page.count, spans.length);
  const before = receiver.spans.length;
  const res = await fetch(`${receiver.url}/v1/traces`, {
    method: 'POST',
    headers: { 'content-type': encoder.contentType },
    body: Buffer.concat(encoder.request(page)),
  });
  assert.equal(res.status, 200);
  return receiver.spans.slice(before);
}

describe('OTLP encoding of finished spans', () => {
  let receiver: OtlpReceiver;
  before(async () => {
    receiver = await startOtlpReceiver();
  });
  after(async () => {
    await receiver.close();
  });

  for (const [protocol, encoder] of [
    ['protobuf', protobufEncoder(SCOPE)],
    ['json', jsonEncoder(SCOPE)],
  ] as const) {
    test(`${protocol}: every field a span has decodes as it was recorded`, async () => {
      const [got, root] = await roundTrip(receiver, encoder, [
        span(),
        span({
          spanId: '1111111111111111',
          parentSpanId: '',
          traceState: '',
          attributes: [],
          events: null,
          links: null,
          statusCode: 0,
          statusMessage: '',
        }),
      ]);
      assert.ok(got && root);
      assert.equal(got.protocol, protocol);
      assert.equal(got.traceId, TRACE);
      assert.equal(got.spanId, SPAN);
      assert.equal(got.parentSpanId, PARENT);
      assert.equal(got.traceState, 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE');
      assert.equal(got.name, 'GET /v1/pets/{petId} — ünïcode');
      assert.equal(got.kind, 2);
      assert.equal(got.startNs, 1_765_000_000_123_250_000n);
      assert.equal(got.endNs, 1_765_000_000_125_500_000n);
      assert.deepEqual(got.attributes, { 'http.route': '/v1/pets', count: -42, ratio: 0.25, ok: true, long: 'é'.repeat(300) });
      assert.deepEqual(got.events, [
        { name: 'exception', attributes: { 'exception.message': 'boom', 'exception.stacktrace': 'x'.repeat(20_000) } },
      ]);
      assert.deepEqual(got.links, [{ traceId: '5bf92f3577b34da6a3ce929d0e0e4736', spanId: '10f067aa0ba902b7' }]);
      assert.deepEqual(got.status, { code: 2, message: 'boom' });
      assert.deepEqual(got.resource, { 'service.name': 'encoder-test', 'deployment.environment': 'tést' });
      assert.equal(root.parentSpanId, '');
      assert.equal(root.traceState, '');
      assert.deepEqual(root.attributes, {});
      assert.deepEqual(root.status, { code: 0, message: '' });
    });

    test(`${protocol}: a span of more than 2 MiB (a huge attribute) is encoded whole`, async () => {
      const huge = 'y'.repeat(3 * 1024 * 1024);
      const [got] = await roundTrip(receiver, encoder, [span({ attributes: [{ huge }], events: null })]);
      assert.equal(got?.attributes['huge'], huge);
      assert.deepEqual(got?.status, { code: 2, message: 'boom' });
    });

    test(`${protocol}: a served request's span has its name and every attribute, whichever request shares its shape`, async () => {
      const served = (over: Partial<ServedRequest>): FinishedSpan =>
        span({
          attributes: [],
          events: null,
          links: null,
          statusCode: 0,
          statusMessage: '',
          name: 'GET',
          answered: {
            method: 'GET',
            route: '/v1/pets/{petId}',
            status: 200,
            requestId: 'req-1',
            environment: 'production',
            project: 'shop',
            keyId: 'key_1',
            ...over,
          },
        });
      const requests: Partial<ServedRequest>[] = [
        {},
        { requestId: 'req-2', keyId: 'key_2' },
        { status: 404 },
        { status: 503, project: undefined, keyId: undefined, requestId: `ünï-${'r'.repeat(200)}` },
        { route: null, method: 'DELETE', environment: 'staging' },
        {},
      ];
      const got = await roundTrip(receiver, encoder, requests.map(served));
      assert.equal(got.length, requests.length);
      for (const [i, over] of requests.entries()) {
        const request: ServedRequest = { ...(served(over).answered as ServedRequest) };
        assert.equal(got[i]?.name, servedName(request));
        const expected = Object.fromEntries(Object.entries(servedAttributes(request)).filter(([, v]) => v !== undefined));
        assert.deepEqual(got[i]?.attributes, expected);
      }
      assert.equal(got[4]?.name, 'DELETE');
      assert.equal(got[3]?.attributes['error.type'], '503');
      assert.equal(got[1]?.attributes['petstore.key_id'], 'key_2');
    });

    test(`${protocol}: a page of 600 spans is one valid request`, async () => {
      const many = Array.from({ length: 600 }, (_, i) => span({ spanId: (i + 1).toString(16).padStart(16, '0'), events: null }));
      const got = await roundTrip(receiver, encoder, many);
      assert.equal(got.length, 600);
      assert.equal(got[599]?.spanId, (600).toString(16).padStart(16, '0'));
    });
  }
});

/** A sink keeping what ends. */
function recorderOf(sampler: (typeof SAMPLERS)[number], ratio = 1): { recorder: SpanRecorder; ended: FinishedSpan[] } {
  const ended: FinishedSpan[] = [];
  const sink: SpanSink = { add: (s) => ended.push(s) };
  return { recorder: new SpanRecorder(samplerOf(sampler, ratio), sink), ended };
}

describe('the span recorder', () => {
  test('ids, parents, the active span, tracestate and links', async () => {
    const { recorder, ended } = recorderOf('parentbased_always_on');
    const outer = recorder.startSpan('GET', {
      kind: 'server',
      root: true,
      parent: `00-${TRACE}-${SPAN}-01`,
      tracestate: 'ok=1, Bad=2,k=v',
    });
    assert.equal(outer.traceId, TRACE);
    assert.match(outer.spanId, /^[0-9a-f]{16}$/);
    await recorder.withActive(outer, async () => {
      await new Promise((r) => setTimeout(r, 1));
      assert.equal(recorder.activeTraceparent(), `00-${TRACE}-${outer.spanId}-01`);
      recorder.inSpan('child', { kind: 'client', links: [`00-${TRACE}-${SPAN}-00`, 'nope'] }, () => undefined);
      recorder.detached(() => assert.equal(recorder.activeTraceparent(), null));
    });
    outer.end();
    outer.end();
    assert.equal(ended.length, 2, 'each span ends once');
    const [child, parent] = ended as [FinishedSpan, FinishedSpan];
    assert.equal(parent.parentSpanId, SPAN);
    assert.equal(parent.parentRemote, true);
    assert.equal(parent.traceState, 'ok=1,k=v');
    assert.equal(child.traceId, TRACE);
    assert.equal(child.parentSpanId, outer.spanId);
    assert.equal(child.parentRemote, false);
    assert.equal(child.traceState, 'ok=1,k=v', 'tracestate goes on with the trace');
    assert.deepEqual(child.links, [{ traceId: TRACE, spanId: SPAN, flags: 0x300 }]);
    const fresh = recorder.startSpan('x', { root: true });
    assert.match(fresh.traceId, /^[0-9a-f]{32}$/);
    assert.notEqual(fresh.traceId, TRACE);
  });

  test('a failure is an error status and an exception event; inSpan ends a span when its promise settles', async () => {
    const { recorder, ended } = recorderOf('always_on');
    await assert.rejects(
      recorder.inSpan('fails', {}, async () => {
        await new Promise((r) => setTimeout(r, 1));
        throw Object.assign(new Error('gone'), { code: 'ECONNRESET' });
      }),
    );
    const [failed] = ended;
    assert.equal(failed?.statusCode, 2);
    assert.equal(failed?.statusMessage, 'gone');
    assert.equal(failed?.events?.[0]?.name, 'exception');
    assert.equal(failed?.events?.[0]?.attributes['exception.type'], 'ECONNRESET');
    assert.equal(failed?.events?.[0]?.attributes['exception.message'], 'gone');
    assert.ok(failed.endMs - failed.startMs >= 0.5);
  });

  test('samplers: each OTEL_TRACES_SAMPLER decides as OpenTelemetry does, parents included', () => {
    const decide = (name: (typeof SAMPLERS)[number], parent: string | undefined, ratio = 1) => {
      const { recorder } = recorderOf(name, ratio);
      return recorder.startSpan('s', { root: true, parent }).traceId !== '';
    };
    const sampled = `00-${TRACE}-${SPAN}-01`;
    const unsampled = `00-${TRACE}-${SPAN}-00`;
    const table: [(typeof SAMPLERS)[number], boolean, boolean, boolean][] = [
      // name, no parent, sampled parent, unsampled parent
      ['always_on', true, true, true],
      ['always_off', false, false, false],
      ['parentbased_always_on', true, true, false],
      ['parentbased_always_off', false, true, false],
      ['traceidratio', true, true, true],
      ['parentbased_traceidratio', true, true, false],
    ];
    for (const [name, none, yes, no] of table) {
      assert.deepEqual([decide(name, undefined), decide(name, sampled), decide(name, unsampled)], [none, yes, no], name);
    }
    // The ratio: the trace id's words XORed against ratio × (2^32 - 1).
    const ratio = samplerOf('traceidratio', 0.5);
    assert.equal(ratio('00000000000000000000000000000001', null), true);
    assert.equal(ratio('ffffffff000000000000000000000000', null), false);
    assert.equal(samplerOf('traceidratio', 0)('00000000000000000000000000000001', null), false);
    const { recorder } = recorderOf('traceidratio', 0.25);
    let kept = 0;
    for (let i = 0; i < 4000; i++) if (recorder.startSpan('s', { root: true }).traceId !== '') kept++;
    assert.ok(kept > 700 && kept < 1300, `about a quarter kept (${String(kept)} of 4000)`);
    // A dropped span's children are dropped too under parentbased_*, and its traceparent says so.
    const off = recorderOf('parentbased_traceidratio', 0);
    const root = off.recorder.startSpan('root', { root: true });
    off.recorder.withActive(root, () => {
      assert.match(off.recorder.activeTraceparent() ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      assert.equal(
        off.recorder.inSpan('child', {}, (s) => s.spanId),
        '',
      );
    });
    root.end();
    assert.equal(off.ended.length, 0);
  });

  test('traceparent and tracestate parsing', () => {
    assert.deepEqual(parseTraceparent(`00-${TRACE}-${SPAN}-01`), { traceId: TRACE, spanId: SPAN, sampled: true });
    assert.equal(parseTraceparent(`00-${TRACE}-${SPAN}-01-extra`), null);
    assert.notEqual(parseTraceparent(`01-${TRACE}-${SPAN}-01-extra`), null);
    assert.equal(parseTraceparent(`ff-${TRACE}-${SPAN}-01`), null);
    assert.equal(parseTraceparent(`00-${'0'.repeat(32)}-${SPAN}-01`), null);
    assert.equal(parseTraceparent(`00-${TRACE}-${'0'.repeat(16)}-01`), null);
    assert.equal(parseTraceparent(`00-${TRACE.toUpperCase()}-${SPAN}-01`), null);
    assert.equal(cleanTracestate('a=1,b=2,bad key=3,c=x=y, d@vendor=4 '), 'a=1,b=2,d@vendor=4');
  });
});

const okSend =
  (bodies: unknown[]): Send =>
  (body) => {
    bodies.push(JSON.parse(Buffer.concat(body).toString('utf8')));
    return Promise.resolve({ ok: true });
  };
const countOf = (body: unknown): number =>
  (body as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] }).resourceSpans[0]?.scopeSpans[0]?.spans.length ?? 0;
const waitUntil = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('the batch queue', () => {
  const encoder = jsonEncoder(SCOPE);
  const noFailure = (err: unknown) => assert.fail(String(err));

  test('a batch is sent once it holds OTEL_BSP_MAX_EXPORT_BATCH_SIZE spans, at most that many a request', async () => {
    const bodies: unknown[] = [];
    const batcher = new SpanBatcher(
      encoder,
      okSend(bodies),
      { delayMs: 600_000, maxBatch: 3, maxQueue: 100, timeoutMs: 1_000, exportTimeoutMs: 1_000 },
      noFailure,
    );
    for (let i = 0; i < 7; i++) batcher.add(span());
    await waitUntil(() => bodies.length === 2, 'two full batches');
    assert.deepEqual(bodies.map(countOf), [3, 3]);
    await batcher.shutdown();
    assert.deepEqual(bodies.map(countOf), [3, 3, 1], 'the rest at shutdown');
    batcher.add(span());
    await batcher.flush();
    assert.equal(bodies.length, 3, 'nothing taken after shutdown');
  });

  test('a span waits OTEL_BSP_SCHEDULE_DELAY at most', async () => {
    const bodies: unknown[] = [];
    const batcher = new SpanBatcher(
      encoder,
      okSend(bodies),
      { delayMs: 30, maxBatch: 100, maxQueue: 100, timeoutMs: 1_000, exportTimeoutMs: 1_000 },
      noFailure,
    );
    batcher.add(span());
    batcher.add(span());
    assert.equal(bodies.length, 0);
    await waitUntil(() => bodies.length === 1, 'the delayed export');
    assert.deepEqual(bodies.map(countOf), [2]);
  });

  test('while an export is under way, OTEL_BSP_MAX_QUEUE_SIZE spans wait at most; more are dropped', async () => {
    const bodies: unknown[] = [];
    let release: (r: SendResult) => void = () => undefined;
    const send: Send = (body) => {
      bodies.push(JSON.parse(Buffer.concat(body).toString('utf8')));
      return new Promise((r) => {
        release = r;
      });
    };
    const batcher = new SpanBatcher(
      encoder,
      send,
      { delayMs: 600_000, maxBatch: 2, maxQueue: 4, timeoutMs: 1_000, exportTimeoutMs: 1_000 },
      noFailure,
    );
    for (let i = 0; i < 2; i++) batcher.add(span());
    assert.equal(bodies.length, 1, 'the first batch went at once');
    for (let i = 0; i < 6; i++) batcher.add(span());
    assert.equal(batcher.held, 4);
    assert.equal(batcher.dropped, 2);
    release({ ok: true });
    await waitUntil(() => bodies.length === 2, 'the next batch once the first is done');
    release({ ok: true });
    await waitUntil(() => bodies.length === 3, 'the third');
    release({ ok: true });
    await batcher.flush();
    assert.deepEqual(bodies.map(countOf), [2, 2, 2]);
  });

  test('an export that fails is given to the failure note, and the queue goes on', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const send: Send = () => {
      calls++;
      return Promise.resolve({ ok: false, retryable: false, error: new Error('the collector answered 400') });
    };
    const batcher = new SpanBatcher(
      encoder,
      send,
      { delayMs: 600_000, maxBatch: 1, maxQueue: 10, timeoutMs: 1_000, exportTimeoutMs: 1_000 },
      (e) => failures.push(e),
    );
    batcher.add(span());
    batcher.add(span());
    await batcher.flush();
    assert.equal(calls, 2, 'not tried again: 400 is not retryable');
    assert.equal(failures.length, 2);
    assert.equal(batcher.held, 0);
  });
});

describe('export retries and the failure note', () => {
  const results = (...list: SendResult[]): { send: Send; calls: number[] } => {
    const calls: number[] = [];
    return {
      calls,
      send: (_body, timeoutMs) => {
        calls.push(timeoutMs);
        return Promise.resolve(list.shift() ?? { ok: true });
      },
    };
  };
  const retryable = (retryInMs?: number): SendResult => ({ ok: false, retryable: true, error: new Error('503'), retryInMs });

  test('retryable failures are tried again with back-off, Retry-After honoured, within the timeout', async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const a = results(retryable(), retryable(250), { ok: true });
    assert.deepEqual(await sendWithRetries(a.send, [], 10_000, sleep), { ok: true });
    assert.equal(a.calls.length, 3);
    assert.ok((waits[0] ?? 0) >= 800 && (waits[0] ?? 0) <= 1200, `about 1 s first (${String(waits[0])})`);
    assert.equal(waits[1], 250);

    waits.length = 0;
    const b = results(retryable(), retryable(), retryable(), retryable(), retryable(), retryable());
    assert.equal((await sendWithRetries(b.send, [], 60_000, sleep)).ok, false);
    assert.equal(b.calls.length, 5, 'five attempts at most');

    const c = results(retryable(5_000));
    assert.equal((await sendWithRetries(c.send, [], 1_000, sleep)).ok, false);
    assert.equal(c.calls.length, 1, 'no retry past the timeout');

    const d = results({ ok: false, retryable: false, error: new Error('400') });
    assert.equal((await sendWithRetries(d.send, [], 10_000, sleep)).ok, false);
    assert.equal(d.calls.length, 1);
  });

  test('the failure note: once a minute at most, counting what it did not say', (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
    const lines: string[] = [];
    const note = failureNoter((line) => lines.push(line));
    note(new Error('connect ECONNREFUSED'));
    note(new Error('again'));
    note('and again');
    t.mock.timers.tick(59_000);
    note(new Error('still'));
    assert.equal(lines.length, 1);
    t.mock.timers.tick(1_000);
    note(new Error('a minute on'));
    assert.deepEqual(lines, [
      'petstore: OpenTelemetry: an export failed: connect ECONNREFUSED; what it held is dropped\n',
      'petstore: OpenTelemetry: an export failed: a minute on (and 3 more failures since the last note); what it held is dropped\n',
    ]);
  });
});

describe('the OTLP/HTTP sender', () => {
  const target = (url: string, extra: Partial<TraceTarget> = {}): TraceTarget => ({
    url,
    protocol: 'http/protobuf',
    headers: { 'x-collector-key': 'secret value' },
    timeoutMs: 10_000,
    compression: 'none',
    certificates: {},
    ...extra,
  });
  let server: Server;
  let url = '';
  const seen: { headers: IncomingMessage['headers']; body: Buffer; path: string }[] = [];
  let answer: (res: ServerResponse) => void = (res) => res.writeHead(200).end();
  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '' });
        answer(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/v1/traces`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  test('the pieces as one body, with the headers, content type and user agent; gzip when asked', async () => {
    const pieces = [Buffer.from('abc'), Buffer.from('def')];
    assert.deepEqual(await httpSend(target(url), 'application/x-protobuf', 'petstore/test')(pieces, 5_000), { ok: true });
    const plain = seen.at(-1);
    assert.equal(plain?.path, '/v1/traces');
    assert.equal(plain?.body.toString(), 'abcdef');
    assert.equal(plain?.headers['content-type'], 'application/x-protobuf');
    assert.equal(plain?.headers['x-collector-key'], 'secret value');
    assert.equal(plain?.headers['user-agent'], 'petstore/test');
    assert.equal(plain?.headers['content-encoding'], undefined);
    assert.deepEqual(await httpSend(target(url, { compression: 'gzip' }), 'application/json', 'petstore/test')(pieces, 5_000), {
      ok: true,
    });
    const zipped = seen.at(-1);
    assert.equal(zipped?.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(zipped?.body ?? Buffer.alloc(0)).toString(), 'abcdef');
  });

  test('503 with Retry-After and a timeout are retryable, 400 is not, a refused connection is', async () => {
    const send = httpSend(target(url), 'application/x-protobuf', 'petstore/test');
    answer = (res) => res.writeHead(503, { 'retry-after': '2' }).end('busy');
    const busy = await send([Buffer.from('x')], 5_000);
    assert.ok(!busy.ok && busy.retryable && busy.retryInMs === 2_000, JSON.stringify(busy));
    answer = (res) => res.writeHead(400).end('bad');
    const bad = await send([Buffer.from('x')], 5_000);
    assert.ok(!bad.ok && !bad.retryable && /400/.test(bad.error.message));
    answer = () => undefined; // never answers
    const slow = await send([Buffer.from('x')], 100);
    assert.ok(!slow.ok && slow.retryable && /timed out/.test(slow.error.message));
    answer = (res) => res.writeHead(200).end();
    const refused = await httpSend(
      target('http://127.0.0.1:1/v1/traces'),
      'application/x-protobuf',
      'petstore/test',
    )([Buffer.from('x')], 5_000);
    assert.ok(!refused.ok && refused.retryable, JSON.stringify(refused));
  });
});
