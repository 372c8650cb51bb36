import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditListResponse } from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { listAudit } from './audit-service';

/** GET /admin/audit, inside the admin scope (which guards it). */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Every admin write, newest first, with filters and keyset paging',
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listAudit(app.db, request.query) }),
  );
};
