import { MESSAGES } from '@lyceum/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { Actor, PublicActor } from './actor.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every non-public API route by the access hook (plugins/auth.ts); absent on public ones. */
    actor?: Actor;
  }
}

/** The signed-in actor of a route that the access hook guarded. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated', MESSAGES.signedOut);
  return request.actor;
}

/** The caller of a public route (sign-in, sign-up, the brand): where the request came from. */
export function publicActorOf(request: FastifyRequest): PublicActor {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
