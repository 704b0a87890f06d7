// GET /dashboard/stats: the signed-in user's usage and the service's queue, for the dashboard.

import { DashboardStats } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, type AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import type { DashboardService } from '../services/dashboard.js';
import { errorResponses } from './schemas.js';

export interface DashboardRoutesOptions {
  guards: AuthGuards;
  dashboard: DashboardService;
}

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, { guards, dashboard }) => {
  app.get(
    '/dashboard/stats',
    {
      onRequest: guards.user,
      schema: {
        tags: ['dashboard'],
        summary: 'My usage per family and compute time this month, my last runs, and the queue (length, wait)',
        security: bearerSecurity,
        response: { 200: DashboardStats, ...errorResponses(400, 401) },
      },
    },
    async (request) => dashboard.stats(actorOf(request)),
  );
};
