import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeMerchantRequest,
  commissionMessages as m,
  createLineRequest,
  lineListResponse,
  lineResponse,
  lineStatusRequest,
  maxRowId,
  merchantAccountResponse,
  merchantAccountListResponse,
  monthField,
} from '@portal/contract';
import { adminApiExamples } from '../../lib/admin-api-examples';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { changeLineStatus, closeMerchantAccount, createManualLine, listLines, listMerchantAccounts } from './merchant-service';

const tags = ['commissions'];

/** Admin: commission lines (manual adjustments, status changes) and merchant accounts. */
export const merchantAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/commissions/lines',
    {
      config: { apiKeyScope: 'commissions:read', apiExample: adminApiExamples.lines },
      schema: {
        summary: 'Commission lines of a month or partner, paged',
        tags,
        querystring: z.object({
          partner_id: z.coerce.number().int().positive().max(maxRowId).optional(),
          month: monthField.optional(),
        }),
        response: { 200: lineListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: { items: await listLines(app.db, request.query) } }),
  );
  app.post(
    '/commissions/lines',
    {
      schema: {
        summary: 'Add a manual adjustment line for a partner',
        tags,
        body: createLineRequest,
        response: { 201: lineResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const actorId = currentUser(request).id;
      const data = await createManualLine(app.db, request.body, actorId);
      return reply.status(201).send({ status: 'success', message: m.lineAdded, data });
    },
  );
  app.post(
    '/commissions/lines/:id/status',
    {
      schema: {
        summary: 'Approve, hold or void a commission line, with a reason',
        tags,
        params: z.object({ id: z.uuid({ error: m.lineNotFound }) }),
        body: lineStatusRequest,
        response: { 200: lineResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await changeLineStatus(app.db, request.params.id, request.body, actorId);
      return { status: 'success' as const, message: m.lineUpdated, data };
    },
  );
  app.get(
    '/merchant-accounts',
    {
      schema: {
        summary: 'Merchant accounts with their partner and bonus state',
        tags,
        querystring: z.object({ partner_id: z.coerce.number().int().positive().max(maxRowId).optional() }),
        response: { 200: merchantAccountListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { items: await listMerchantAccounts(app.db, request.query.partner_id) },
    }),
  );
  app.post(
    '/merchant-accounts/:id/close',
    {
      schema: {
        summary: 'Close a merchant account (a bonus inside the clawback window is reversed)',
        tags,
        params: z.object({ id: z.uuid({ error: m.merchantNotFound }) }),
        body: closeMerchantRequest,
        response: { 200: merchantAccountResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await closeMerchantAccount(app.db, request.params.id, request.body.closed_on, actorId);
      return { status: 'success' as const, message: m.merchantClosed, data };
    },
  );
};
