// GET /utils/config (what the browser needs before sign-in) and the health checks: everyone learns
// whether the service is up and its version; the details (database, host names and process ids
// of workers, queue counts) only a superuser's bearer token opens.

import { HealthResponse, PublicConfigResponse } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { CurrentUserService } from '../services/current-user.js';
import { checkHealth, type QueueHealthSource } from '../services/health.js';

export interface UtilsRoutesOptions {
  config: Config;
  database: Pick<Database, 'ping'>;
  queue?: QueueHealthSource;
  currentUser: CurrentUserService;
}

export const utilsRoutes: FastifyPluginAsyncZod<UtilsRoutesOptions> = async (app, { config, database, queue, currentUser }) => {
  app.get(
    '/utils/config',
    { schema: { tags: ['utils'], summary: 'Public configuration', response: { 200: PublicConfigResponse } } },
    async () => ({ auth_provider: config.auth.provider, analytics_container_id: config.analyticsContainerId, public_url: config.publicUrl }),
  );

  const health = {
    schema: {
      tags: ['utils'],
      summary: 'Service health: status and version; for a superuser also the database, versions, uptime, queue and workers',
      response: { 200: HealthResponse, 503: HealthResponse },
    },
  };
  /** Whether the caller showed a superuser's valid token; anything else (none, bad, a normal user) is anonymous. */
  const bySuperuser = async (authorization: string | undefined) => {
    if (!authorization) return false;
    try {
      return (await currentUser.authenticate(authorization)).is_superuser;
    } catch {
      return false;
    }
  };
  const answerHealth = async (request: { headers: { authorization?: string } }, reply: { code(status: number): unknown }) => {
    const detailed = await bySuperuser(request.headers.authorization);
    const result = await checkHealth(database, detailed ? queue : undefined);
    // A load balancer takes an instance whose database is gone out of rotation.
    reply.code(result.status === 'ok' ? 200 : 503);
    return detailed ? result : { status: result.status, version: result.version };
  };
  app.get('/utils/health-check', health, answerHealth);
  app.get('/health', health, answerHealth);
};
