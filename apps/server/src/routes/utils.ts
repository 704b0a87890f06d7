// GET /utils/config (what the browser needs before sign-in) and the health checks.

import { HealthResponse, PublicConfigResponse } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { checkHealth, type QueueHealthSource } from '../services/health.js';

export interface UtilsRoutesOptions {
  config: Config;
  database: Pick<Database, 'ping'>;
  queue?: QueueHealthSource;
}

export const utilsRoutes: FastifyPluginAsyncZod<UtilsRoutesOptions> = async (app, { config, database, queue }) => {
  app.get(
    '/utils/config',
    { schema: { tags: ['utils'], summary: 'Public configuration', response: { 200: PublicConfigResponse } } },
    async () => ({ auth_provider: config.auth.provider, analytics_container_id: config.analyticsContainerId }),
  );

  const health = {
    schema: {
      tags: ['utils'],
      summary: 'Service health (database reachable, latency; simulation queue and workers)',
      response: { 200: HealthResponse, 503: HealthResponse },
    },
  };
  const answerHealth = async (_request: unknown, reply: { code(status: number): unknown }) => {
    const result = await checkHealth(database, queue);
    // A load balancer takes an instance whose database is gone out of rotation.
    reply.code(result.status === 'ok' ? 200 : 503);
    return result;
  };
  app.get('/utils/health-check', health, answerHealth);
  app.get('/health', health, answerHealth);
};
