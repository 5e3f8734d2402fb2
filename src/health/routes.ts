import type { FastifyInstance } from 'fastify';
import type { SchemaState } from '../storage/migrations.js';
import { VERSION } from '../version.js';

const READY_TIMEOUT_MS = 1000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${String(ms)} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The schema as this instance sees it: `current`; `pending` (migrations to apply: `petstore migrate`);
 * `contract_pending` (only contract migrations wait: `petstore migrate --contract` once every instance
 * runs this release); `newer` (a newer release has migrated the database; this instance keeps serving).
 */
function schemaOf(state: SchemaState) {
  const pending = state.migrations.filter((m) => !m.applied);
  const status =
    state.unknown.length > 0
      ? 'newer'
      : pending.some((m) => m.kind !== 'contract')
        ? 'pending'
        : pending.length > 0
          ? 'contract_pending'
          : 'current';
  return {
    status,
    databaseVersion: state.databaseVersion,
    applied: state.migrations.length - pending.length + state.unknown.length,
    pending: pending.length,
  };
}

/**
 * `/healthz`: the process accepts requests. `/readyz`: the database answers; this build's `version` and
 * the schema's state; the other checks capabilities registered in `app.readiness` are reported beside it.
 */
export function registerHealth(app: FastifyInstance): void {
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    let database = 'up';
    let schema: ReturnType<typeof schemaOf> | undefined;
    try {
      // The ping first: on PostgreSQL it goes through the outage gate, and lets it open again once the database is back.
      await within(app.storage.ping(), READY_TIMEOUT_MS);
      schema = schemaOf(await within(app.storage.schema(), READY_TIMEOUT_MS));
    } catch {
      database = 'down';
    }
    const checks: Record<string, string> = { database };
    for (const [name, check] of app.readiness) checks[name] = check();
    const ready = database === 'up';
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not_ready', version: VERSION, checks, ...(schema && { schema }) });
  });
}
