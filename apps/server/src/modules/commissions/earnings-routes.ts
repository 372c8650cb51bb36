import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminEarningsResponse, pipelineMessages, programTermsResponse, referralEarningsResponse } from '@portal/contract';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { earningsTotals, referralEarnings } from './earnings-service';
import { getProgramTerms } from './plan-service';

const tags = ['commissions'];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Partner: their terms and what one referral earned (registered inside the partner-only `/commissions` scope). */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terms',
    {
      schema: {
        tags,
        summary:
          'The terms the partner reads: written from their plan (override or program plan), plus the Program Terms addition',
        response: { 200: programTermsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getProgramTerms(app.db, currentUser(request).id) }),
  );

  app.get(
    '/referrals/:id/earnings',
    {
      schema: {
        tags,
        summary: 'What one of the partner’s referrals earned or will earn (bonus, residuals, volume)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: referralEarningsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const earnings = uuid.test(id) ? await referralEarnings(app.db, currentUser(request).id, id.toLowerCase()) : null;
      if (!earnings) throw notFound(pipelineMessages.leadNotFound);
      return { status: 'success' as const, data: earnings };
    },
  );
};

/** Admin: what every partner is owed and what was paid (the admin home's money card). */
export const earningsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/commissions/earnings',
    {
      schema: {
        tags,
        summary: 'Owed to partners (approved, not paid), pending bonuses, paid this month and this year',
        response: { 200: adminEarningsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: await earningsTotals(app.db, {}) }),
  );
};
