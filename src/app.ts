import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { registerContract } from './contract/routes.js';
import type { RepositoryWrappers } from './feature.js';
import { FEATURES, openAppStorage } from './features.js';
import { registerHealth } from './health/routes.js';
import { accessLog } from './http/access-log.js';
import { deprecationHeadersStep, sunsetStep } from './http/deprecation.js';
import { clientErrorHandler, rememberReplyStep } from './http/client-errors.js';
import { limitConnections, requestTimeoutOptions } from './http/connection-limits.js';
import { registerDraining } from './http/draining.js';
import { registerErrorHandler } from './http/error-handler.js';
import { frameworkErrorHandler } from './http/framework-errors.js';
import { BODY_LIMIT_BYTES, registerJsonBody } from './http/json-body.js';
import { requestSerializer } from './http/logging.js';
import { registerNotFound } from './http/not-found.js';
import { registerProtocolErrors } from './http/protocol-errors.js';
import { genReqId, requestIdStep } from './http/request-id.js';
import { registerRequestSteps, RequestSteps } from './http/request-steps.js';
import { createAjv, validatorCompiler } from './http/validation.js';
import './http/types.js';
import { registerMetrics } from './metrics/http-metrics.js';
import type { Storage } from './storage/open.js';

export interface AppOptions {
  config: Config;
  /** An already-open database; otherwise one is opened from config.databaseUrl and closed with the app. */
  storage?: Storage;
  clock?: Clock;
  /** A pino destination stream for logs (tests capture logs with it). */
  logStream?: NodeJS.WritableStream;
  /** Tests: wrap a capability's repository by capability name (e.g. one that fails). */
  wrapRepositories?: RepositoryWrappers;
}

export type App = FastifyInstance & { openapi: () => Record<string, unknown> };

let stdout: ReturnType<typeof pino.destination> | undefined;

/**
 * Log lines go to stdout in synchronous writes of up to 8 KiB, at least every
 * 200 ms, and whatever is left when the process exits: one write per request
 * cost about a third of the CPU of serving a site file (docs/performance.md).
 * At most 8 KiB waits in memory (under load pino's default asynchronous writer
 * kept 30-40 MB of lines alive); a process killed outright loses at most the
 * last 200 ms of lines.
 */
function stdoutSink(): ReturnType<typeof pino.destination> {
  if (stdout) return stdout;
  const sink = pino.destination({ dest: 1, sync: true, minLength: 8192, periodicFlush: 200 });
  process.on('exit', () => {
    try {
      sink.flushSync();
    } catch {
      // stdout already closed: nothing left to write to.
    }
  });
  stdout = sink;
  return sink;
}

/** Builds the whole service; tests and the server call this same factory. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? (await openAppStorage(config));
  const ownsStorage = !options.storage;
  const steps = new RequestSteps();

  const logSink = options.logStream ?? stdoutSink();
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
    frameworkErrors: frameworkErrorHandler(steps),
    // Requests Node's HTTP parser rejects get the Error body too, written to the socket.
    clientErrorHandler,
    ...requestTimeoutOptions(config),
  }).withTypeProvider<TypeBoxTypeProvider>();
  limitConnections(app.server, config);

  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('storage', storage);
  app.decorate('requestSteps', steps);
  app.decorate('readiness', new Map<string, () => string>());
  app.decorate('repositoryWrappers', options.wrapRepositories ?? {});
  app.decorateRequest('answeredAs', null);

  app.setValidatorCompiler(validatorCompiler(createAjv()));
  registerErrorHandler(app);
  registerJsonBody(app);
  registerNotFound(app);
  // Before any route is added: metrics attach a hook to each route as it is registered.
  if (config.metricsEnabled) registerMetrics(app);
  const contract = registerContract(app, config);

  steps.add('request-id', requestIdStep);
  steps.add('request-id', rememberReplyStep);
  steps.add('draining', registerDraining(app));
  steps.add('deprecation', deprecationHeadersStep);
  steps.add('protocol', registerProtocolErrors(app));
  steps.add('route', sunsetStep(clock));
  registerRequestSteps(app, steps);
  registerHealth(app);

  // Before the capabilities' hooks: onClose hooks run last-registered first, so the database closes after
  // every capability has finished with it (usage writes its last counts on close).
  app.addHook('onClose', async () => {
    if (ownsStorage) await storage.close();
  });

  for (const feature of FEATURES) if (feature.plugin) await app.register((await feature.plugin()).default);

  await app.ready();
  return Object.assign(app as unknown as FastifyInstance, { openapi: contract.document }) as App;
}
