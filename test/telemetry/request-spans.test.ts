import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { OPERATOR } from '../../src/audit/actor.js';
import type { OrderRepository } from '../../src/orders/repository.js';
import { installTelemetry, uninstallTelemetry } from '../../src/telemetry/install.js';
import { readTelemetrySettings } from '../../src/telemetry/settings.js';
import { tracing } from '../../src/telemetry/tracing.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, type Harness } from '../helpers/harness.js';
import { logCapture } from '../helpers/logs.js';
import { createPerson, ManagementClient } from '../helpers/management.js';
import { otlpEnv, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';
import { headerOf, rawExchange, rawRequest } from '../helpers/raw-http.js';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

/**
 * A request's server span on both paths, with telemetry installed in this process as the server installs it:
 * exported over OTLP, its children nested under it, a caller's trace continued, and its trace id in the request
 * log and the log lines.
 */
describeEachEngine('request spans', (engine) => {
  let receiver: OtlpReceiver;
  let h: Harness;
  let port: number;
  let projectSlug: string;
  let keyId: string;
  const logs = logCapture();

  before(async () => {
    receiver = await startOtlpReceiver();
    const problems: string[] = [];
    const protocol = engine.name === 'sqlite' ? 'http/protobuf' : 'http/json';
    await installTelemetry(readTelemetrySettings(otlpEnv(receiver, protocol), problems) ?? undefined);
    assert.deepEqual(problems, []);
    // The orders' repository makes a span of its own in `place`: one made while placeOrder's route handler runs.
    const wrapOrders = (orders: OrderRepository): OrderRepository =>
      new Proxy(orders, {
        get: (target, name, receiver) => {
          if (name === 'place') {
            return (...args: Parameters<OrderRepository['place']>) =>
              tracing().inSpan('test: inside placeOrder', {}, () => {
                // An order of 7 meets a database that fails: a 500.
                if (args[1].quantity === 7) throw new Error('the database went away');
                // An order of 8 takes its time: its client can go away meanwhile.
                if (args[1].quantity === 8) return sleep(300).then(() => target.place(...args));
                return target.place(...args);
              });
          }
          const value: unknown = Reflect.get(target, name, receiver);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    h = await harness({
      engine: engine.name,
      logStream: logs.stream,
      config: { logLevel: 'info' },
      wrapRepositories: { orders: wrapOrders as never },
    });
    projectSlug = h.project;
    keyId = ok(await h.app.keys.list(h.project))[0]?.id ?? assert.fail('no key');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as { port: number }).port;
  });
  after(async () => {
    await h.close();
    await uninstallTelemetry(5_000);
    await receiver.close();
  });

  const send = async (method: string, target: string, headers: Record<string, string> = {}, body?: string) => {
    const all = { host: 'localhost', ...h.auth, ...headers };
    const request =
      body === undefined
        ? rawRequest(method, target, all)
        : rawRequest(method, target, { ...all, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) +
          body;
    const [res] = await rawExchange(port, request);
    assert.ok(res);
    return res;
  };
  /** A request whose body arrives in a later packet than its head (the handler then runs in the body's read). */
  const sendBodyLater = async (path: string, requestId: string, body: string) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { ...h.auth, 'x-request-id': requestId, 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    req.flushHeaders();
    await sleep(50);
    req.end(body);
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    res.resume();
    await once(res, 'end');
    return res.statusCode;
  };
  const spanOf = (requestId: string) => receiver.waitForSpan((s) => s.kind === 2 && s.attributes['petstore.request_id'] === requestId);

  const assertRequestAttributes = (span: ReceivedSpan, expected: { method: string; route: string; status: number }) => {
    assert.equal(span.name, `${expected.method} ${expected.route}`);
    assert.equal(span.attributes['http.request.method'], expected.method);
    assert.equal(span.attributes['http.route'], expected.route);
    assert.equal(span.attributes['http.response.status_code'], expected.status);
    assert.equal(span.attributes['petstore.project'], projectSlug);
    assert.equal(span.attributes['petstore.environment'], 'production');
    assert.equal(span.attributes['petstore.key_id'], keyId);
    assert.equal(span.status.code, 0);
    // Never the key itself.
    assert.ok(!JSON.stringify(span.attributes).includes(h.key));
  };

  test('an early listPets (the front door) has its span, ended once its answer is handed to the connection', async () => {
    // The key's first use reads it from storage (the regular path); then it is in the key cache.
    await send('GET', '/v1/pets', { 'x-request-id': 'warm-up' });
    const answered = h.app.frontDoor.answered;
    const res = await send('GET', '/v1/pets?limit=2', { 'x-request-id': 'early-list' });
    assert.equal(res.status, 200);
    if (engine.name === 'sqlite') assert.equal(h.app.frontDoor.answered, answered + 1, 'answered by the front door');
    const span = await spanOf('early-list');
    assertRequestAttributes(span, { method: 'GET', route: '/v1/pets', status: 200 });
    assert.equal(span.parentSpanId, '');
    assert.equal(span.resource['service.name'], 'petstore');
    const warmUp = await spanOf('warm-up');
    assertRequestAttributes(warmUp, { method: 'GET', route: '/v1/pets', status: 200 });
    assert.notEqual(warmUp.traceId, span.traceId, 'each request its own trace');
  });

  test('a createPet and a placeOrder (the regular path): a span made inside a route handler is a child of the request span', async () => {
    const res = await send('POST', '/v1/pets', { 'x-request-id': 'create-rex' }, JSON.stringify({ name: 'Rex', categoryId: 1 }));
    assert.equal(res.status, 201);
    const span = await spanOf('create-rex');
    assertRequestAttributes(span, { method: 'POST', route: '/v1/pets', status: 201 });
    const petId = /"id":(\d+)/.exec(res.body.toString())?.[1] ?? assert.fail('no pet id');
    assert.equal(await sendBodyLater('/v1/store/orders', 'order-rex', `{"petId":${petId}}`), 201);
    const placed = await spanOf('order-rex');
    assertRequestAttributes(placed, { method: 'POST', route: '/v1/store/orders', status: 201 });
    // The handler runs once the body has arrived, in the connection's context: the span is made active for it.
    const child = await receiver.waitForSpan((s) => s.name === 'test: inside placeOrder' && s.traceId === placed.traceId);
    assert.equal(child.parentSpanId, placed.spanId);
    assert.equal(child.kind, 1);
  });

  test('a client that goes away before its answer: the span still ends, with status 499', async () => {
    const created = await send('POST', '/v1/pets', {}, JSON.stringify({ name: 'Slow', categoryId: 1 }));
    const petId = /"id":(\d+)/.exec(created.body.toString())?.[1] ?? assert.fail('no pet id');
    const body = JSON.stringify({ petId: Number(petId), quantity: 8 });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const head = rawRequest('POST', '/v1/store/orders', {
      host: 'localhost',
      ...h.auth,
      'x-request-id': 'gone-away',
      'content-type': 'application/json',
      'content-length': String(body.length),
    });
    socket.write(head + body);
    await sleep(100);
    socket.destroy();
    const span = await spanOf('gone-away');
    assert.equal(span.name, 'POST /v1/store/orders');
    assert.equal(span.attributes['http.response.status_code'], 499);
    assert.equal(span.status.code, 0, 'the client left: not a server error');
  });

  test("a caller's traceparent and tracestate are continued on both paths; a malformed traceparent starts a new trace", async () => {
    const traceparent = `00-${CALLER_TRACE}-${CALLER_SPAN}-01`;
    const tracestate = 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE';
    const answered = h.app.frontDoor.answered;
    assert.equal((await send('GET', '/v1/pets', { traceparent, tracestate, 'x-request-id': 'traced-early' })).status, 200);
    if (engine.name === 'sqlite') assert.equal(h.app.frontDoor.answered, answered + 1, 'a traceparent keeps the front door');
    const body = JSON.stringify({ name: 'Fido', categoryId: 2 });
    assert.equal((await send('POST', '/v1/pets', { traceparent, tracestate, 'x-request-id': 'traced-regular' }, body)).status, 201);
    assert.equal((await send('GET', '/v1/pets', { traceparent, 'x-request-id': 'no-state' })).status, 200);
    assert.equal((await send('GET', '/v1/pets', { traceparent: '00-zzzz-yyyy-01', tracestate, 'x-request-id': 'malformed' })).status, 200);
    for (const id of ['traced-early', 'traced-regular']) {
      const span = await spanOf(id);
      assert.equal(span.traceId, CALLER_TRACE, id);
      assert.equal(span.parentSpanId, CALLER_SPAN, id);
      assert.equal(span.traceState, tracestate, id);
    }
    // The statements createPet makes carry the caller's entries too: they are in its trace.
    const regular = await spanOf('traced-regular');
    const child = await receiver.waitForSpan((s) => s.traceId === CALLER_TRACE && s.parentSpanId === regular.spanId);
    assert.equal(child.traceState, tracestate);
    assert.equal((await spanOf('no-state')).traceState, '');
    const fresh = await spanOf('malformed');
    assert.notEqual(fresh.traceId, CALLER_TRACE);
    assert.equal(fresh.parentSpanId, '');
    assert.equal(fresh.traceState, '', 'a tracestate without a valid traceparent is dropped, as W3C Trace Context says');
  });

  test('a 5xx is an error span, its error line carries its trace; a 404 of no route is named by its method', async () => {
    const created = await send('POST', '/v1/pets', { 'x-request-id': 'create-fido' }, JSON.stringify({ name: 'Fido', categoryId: 1 }));
    const petId = /"id":(\d+)/.exec(created.body.toString())?.[1] ?? assert.fail('no pet id');
    const failed = await send('POST', '/v1/store/orders', { 'x-request-id': 'order-fails' }, `{"petId":${petId},"quantity":7}`);
    assert.equal(failed.status, 500);
    const span = await spanOf('order-fails');
    assert.equal(span.status.code, 2);
    assert.equal(span.attributes['http.response.status_code'], 500);
    assert.equal(span.attributes['error.type'], '500');
    const child = await receiver.waitForSpan((s) => s.name === 'test: inside placeOrder' && s.traceId === span.traceId);
    assert.equal(child.status.code, 2, 'the failing work is marked too');
    // The error's log line (through pino, written while the span was active) names the trace.
    const lines = logs.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    const errorLine = lines.find((l) => l.reqId === 'order-fails' && l.level === 50);
    assert.ok(errorLine, 'an error line for the 500');
    assert.equal(errorLine.trace_id, span.traceId);
    assert.match(String(errorLine.span_id), /^[0-9a-f]{16}$/);

    const res = await send('GET', '/v1/no-such-thing', { 'x-request-id': 'unrouted' });
    assert.equal(res.status, 404);
    const unrouted = await spanOf('unrouted');
    assert.equal(unrouted.name, 'GET');
    assert.equal(unrouted.attributes['http.route'], undefined);
    assert.equal(unrouted.attributes['http.response.status_code'], 404);
    assert.equal(unrouted.status.code, 0);
  });

  test("the request log keeps each request's trace id, the management API gives it, and log lines carry it", async () => {
    await h.app.requestLog.recorder.flush();
    const early = await spanOf('early-list');
    const created = await spanOf('create-rex');
    const member = await createPerson(h.app, `traces-${randomBytes(4).toString('hex')}@example.test`);
    ok(await h.app.accounts.addMember(OPERATOR, h.project, member.email));
    const c = await ManagementClient.on(h.app);
    await c.signIn(member.email, member.password);
    for (const [id, span] of [
      ['early-list', early],
      ['create-rex', created],
    ] as const) {
      const res = await c.call({ url: `/api/v1/projects/${h.project}/requests?requestId=${id}` });
      assert.equal(res.statusCode, 200);
      const [hit] = res.json() as { requestId: string; traceId?: string }[];
      assert.equal(hit?.traceId, span.traceId, id);
    }
    // The access-log line of each request, on either path, and the lines written while its span was active.
    const lines = logs.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const [id, span] of [
      ['early-list', early],
      ['create-rex', created],
    ] as const) {
      const line = lines.find((l) => l.reqId === id && l.msg === 'request completed');
      assert.ok(line, `no access-log line for ${id}`);
      assert.equal(line.trace_id, span.traceId);
      assert.equal(line.span_id, span.spanId);
    }
    const listen = lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening'));
    assert.ok(listen && listen.trace_id === undefined, 'no trace id outside a span');
  });

  test('the request log keeps no trace id for a request telemetry did not record', async () => {
    const res = await send('GET', '/v1/pets', { 'x-request-id': 'sampled-out', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` });
    assert.equal(res.status, 200);
    assert.ok(headerOf(res, 'x-request-id'));
    await h.app.requestLog.recorder.flush();
    const principal = await h.app.authenticator.authenticate(h.key);
    assert.ok(principal);
    const [hit] = await h.app.requestLog.service.list(principal.projectId, { requestId: 'sampled-out' }, { limit: 1 });
    assert.equal(hit?.requestId, 'sampled-out');
    // The caller did not sample it (flags 00) and the default sampler follows its parent.
    assert.equal(hit.traceId ?? null, null);
  });
});
