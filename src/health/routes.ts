import type { FastifyInstance } from 'fastify';

const READY_TIMEOUT_MS = 1000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${String(ms)} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process accepts requests. `/readyz`: the database answers;
 * the other checks capabilities registered in `app.readiness` are reported beside it.
 */
export function registerHealth(app: FastifyInstance): void {
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    let database = 'up';
    try {
      await within(app.storage.ping(), READY_TIMEOUT_MS);
    } catch {
      database = 'down';
    }
    const checks: Record<string, string> = { database };
    for (const [name, check] of app.readiness) checks[name] = check();
    const ready = database === 'up';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}
