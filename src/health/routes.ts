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

/** With WORKERS > 1, the whole server's readiness as the primary sees it (workers/channel.ts). */
export interface WholeServer {
  readiness(): Promise<{ workers: number; of: number; primary: { database: string } }>;
}

/**
 * `/healthz`: the process accepts requests. `/readyz`: the database answers; this build's `version` and
 * the schema's state; the other checks capabilities registered in `app.readiness` are reported beside it. With WORKERS > 1 a worker
 * answers for the whole server: `primary` (it answers, its database is up) and `workers` (listening/WORKERS).
 */
export function registerHealth(app: FastifyInstance, workers: WholeServer | null = null): void {
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
    let primary = 'up';
    if (workers !== null) {
      // The whole server (WORKERS > 1): the primary answers, with its database, and how many workers listen.
      try {
        const server = await within(workers.readiness(), READY_TIMEOUT_MS);
        primary = server.primary.database === 'up' ? 'up' : 'down';
        checks.workers = `${String(server.workers)}/${String(server.of)}`;
      } catch {
        primary = 'down';
      }
      checks.primary = primary;
    }
    const ready = database === 'up' && primary === 'up';
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not_ready', version: VERSION, checks, ...(schema && { schema }) });
  });
}
