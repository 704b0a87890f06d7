// The bearer-token "dependency" of the routes. It runs as an onRequest hook, before the body is
// parsed and validated, so an anonymous or unprivileged caller learns nothing about the schema.
// The acting user is kept per request in a WeakMap rather than on FastifyRequest, which the
// sign-in module may decorate too.

import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { CurrentUserService } from '../services/current-user.js';
import { assertSuperuser, type Actor } from '../services/policies.js';

const actors = new WeakMap<FastifyRequest, Actor>();

export interface AuthGuards {
  /** Any signed-in, active user. */
  user: onRequestAsyncHookHandler;
  /** A signed-in, active superuser. */
  superuser: onRequestAsyncHookHandler;
}

export function createAuthGuards(currentUser: CurrentUserService): AuthGuards {
  const authenticate = async (request: FastifyRequest) => {
    const actor = await currentUser.authenticate(request.headers.authorization);
    actors.set(request, actor);
    return actor;
  };
  return {
    user: async (request) => {
      await authenticate(request);
    },
    superuser: async (request) => {
      assertSuperuser(await authenticate(request));
    },
  };
}

/** The user a guarded request acts as. */
export function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new Error(`Route ${request.routeOptions.url} reads the actor but has no auth guard`);
  return actor;
}
