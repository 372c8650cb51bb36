import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commissionMessages as m,
  commissionPlanSchema,
  partnerPlanRequest,
  partnerPlanResponse,
  programPlanResponse,
  userIdParams,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { getPartnerPlan, getProgramPlan, setPartnerPlan, setProgramPlan } from './plan-service';

const tags = ['commissions'];

/** Admin: the program's commission plan and each partner's override. */
export const planAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/commission-plan',
    {
      schema: {
        summary: 'The program-wide commission plan',
        tags,
        response: { 200: programPlanResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      status: 'success' as const,
      data: await getProgramPlan(app.db),
    }),
  );
  app.put(
    '/commission-plan',
    {
      schema: {
        summary: 'Change the program-wide commission plan',
        tags,
        body: commissionPlanSchema,
        response: { 200: programPlanResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await setProgramPlan(app.db, request.body, actorId);
      return { status: 'success' as const, message: m.planSaved, data };
    },
  );
  app.get(
    '/users/:id/commission-plan',
    {
      schema: {
        summary: "A partner's plan: the program plan with their overrides",
        tags,
        params: userIdParams,
        response: { 200: partnerPlanResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getPartnerPlan(app.db, request.params.id) }),
  );
  app.put(
    '/users/:id/commission-plan',
    {
      schema: {
        summary: "Set or clear a partner's overrides of the commission plan",
        tags,
        params: userIdParams,
        body: partnerPlanRequest,
        response: { 200: partnerPlanResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await setPartnerPlan(app.db, request.params.id, request.body.override, actorId);
      return { status: 'success' as const, message: request.body.override ? m.overrideSaved : m.overrideRemoved, data };
    },
  );
};
