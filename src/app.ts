import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { registerContract } from './contract/routes.js';
import { registerHealth } from './health/routes.js';
import { accessLog } from './http/access-log.js';
import { decoratePrincipal, keyRequiredStep, principalResolver, principalStep } from './http/auth.js';
import { deprecationHeadersStep, sunsetStep } from './http/deprecation.js';
import { clientErrorHandler, rememberReplyStep } from './http/client-errors.js';
import { limitConnections, requestTimeoutOptions } from './http/connection-limits.js';
import { registerDraining } from './http/draining.js';
import { registerErrorHandler } from './http/error-handler.js';
import { frameworkErrorHandler, type ApiGate } from './http/framework-errors.js';
import { BODY_LIMIT_BYTES, registerJsonBody } from './http/json-body.js';
import { requestSerializer } from './http/logging.js';
import { registerNotFound } from './http/not-found.js';
import { registerProtocolErrors } from './http/protocol-errors.js';
import { genReqId, requestIdStep } from './http/request-id.js';
import { registerRequestSteps } from './http/request-steps.js';
import { createAjv, validatorCompiler } from './http/validation.js';
import './http/types.js';
import { Authenticator } from './keys/authenticator.js';
import { registerMetrics } from './metrics/http-metrics.js';
import { meterStep } from './limits/hook.js';
import { openRateLimits } from './limits/open.js';
import { orderRoutes } from './orders/routes.js';
import { petRoutes } from './pets/routes.js';
import { PetService } from './pets/service.js';
import { openStore } from './storage/open.js';
import type { Store } from './storage/store.js';

export interface AppOptions {
  config: Config;
  /** An already-open store; otherwise one is opened from config.databaseUrl and closed with the app. */
  store?: Store;
  clock?: Clock;
  /** A pino destination stream for logs (tests capture logs with it). */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance & { store: Store; openapi: () => Record<string, unknown> };

const HOUR_MS = 60 * 60 * 1000;

/** Builds the whole service; tests and the server call this same factory. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const store = options.store ?? (await openStore(config.databaseUrl, { poolSize: config.databasePoolSize }));
  const ownsStore = !options.store;
  const gate: { current?: ApiGate } = {};

  // Lines are written as they are logged, to stdout unless a stream is given: nothing waits in
  // memory (under load pino's default asynchronous writer kept 30-40 MB of lines alive, and a
  // crash would lose them), and in the bench it costs no more CPU per request.
  const logSink = options.logStream ?? pino.destination({ dest: 1, sync: true });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      redact: { paths: ['req.headers.authorization', 'req.headers["idempotency-key"]'], censor: '[redacted]' },
      stream: logSink,
    },
    logController: accessLog(logSink, ['info', 'debug', 'trace'].includes(config.logLevel)),
    genReqId,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Requests arriving while closing are answered by registerDraining, with the Error body.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(gate),
    // Requests Node's HTTP parser rejects get the Error body too, written to the socket.
    clientErrorHandler,
    ...requestTimeoutOptions(config),
  }).withTypeProvider<TypeBoxTypeProvider>();
  limitConnections(app.server, config);

  const ajv = createAjv();
  app.setValidatorCompiler(validatorCompiler(ajv));
  registerErrorHandler(app);
  registerJsonBody(app);
  registerNotFound(app);
  // Before any route is added: metrics attach a hook to each route as it is registered.
  if (config.metricsEnabled) registerMetrics(app);
  const contract = registerContract(app, config);

  const authenticator = new Authenticator(store.keys, clock, config.keyCacheTtlMs);
  const limits = await openRateLimits({ config, keys: store.keys, authenticator, clock, log: app.log });

  // The order matters: request id, draining, deprecation headers, principal, rate limit (before any 401,
  // so requests without a valid key are counted per address), HTTP protocol errors, key required, sunset.
  gate.current = { resolvePrincipal: principalResolver(authenticator), meter: limits.meter };
  decoratePrincipal(app);
  registerRequestSteps(app, [
    requestIdStep,
    rememberReplyStep,
    registerDraining(app),
    deprecationHeadersStep,
    principalStep(gate.current.resolvePrincipal),
    meterStep(gate.current.meter),
    registerProtocolErrors(app),
    keyRequiredStep,
    sunsetStep(clock),
  ]);

  const pets = new PetService(store.pets, clock);
  registerHealth(app, store, () => ({ limiter: limits.state() }));
  await app.register(petRoutes, { pets });
  await app.register(orderRoutes, { orders: store.orders });

  const purge = setInterval(() => {
    pets.purgeExpiredKeys().catch((err: unknown) => app.log.warn({ err }, 'purging expired idempotency keys failed'));
  }, HOUR_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await limits.close();
    if (ownsStore) await store.close();
  });

  await app.ready();
  return Object.assign(app as unknown as FastifyInstance, { store, openapi: contract.document }) as App;
}
