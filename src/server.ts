import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { listenHttps, type HttpsListener } from './domains/https.js';

/** Runs the service until SIGTERM/SIGINT, then drains in-flight requests and exits. */
export async function serve(config: Config = loadConfig()): Promise<void> {
  const app = await buildApp({ config });
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
    Promise.all([app.close(), https?.close()]).then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  https = await listenHttps(app);
}
