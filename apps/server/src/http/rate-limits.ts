// Rate limits of the routes that can be abused to guess or to spam: password recovery (mails) and
// reset (token guessing), and the sign-in module's login calls. The plugin is registered with
// `global: false`; a route opts in with `config: { rateLimit: rateLimits.x }`.
// Counters live in this process (several API instances each count on their own).

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError, tooManyRequests } from '../services/errors.js';

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

export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      context.statusCode === 429 ? tooManyRequests() : new ApiError(context.statusCode, tooManyRequests().detail),
  });
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
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw tooManyRequests();
      }
    }
  };
}
