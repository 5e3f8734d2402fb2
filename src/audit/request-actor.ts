import type { FastifyRequest } from 'fastify';
import { actorOf } from '../management/auth.js';
import type { Actor } from './actor.js';
import type { AuditActor } from './repository.js';

/** The actor of a management request as the audit log records it. */
export function auditActor(request: FastifyRequest): AuditActor {
  const actor = actorOf(request);
  return actor.type === 'token'
    ? { type: 'token', email: actor.user.email, tokenId: actor.token.id }
    : { type: 'user', email: actor.user.email };
}

/** The actor of a management request as services receive it: its person or token, and its client address. */
export function actorFor(request: FastifyRequest): Actor {
  return { ...auditActor(request), ip: request.ip };
}
