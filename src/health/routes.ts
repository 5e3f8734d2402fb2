import type { FastifyInstance } from 'fastify';
import type { Store } from '../storage/store.js';

const READY_TIMEOUT_MS = 1000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${String(ms)} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `/healthz`: the process accepts requests. `/readyz`: its dependencies answer too. */
export function registerHealth(app: FastifyInstance, store: Store, extraChecks: () => Record<string, string> = () => ({})): void {
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    let database = 'up';
    try {
      await within(store.ping(), READY_TIMEOUT_MS);
    } catch {
      database = 'down';
    }
    const checks = { database, ...extraChecks() };
    const ready = database === 'up';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}
