// POST /password-recovery/{email} and POST /reset-password/ (the product decisions).

import { Message, NewPassword, RecoveryParams } from '@simforge/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { combinedRateLimit, rateLimits } from '../http/rate-limits.js';
import { RECOVERY_ANSWER, RESET_ANSWER, type PasswordRecoveryService } from '../services/password-recovery.js';
import { errorResponses } from './schemas.js';

export interface PasswordRecoveryRoutesOptions {
  recovery: PasswordRecoveryService;
}

export const passwordRecoveryRoutes: FastifyPluginAsyncZod<PasswordRecoveryRoutesOptions> = async (app, { recovery }) => {
  const tags = ['password'];
  const perIpAndEmail = combinedRateLimit(app as unknown as FastifyInstance, [
    { limit: rateLimits.passwordRecoveryPerIp },
    {
      limit: rateLimits.passwordRecoveryPerEmail,
      key: (request) => `email:${String((request.params as { email?: string }).email ?? '').trim().toLowerCase()}`,
    },
  ]);

  app.post(
    '/password-recovery/:email',
    {
      onRequest: perIpAndEmail,
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the email is registered)',
        params: RecoveryParams,
        response: { 200: Message, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      recovery.requestReset(request.params.email);
      return { msg: RECOVERY_ANSWER };
    },
  );

  app.post(
    '/reset-password/',
    {
      config: { rateLimit: rateLimits.resetPassword },
      schema: {
        tags,
        summary: 'Choose a new password with the token from the reset link',
        body: NewPassword,
        response: { 200: Message, ...errorResponses(400, 422, 429) },
      },
    },
    async (request) => {
      await recovery.resetPassword(request.body);
      return { msg: RESET_ANSWER };
    },
  );
};
