import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSummaryResponse, dashboardTimeseriesResponse, periodQuery } from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { getDashboardSummary, getDashboardTimeseries } from './dashboard-service';

const tags = ['dashboard'];

/** The signed-in partner's own figures (`/dashboard/...`); admins have their own dashboard. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);

  app.get(
    '/summary',
    {
      schema: {
        tags,
        summary: "Cards, status counts, latest referrals and visit sources of the partner's dashboard",
        querystring: periodQuery,
        response: { 200: dashboardSummaryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await getDashboardSummary(app.db, currentUser(request).id, request.query.period),
    }),
  );

  app.get(
    '/timeseries',
    {
      schema: {
        tags,
        summary: 'Referrals and link visits per day (per month for 12m and all)',
        querystring: periodQuery,
        response: { 200: dashboardTimeseriesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await getDashboardTimeseries(app.db, currentUser(request).id, request.query.period),
    }),
  );
};
