import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsResponse, crmHealthResponse, periodQuery } from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { getAdminStats, getCrmHealth } from './admin-stats-service';

/** The admin home's figures (issue 9 §3); inside the admin scope. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        summary: 'Program figures for the admin dashboard',
        tags: ['admin-stats'],
        querystring: periodQuery,
        response: { 200: adminStatsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getAdminStats(app.db, request.query.period) }),
  );

  app.get(
    '/crm-health',
    {
      schema: {
        summary: 'CRM push health: failures, retries and the last delivery',
        tags: ['admin-stats'],
        response: { 200: crmHealthResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: await getCrmHealth(app.db, app.crm.name) }),
  );
};
