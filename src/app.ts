import { hostname } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { registerContractPart } from './contract/parts.js';
import { registerContract } from './contract/routes.js';
import type { RepositoryWrappers } from './feature.js';
import { DECLARED, FEATURES, openAppStorage } from './features.js';
import { registerHealth } from './health/routes.js';
import { primaryChannel } from './workers/channel.js';
import { AccessLog } from './http/observability/access-log.js';
import { stdoutSink } from './http/observability/log-sink.js';
import { collectDeprecatedOperations } from './http/deprecation/deprecated-operations.js';
import { deprecationHeadersStep, sunsetStep } from './http/deprecation/deprecation.js';
import { clientErrorHandler, rememberReplyStep } from './http/errors/client-errors.js';
import { limitConnections, requestTimeoutOptions } from './http/server/connection-limits.js';
import { registerDraining } from './http/server/draining.js';
import { arrivedUrl, EnvironmentRoutes } from './http/pipeline/environments.js';
import { FrontDoor } from './http/pipeline/front-door.js';
import { hostHeaderStep } from './http/pipeline/host-header.js';
import { registerErrorHandler } from './http/errors/error-handler.js';
import { frameworkErrorHandler } from './http/errors/framework-errors.js';
import { BODY_LIMIT_BYTES, registerJsonBody } from './http/body/json-body.js';
import { requestSerializer } from './http/observability/logging.js';
import { sharedSerializers } from './http/body/serializers.js';
import { registerNotFound } from './http/errors/not-found.js';
import { registerProtocolErrors } from './http/errors/protocol-errors.js';
import { genReqId, requestIdStep } from './http/pipeline/request-id.js';
import { Pipeline, registerPipeline, type Stage } from './http/pipeline/pipeline.js';
import { operationRoutes, requestTrace } from './http/observability/request-trace.js';
import { schemaErrorFormatter, validatorCompiler } from './http/body/validation.js';
import './http/types.js';
import { registerMetrics } from './metrics/http-metrics.js';
import { tracing } from './telemetry/tracing.js';
import { installedTelemetry } from './telemetry/install.js';
import { observeRegistry, otlpRequestDurations } from './metrics/otlp-metrics.js';
import { FinalFlushes, type Unwritten } from './storage/flushes.js';
import { SQLITE_BUSY_TIMEOUT_MS } from './storage/sqlite/database.js';
import type { PlannedMigration } from './storage/migrations.js';
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
  /** With WORKERS > 1, which process this is (0: the primary, 1…WORKERS: a worker), in every log line. */
  worker?: number;
}

export type App = FastifyInstance & { openapi: () => Record<string, unknown> };

/** What opening a database in use applied, and the contract migrations waiting for `petstore migrate --contract`. */
function logMigrations(app: FastifyInstance, storage: Storage): void {
  const run = storage.migrated;
  const names = (ms: readonly PlannedMigration[]) => ms.map((m) => `${m.feature} ${String(m.version)}`);
  // A new database's first migrations are the first start, not an upgrade: nothing to say.
  if (run && !run.isNew && run.applied.length > 0) app.log.info({ migrations: names(run.applied) }, 'migrations applied');
  if (run && run.waiting.length > 0) {
    app.log.warn(
      { migrations: names(run.waiting) },
      'contract migrations wait: run `petstore migrate --contract` once every instance runs this release',
    );
  }
}

/** What the final flushes leave of the shutdown's budget for closing the database and exiting. */
const CLOSING_MS = 1500;

/**
 * The final flushes (storage/flushes.ts): when the app closes, after every request has been answered and the
 * capabilities' own hooks ran, what they hold in memory is written, tried again while the database refuses
 * it, until shortly before SHUTDOWN_TIMEOUT_MS (counted from the start of the close) runs out. What is still
 * not written is logged at error level with its counts and kept in `app.finalFlushes.unwritten` (server.ts
 * exits non-zero then).
 */
