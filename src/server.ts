import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import { buildApp, type App } from './app.js';
import { loadConfig, type Config } from './config.js';
import { ServeError } from './serve-error.js';
import { listenHttps, type HttpsListener } from './domains/serving/https.js';
import { installTelemetry, uninstallTelemetry } from './telemetry/install.js';
import { primaryChannel, workerNumber } from './workers/channel.js';
import { startWorkers, worse } from './workers/primary.js';

/**
 * How far V8 lets the old generation grow past what the last full collection
 * kept, in percent. By default it picks up to about 4× under a high allocation
 * rate: under load every request in flight survives a young collection or two,
 * so the old generation filled with garbage up to ~120 MB (30 MB live) before
 * it was collected, and the process peaked at 220-260 MB. At 1.5× it is
 * collected at ~45-60 MB, for a full collection about every second under load
 * (docs/performance.md, "Memory"). V8 reads the flag at each collection.
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * The exit status of a shutdown that drained every request but could not write what it held for the database
 * (the request log, usage and deprecated-call counts) within SHUTDOWN_TIMEOUT_MS; 1 is a shutdown that timed out
 * or failed (docs/operations.md, "Shutdown").
 */
export const EXIT_UNWRITTEN = 3;

/**
 * Runs the service until SIGTERM/SIGINT, then drains in-flight requests and exits. With WORKERS > 1 this process
 * is the primary (servePrimary) and each worker runs this function again, its background work switched off.
 */
export async function serve(config: Config = loadConfig()): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) return servePrimary(config);
  const worker = workerNumber();
  if (worker === null) return serveOne(config, null);
  try {
    // The primary delivers webhooks and takes the scheduled backups (its own app; workers/primary.ts).
    await serveOne({ ...config, webhookWorker: false, backupDir: undefined }, worker);
  } catch (err) {
    // The error is said as a single process says it, and the worker exits with its status: the channel to the
    // primary no longer keeps it running (the primary then stops the whole server with that status).
    process.channel?.unref();
    throw err;
  }
}

/**
 * What every process of the server does first: V8's flag, telemetry (before the app opens storage: every span from
 * the first statement on goes through it), then the app built with SIGTERM/SIGINT already listened for. During
 * the build (migrations, a backup before them, the first reads) a signal is remembered (`signalled`) and bounds the
 * start by SHUTDOWN_TIMEOUT_MS: as a container's PID 1, a signal nobody listens for is ignored, and `docker stop` in
 * the first seconds waited its whole grace period for a SIGKILL. `handle` passes the signals from then on to the
 * caller's shutdown; call it before anything else is awaited.
 */
async function startApp(
  config: Config,
  worker: number | undefined,
): Promise<{ app: App; signalled: string | null; handle: (stop: (signal: string) => void) => void }> {
  setFlagsFromString(`--heap-growing-percent=${String(HEAP_GROWING_PERCENT)}`);
  await installTelemetry(config.telemetry, config.workers > 1 ? worker : undefined);
  let signalled: string | null = null;
  let startBound: NodeJS.Timeout | undefined;
  let onSignal = (signal: string) => {
    if (signalled !== null) return;
    signalled = signal;
    startBound = setTimeout(() => {
      process.stderr.write(`petstore: ${signal} while starting, and the start did not end within SHUTDOWN_TIMEOUT_MS; exiting\n`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  const app = await buildApp({ config, ...(worker === undefined ? {} : { worker }) });
  clearTimeout(startBound);
  return {
    app,
    signalled,
    handle: (stop) => {
      onSignal = stop;
    },
  };
}

async function serveOne(config: Config, worker: number | null): Promise<void> {
  const { app, signalled, handle } = await startApp(config, worker ?? undefined);
  let https: HttpsListener | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    const since = performance.now();
    Promise.all([app.close(), https?.close()])
      // The spans of the last requests and a last collection of metrics are exported within what is left of the budget.
      .then(() => uninstallTelemetry(Math.max(0, config.shutdownTimeoutMs - (performance.now() - since) - 250)))
      .then(
        () => {
          // The request log, usage or deprecated-call counts could not be written (logged at error level with their counts).
          const lost = app.finalFlushes.unwritten !== null;
          app.log.info(lost ? `stopped; exit status ${String(EXIT_UNWRITTEN)}: records were not written` : 'stopped');
          process.exit(lost ? EXIT_UNWRITTEN : 0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  handle(stop);
  if (signalled !== null) return stop(signalled);
  try {
    await app.listen({ port: config.port, host: config.host });
    https = await listenHttps(app);
    primaryChannel()?.listening();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
    // The one line below is the answer: closing what started says nothing.
    app.log.level = 'silent';
    await Promise.all([app.close(), https?.close()]);
    const { address, port } = err as { address?: string; port?: number };
    const where = `${address ?? config.host}:${String(port ?? config.port)}`;
    throw new ServeError(
      code === 'EADDRINUSE'
        ? `port ${String(port ?? config.port)} is in use (${where}): stop what listens there, or set PORT`
        : `no permission to listen on ${where}: pick a port above 1023 with PORT`,
    );
  }
}

/**
 * The primary of WORKERS > 1: builds the app (migrations run once, here, before any worker starts) and runs its
 * background work (webhook delivery, scheduled backups, ACME renewals, retention) without listening; the
 * workers serve the port (workers/primary.ts). SIGTERM/SIGINT drains every worker, then the primary closes its
 * app; the exit status is the worst of theirs and its own (EXIT_UNWRITTEN when records were not written).
 */
async function servePrimary(config: Config): Promise<void> {
  const { app, signalled, handle } = await startApp(config, 0);
  const closeApp = async (status: number, since: number): Promise<never> => {
    try {
      await app.close();
      await uninstallTelemetry(Math.max(0, config.shutdownTimeoutMs - (performance.now() - since) - 250));
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    const final = worse(status, app.finalFlushes.unwritten === null ? 0 : EXIT_UNWRITTEN);
    app.log.info(final === 0 ? 'stopped' : `stopped; exit status ${String(final)}`);
    process.exit(final);
  };
  if (signalled !== null) return void closeApp(0, performance.now());
  const workers = startWorkers(app, config, (code, signal) => code ?? (signal === null ? 0 : 1));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, `shutting down: draining ${String(config.workers)} workers`);
    const since = performance.now();
    // Each worker bounds its own shutdown by SHUTDOWN_TIMEOUT_MS; this bounds the whole.
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      workers.kill();
      process.exit(1);
    }, config.shutdownTimeoutMs + 2000).unref();
    void workers.stop().then((status) => closeApp(status, since));
  };
  handle(stop);
  try {
    await workers.started;
  } catch (err) {
    if (stopping) return;
    // The worker said why on its own (the one line of a port in use, say); the server stops with its status.
    app.log.level = 'silent';
    workers.kill();
    await app.close().catch(() => undefined);
    process.exit((err as { status?: number }).status ?? 1);
  }
  app.log.info({ workers: config.workers }, `serving with ${String(config.workers)} workers`);
}
