import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { HELD_MS, petsVersionKey } from './version-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's writes change what listPets and getPet answer (a pet, or its status through an order):
     * its requests change the project's shared version (version-cache.ts), whatever the spelling of their URL.
     */
    changesPets?: true;
  }
}

/** The route config of a write that changes what listPets and getPet answer. */
export const CHANGES_PETS = { changesPets: true } as const;

/**
 * Keeps the answers held under a project's shared version (version-cache.ts) exact, for every route marked
 * `changesPets`: such a request marks the version as being written in its limiter round trip before it
 * writes (it is not settled meanwhile), and a write answered 2xx (a replay too: it acknowledges a write)
 * changes it after its commit, before its answer is sent. When that change fails (Redis unreachable or too slow), the answer waits until `HELD_MS` after the
 * commit: every answer read before the commit has then expired on every instance. Only PostgreSQL's answers
 * are held, and only with Redis; otherwise nothing is added. Must run before the routes are declared.
 */
export function versionPetWrites(app: FastifyInstance): void {
  const { change, changedBy } = app.sharedVersions;
  if (app.storage.engine !== 'postgres' || change === null) return;
  changedBy((request, route) => (route.config.changesPets && request.principal ? petsVersionKey(request.principal.projectId) : undefined));
  const afterCommit: onSendAsyncHookHandler = async (request, reply, payload) => {
    const { principal } = request;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !principal) return payload;
    // The write committed before its handler returned: this is no earlier than the commit.
    const committed = performance.now();
    if (!(await change(petsVersionKey(principal.projectId)))) {
      const wait = HELD_MS - (performance.now() - committed);
      if (wait > 0) await sleep(wait);
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.changesPets) return;
    const onSend = route.onSend ?? [];
    route.onSend = [...(Array.isArray(onSend) ? onSend : [onSend]), afterCommit];
  });
}