function registerFinalFlushes(app: FastifyInstance, budgetMs: number, closingSince: () => number): void {
  const flushes = new FinalFlushes();
  app.decorate('finalFlushes', flushes);
  app.addHook('onClose', async () => {
    const deadline = closingSince() + budgetMs - Math.min(CLOSING_MS, budgetMs / 4);
    const { database } = app.storage;
    // SQLite waits for a lock by blocking the process: each attempt may wait only as long as the deadline allows.
    const boundWait =
      database.engine === 'sqlite' ? (ms: number) => database.sqlite.pragma(`busy_timeout = ${String(Math.floor(ms))}`) : undefined;
    let unwritten;
    try {
      unwritten = await flushes.run(deadline, {
        boundWait,
        onRetry: (name, err, attempt) =>
          app.log.warn({ err, attempt }, `shutdown: the ${name} is not written yet; trying again until the deadline`),
      });
    } finally {
      boundWait?.(SQLITE_BUSY_TIMEOUT_MS);
    }
    if (unwritten)
      app.log.error(
        { unwritten, budgetMs },
        `shutdown: not written within SHUTDOWN_TIMEOUT_MS (${String(budgetMs)} ms): ${lost(unwritten)}`,
      );
  });
}

/** `request log 50 requests; usage 50 requests, 50 deprecatedCalls …`: what was lost, in the error line. */
function lost(unwritten: Unwritten): string {
  const parts = Object.entries(unwritten).map(
    ([name, counts]) =>
      `${name} ${Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${String(n)} ${kind}`)
        .join(', ')}`,
  );
  const events = Object.values(unwritten).some((counts) => (counts.deprecatedCalls ?? 0) > 0)
    ? " (and the day's api.deprecated_call event of a key whose first call of a deprecated operation is among them)"
    : '';
  return `${parts.join('; ')} lost${events}`;
}

/** Builds the whole service; tests and the server call this same factory. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  // Said once the logger exists: the database is opened (and migrated) first.
  const backedUp: string[] = [];
  const storage = options.storage ?? (await openAppStorage(config, { backedUp: (file) => backedUp.push(file) }));
  const ownsStorage = !options.storage;
  // The request pipeline (http/pipeline/pipeline.ts): built once every capability has registered and declared its stages.
  let built: Pipeline | null = null;
  const pipeline = (): Pipeline => {
    if (built === null) throw new Error('the request pipeline is read before the app is ready');
    return built;
  };

  const logSink = options.logStream ?? stdoutSink();
  const accessLog = new AccessLog(logSink, ['info', 'debug', 'trace'].includes(config.logLevel), options.worker);
  const verbose = ['debug', 'trace'].includes(config.logLevel);
  const environments = new EnvironmentRoutes(config);
  const door = new FrontDoor({ requestId: genReqId, trustProxy: config.trustProxy, accessLog, verbose, environments });
  // With telemetry on, every log line written while a span is active names it (`trace_id`, `span_id`).
  const telemetry = installedTelemetry();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.worker === undefined ? {} : { base: { pid: process.pid, hostname: hostname(), worker: options.worker } }),
      ...(telemetry === null ? {} : { mixin: () => telemetry.tracing.activeIds() ?? {} }),
      serializers: { req: requestSerializer },
      redact: { paths: ['req.headers.authorization', 'req.headers["idempotency-key"]'], censor: '[redacted]' },
      stream: logSink,
    },
    logController: accessLog,
    genReqId,
    // Production or staging, decided from the address before routing (the front door has decided already for
    // the requests it saw; `inject` and Fastify's own extra listeners come here first).
    rewriteUrl: (req) => {
      const url = environments.route(req);
      (req as { originalUrl?: string }).originalUrl = arrivedUrl(req);
      return url;
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Requests arriving while closing are answered by registerDraining, with the Error body.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    schemaErrorFormatter,
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } },
    frameworkErrors: frameworkErrorHandler(pipeline),
    // Requests Node's HTTP parser rejects get the Error body too, written to the socket.
    clientErrorHandler,
    ...requestTimeoutOptions(config),
  }).withTypeProvider<TypeBoxTypeProvider>();
  limitConnections(app.server, config);
  for (const file of backedUp) app.log.info({ file }, 'backup written before migrating');
  logMigrations(app, storage);
  // The front door (http/pipeline/front-door.ts) in place of Fastify's handler on its server, which it calls for what
  // it does not answer. Not through `serverFactory`: with one Fastify no longer listens on every address of
  // HOST=localhost. Those extra listeners (Fastify's own) go straight to Fastify.
  app.server.removeListener('request', app.routing);
  app.server.on('request', door.handler(app.routing));

  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('storage', storage);
  app.decorate('frontDoor', door);
  app.decorate('environments', environments);
  app.decorate('background', options.worker === undefined || options.worker === 0);
  app.decorate('readiness', new Map<string, () => string>());
  app.decorate('repositoryWrappers', options.wrapRepositories ?? {});
  app.decorate('declared', DECLARED);
  app.decorate('metricsRegistry', null);
  app.decorate('deprecatedOperations', collectDeprecatedOperations(app));
  app.decorateRequest('answeredAs', null);

  app.setValidatorCompiler(validatorCompiler());
  registerErrorHandler(app);
  registerJsonBody(app);
  registerNotFound(app);
  // Before any route is added: metrics attach a hook to each route as it is registered; with telemetry on, request
  // spans name the route of an operation the front door answered.
  const recordAnswer = config.metricsEnabled ? registerMetrics(app) : null;
  const tracedRoutes = tracing().enabled ? operationRoutes(app) : null;
  for (const feature of FEATURES) if (feature.contract) registerContractPart(feature.name, await feature.contract());
  const contract = registerContract(app, config);

  const meter = telemetry?.meter ?? null;
  const ground: Stage[] = [
    ...(tracedRoutes === null
      ? []
      : [{ kind: 'trace', trace: requestTrace(tracedRoutes, meter === null ? null : otlpRequestDurations(meter)) } satisfies Stage]),
    { kind: 'request-id', request: requestIdStep },
    { kind: 'request-id', request: rememberReplyStep },
  ];
  const draining = registerDraining(app);
  // Once draining, no request is answered early; those answered in this turn are written before connections close.
  app.addHook('preClose', (done) => {
    door.writeHeld();
    done();
  });
  ground.push(
    { kind: 'draining', request: draining.step },
    { kind: 'host', request: hostHeaderStep },
    { kind: 'deprecation', request: deprecationHeadersStep },
    { kind: 'protocol', request: registerProtocolErrors(app) },
    { kind: 'route', request: sunsetStep(clock) },
  );
  registerPipeline(app, pipeline);
  registerHealth(app, primaryChannel());
  app.addHook('onListen', async () => {
    const listening = app.server.address();
    if (listening && typeof listening === 'object') environments.listeningOn(listening.port);
  });

  // Before the capabilities' hooks: onClose hooks run last-registered first, so the database closes after
  // every capability has finished with it, and after the final flushes below.
  app.addHook('onClose', async () => {
    if (ownsStorage) await storage.close();
  });
  registerFinalFlushes(app, config.shutdownTimeoutMs, draining.closingSince);

  try {
    for (const feature of FEATURES) if (feature.plugin) await app.register((await feature.plugin()).default);
    // Ordered once, here: the ground floor's stages, then each capability's in the composition root's order.
    const stages = [...ground];
    for (const feature of FEATURES) if (feature.stages) stages.push(...(await feature.stages())(app));
    built = new Pipeline(stages);
    // Every capability has registered its series by now.
    if (meter !== null && app.metricsRegistry !== null) observeRegistry(meter, app.metricsRegistry);
    await app.ready();
  } catch (err) {
    // A start that fails part way (a database too slow to answer a capability's first read) closes what the
    // capabilities opened before it (pollers, listeners, pools), or they would keep the process alive.
    await app.close().catch(() => undefined);
    throw err;
  }
  door.open(pipeline(), { accepting: draining.accepting, recordAnswer });
  return Object.assign(app as unknown as FastifyInstance, { openapi: contract.document }) as App;
}
