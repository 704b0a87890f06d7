// Rate limits of the routes that can be abused to guess or to spam: password recovery (mails) and
// reset (token guessing), the sign-in module's login calls, and per user the routes that compute
// the solver's estimate (CPU). The plugin is registered with `global: false`; a route opts in with
// `config: { rateLimit: rateLimits.x }`, or a hook from `combinedRateLimit` / `perUserRateLimit`.
// Counters live in this process (several API instances each count on their own).

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError, tooManyRequests } from '../services/errors.js';
import { actorOf } from './auth-guard.js';

export interface RateLimit {
  max: number;
  timeWindow: number;
}

const MINUTE = 60_000;

export const rateLimits = {
  /** POST /password-recovery/{email}, per client IP. */
  passwordRecoveryPerIp: { max: 5, timeWindow: 15 * MINUTE },
  /** POST /password-recovery/{email}, per email address (whoever asks). */
  passwordRecoveryPerEmail: { max: 5, timeWindow: 15 * MINUTE },
  /** POST /reset-password/, per client IP. */
  resetPassword: { max: 10, timeWindow: 15 * MINUTE },
  /** For the sign-in module's login calls, per client IP. */
  signIn: { max: 30, timeWindow: 5 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/**
 * metamodel_estimate_v2, create, edit and import (each computes the estimate), per user
 * (ESTIMATE_RATE_LIMIT_PER_MINUTE). The web app asks once typing pauses for 400 ms, the simulator's
 * sweep 10 at a time: a person stays far below the default of 600.
 */
export const estimatesPerUser = (perMinute: number): { limit: RateLimit; refusal: () => ApiError } => ({
  limit: { max: perMinute, timeWindow: MINUTE },
  refusal: () => new ApiError(429, `${tooManyRequests().detail}: at most ${perMinute} estimates a minute for each user (creating, editing or importing a simulation counts as one)`),
});

export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      context.statusCode === 429 ? tooManyRequests() : new ApiError(context.statusCode, tooManyRequests().detail),
  });
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, refusal: () => ApiError): Promise<void> {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) {
    reply.header('retry-after', String(result.ttlInSeconds));
    throw refusal();
  }
}

/**
 * Several limits on one route (e.g. per IP and per email). The plugin runs only one limiter per
 * request through `config.rateLimit`, so these use `createRateLimit` and check each in turn.
 */
export function combinedRateLimit(
  app: FastifyInstance,
  limits: { limit: RateLimit; key?: (request: FastifyRequest) => string }[],
): onRequestAsyncHookHandler {
  const limiters = limits.map(({ limit, key }) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, ...(key ? { keyGenerator: key } : {}) }),
  );
  return async (request, reply) => {
    for (const limiter of limiters) await enforce(limiter, request, reply, tooManyRequests);
  };
}

/**
 * One budget per signed-in user (by id, whatever their address), shared by every route given the
 * returned hook. It runs after the route's auth guard
 * (`onRequest: [guards.user, hook]`), which names the user, and before the body is parsed.
 */
export function perUserRateLimit(app: FastifyInstance, { limit, refusal }: { limit: RateLimit; refusal: () => ApiError }): onRequestAsyncHookHandler {
  const limiter = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: (request) => `user:${actorOf(request).id}` });
  return async (request, reply) => enforce(limiter, request, reply, refusal);
}
