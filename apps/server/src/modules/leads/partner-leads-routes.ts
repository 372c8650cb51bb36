import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  leadCountsResponse,
  leadStatusLabels,
  partnerLeadDetailResponse,
  partnerLeadExportQuery,
  partnerLeadListQuery,
  partnerLeadListResponse,
  pipelineMessages,
} from '@portal/contract';
import { csvStream, sendCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { contactName, countPartnerLeads, getPartnerLeadDetail, listPartnerLeads, partnerExportBatches } from './lead-queries';

const tags = ['leads'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(64) });

/**
 * A partner's own referrals, under `/leads/mine`. Partners only (admins answer 403); every query
 * is scoped to the signed-in partner, so another partner's lead answers 404 like an unknown one.
 */
export const partnerLeadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "The partner's own referrals, newest first",
        querystring: partnerLeadListQuery,
        response: { 200: partnerLeadListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listPartnerLeads(app.db, { ...request.query, partnerId: currentUser(request).id }),
    }),
  );

  app.get(
    '/counts',
    {
      schema: {
        tags,
        security,
        summary: "The partner's referrals per status",
        response: { 200: leadCountsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await countPartnerLeads(app.db, currentUser(request).id) }),
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        security,
        summary: "The partner's own referrals as CSV (streamed)",
        querystring: partnerLeadExportQuery,
        response: {
          200: fileResponse("The partner's referrals as CSV, streamed", ['text/csv']),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const stream = csvStream(
        ['ID', 'Submitted at', 'Business', 'Contact', 'Email', 'Phone', 'Industry', 'Notes', 'Status', 'Last update'],
        partnerExportBatches(app.db, { ...request.query, partnerId: currentUser(request).id }),
        (row) => [
          row.publicId,
          row.createdAt,
          row.company,
          contactName(row),
          row.email,
          row.title,
          row.businessType,
          row.notes,
          leadStatusLabels[row.status],
          row.statusChangedAt,
        ],
      );
      return sendCsv(reply, 'referrals', stream);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: "One of the partner's referrals with its partner-visible timeline",
        params: idParams,
        response: { 200: partnerLeadDetailResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const lead = await getPartnerLeadDetail(app.db, currentUser(request).id, request.params.id);
      if (!lead) throw notFound(pipelineMessages.leadNotFound);
      return { status: 'success' as const, data: lead };
    },
  );
};
