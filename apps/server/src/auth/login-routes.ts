// The sign-in calls: GET /api/v1/login/external-loginurl and POST /api/v1/login/auth-callback (the
// spec's two), GET /api/v1/login/logout-url (the provider's sign-out address) and POST
// /api/v1/login/logout (sign-out: ends the user's sessions, then the same answer). Thin: parse with
// the shared schemas, call the login service, answer `{"detail": ...}` on errors.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import type {} from '@fastify/swagger';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthCallbackBody, LoginUrlQuery, LoginUrlResponse, LogoutUrlResponse, TokenResponse, errorDetails } from '@simforge/contracts';
import { LoginError, type LoginService } from './login-service.js';

export const LogoutUrlQuery = z.object({
  post_logout_redirect_uri: z.string().max(2048).optional(),
});
export const LogoutBody = LogoutUrlQuery.optional();

/** The spec's callback body; `iss` (RFC 9207) and `session_id` may be passed on as well. */
export const CallbackBody = AuthCallbackBody.extend({
  iss: z.string().max(2048).optional(),
  session_id: z.string().max(200).optional(),
});

/** Per client IP. */
export const LOGIN_RATE_LIMITS = {
  loginUrl: { max: 30, timeWindow: 60_000 },
  callback: { max: 20, timeWindow: 60_000 },
} as const;

/** The limits for a configured number of sign-in completions per minute (the login-URL call gets 1.5 times as many). */
export function loginRateLimits(callbacksPerMinute: number = LOGIN_RATE_LIMITS.callback.max): { loginUrl: { max: number; timeWindow: number }; callback: { max: number; timeWindow: number } } {
  return {
    loginUrl: { max: Math.ceil(1.5 * callbacksPerMinute), timeWindow: LOGIN_RATE_LIMITS.loginUrl.timeWindow },
    callback: { max: callbacksPerMinute, timeWindow: LOGIN_RATE_LIMITS.callback.timeWindow },
  };
}

function tooManyRequests(): Error {
  return Object.assign(new Error(errorDetails.tooManyRequests), { statusCode: 429 });
}

/** A route's config under a per-IP limit, answering 429 with the shared message. */
const rateLimited = (limit: { max: number; timeWindow: number }) => ({ rateLimit: { ...limit, errorResponseBuilder: tooManyRequests } });

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The sign-out calls' input: where to return to, and the caller's token when it sent one. */
function logoutInput(request: FastifyRequest, postLogoutRedirectUri: string | undefined) {
  return { post_logout_redirect_uri: postLogoutRedirectUri, bearerToken: bearerToken(request) };
}

/** A sign-in call's answer, never cached (it carries a code verifier, a token or a sign-out address); a LoginError answers `{"detail": ...}`. */
async function answer<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  reply.header('cache-control', 'no-store');
  try {
    return await work();
  } catch (error) {
    if (error instanceof LoginError) {
      return reply.code(error.statusCode).send({ detail: error.detail });
    }
    throw error;
  }
}

export async function registerLoginRoutes(app: FastifyInstance, service: LoginService, limits = loginRateLimits()): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/login/external-loginurl',
    {
      schema: {
        tags: ['login'],
        summary: 'Start sign-in: the identity provider address to send the browser to, and the PKCE code verifier',
        querystring: LoginUrlQuery,
        response: { 200: LoginUrlResponse },
      },
      config: rateLimited(limits.loginUrl),
    },
    async (request, reply) => answer(reply, () => service.startLogin(request.query)),
  );

  routes.post(
    '/api/v1/login/auth-callback',
    {
      schema: {
        tags: ['login'],
        summary: 'Finish sign-in: exchange the authorization code for an access token',
        body: CallbackBody,
        response: { 200: TokenResponse },
      },
      config: rateLimited(limits.callback),
    },
    async (request, reply) => answer(reply, () => service.completeLogin(request.body)),
  );

  routes.post(
    '/api/v1/login/logout',
    {
      schema: {
        tags: ['login'],
        summary:
          "Sign out: with a valid bearer token, ends every session of its user (all access tokens, the built-in provider's sessions); answers where to send the browser",
        body: LogoutBody,
        response: { 200: LogoutUrlResponse },
      },
    },
    async (request, reply) => answer(reply, () => service.logout(logoutInput(request, request.body?.post_logout_redirect_uri))),
  );

  routes.get(
    '/api/v1/login/logout-url',
    {
      schema: {
        tags: ['login'],
        summary: "Where to send the browser to end the identity provider's session (bearer token optional)",
        querystring: LogoutUrlQuery,
        response: { 200: LogoutUrlResponse },
      },
    },
    async (request, reply) => answer(reply, () => service.logoutUrl(logoutInput(request, request.query.post_logout_redirect_uri))),
  );
}
