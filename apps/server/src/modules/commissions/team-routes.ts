import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTeamResponse,
  commissionMessages as cm,
  merchantSplitsResponse,
  partnerTeamResponse,
  putSplitsRequest,
  setUplineRequest,
  teamMessages as tm,
  userIdParams,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { getMerchantSplits, putMerchantSplits } from './split-service';
import { getAdminTeam, getPartnerTeam, setUpline } from './team-service';

const tags = ['commissions'];
const merchantParams = z.object({ id: z.uuid({ error: cm.merchantNotFound }) });

/** Admin (issue 21): a partner's team and upline, a merchant account's split chain. */
export const teamAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/team',
    {
      schema: {
        summary: "A partner's upline chain and the team below them",
        tags,
        params: userIdParams,
        response: { 200: adminTeamResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getAdminTeam(app.db, request.params.id) }),
  );
  app.put(
    '/users/:id/upline',
    {
      schema: {
        summary: "Set or clear a partner's upline (and what becomes of their team), and whether they may recruit",
        tags,
        params: userIdParams,
        body: setUplineRequest,
        response: { 200: adminTeamResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const data = await setUpline(app.db, request.params.id, request.body, currentUser(request).id);
      const message =
        request.body.upline_id === undefined || request.body.upline_id === null
          ? request.body.may_recruit === undefined
            ? tm.uplineRemoved
            : tm.recruitSaved
          : tm.uplineSaved;
      return { status: 'success' as const, message, data };
    },
  );
  app.get(
    '/merchant-accounts/:id/splits',
    {
      schema: {
        summary: "A merchant account's split chain, its versions, and last month's net split",
        tags,
        params: merchantParams,
        response: { 200: merchantSplitsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getMerchantSplits(app.db, request.params.id) }),
  );
  app.put(
    '/merchant-accounts/:id/splits',
    {
      schema: {
        summary: "A new version of a merchant account's upline levels, from a month on",
        tags,
        params: merchantParams,
        body: putSplitsRequest,
        response: { 200: merchantSplitsResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const data = await putMerchantSplits(app.db, request.params.id, request.body, currentUser(request).id);
      return { status: 'success' as const, message: tm.splitsSaved(request.body.from_month), data };
    },
  );
};

/** The partner's own team (`/partner/team`). */
export const partnerTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);
  app.get(
    '/team',
    {
      schema: {
        summary: "The partner's team (names, statuses, counts) and their overrides per month",
        tags,
        response: { 200: partnerTeamResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getPartnerTeam(app.db, currentUser(request).id) }),
  );
};
