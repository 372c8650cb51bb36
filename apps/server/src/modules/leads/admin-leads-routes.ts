import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  leadOwnersResponse,
  setLeadOwnerRequest,
  settingKeys,
  staleLeadDaysOf,
  addLeadNoteRequest,
  adminLeadDetailResponse,
  adminLeadExportQuery,
  adminLeadListQuery,
  adminLeadListResponse,
  assignLeadPartnerRequest,
  bulkLeadStatusRequest,
  bulkLeadStatusResponse,
  leadSourceLabels,
  leadStatusChangeRequest,
  leadStatusLabels,
  partnerLookupMax,
  partnerLookupQuery,
  partnerLookupResponse,
  pipelineMessages,
  syncStateLabels,
} from '@portal/contract';
import { recordAudit } from '../../lib/audit';
import { csvStream, sendCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { adminApiExamples } from '../../lib/admin-api-examples';
import { getSettingValue } from '../settings';
import { addLeadNote, assignLeadPartner, moveLeadStatus, moveLeadsInBulk, setLeadOwner } from './lead-pipeline-service';
import { adminExportBatches, getAdminLeadDetail, listAdminLeads, listLeadOwners, lookupPartners } from './lead-queries';

const tags = ['leads'];
const idParams = z.object({ id: z.string().max(64) });

/** The referrals pipeline of admins, under `/admin/leads` inside the admin scope (which guards it). */
export const adminLeadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const detail = async (id: string) => {
    const lead = await getAdminLeadDetail(app.db, id);
    if (!lead) throw notFound(pipelineMessages.leadNotFound);
    return lead;
  };

  app.get(
    '/',
    {
      config: { apiKeyScope: 'referrals:read', apiExample: adminApiExamples.leadList },
      schema: {
        tags,
        summary: 'Leads, newest first, with filters, search, keyset paging and counts per status',
        querystring: adminLeadListQuery,
        response: { 200: adminLeadListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        ...(await listAdminLeads(app.db, { ...request.query, actorId: currentUser(request).id })),
        stale_after_days: staleLeadDaysOf(await getSettingValue(app.db, settingKeys.staleLeadDays)),
        crm_configured: app.config.CRM !== 'none',
      },
    }),
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        summary: 'Every lead of the filter as CSV (streamed)',
        querystring: adminLeadExportQuery,
        response: {
          200: fileResponse('Every lead of the filter as CSV, streamed', ['text/csv']),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      await recordAudit(app.db, {
        actorId: currentUser(request).id,
        action: 'lead.export',
        targetType: 'lead',
        after: { filters },
      });
      const stream = csvStream(
        [
          'ID',
          'Submitted at',
          'Business',
          'First name',
          'Last name',
          'Email',
          'Phone',
          'Industry',
          'Notes',
          'Partner',
          'Partner email',
          'Source',
          'Status',
          'Status changed at',
          'MID',
          'CRM sync',
          'CRM ID',
        ],
        adminExportBatches(app.db, { ...filters, actorId: currentUser(request).id }),
        (row) => [
          row.publicId,
          row.createdAt,
          row.company,
          row.firstName,
          row.lastName,
          row.email,
          row.title,
          row.businessType,
          row.notes,
          row.partnerName ?? 'Unattributed',
          row.partnerEmail,
          leadSourceLabels[row.source],
          leadStatusLabels[row.status],
          row.statusChangedAt,
          row.mid,
          syncStateLabels[row.syncState],
          row.crmId,
        ],
      );
      return sendCsv(reply, 'referrals', stream);
    },
  );

  app.get(
    '/partners',
    {
      schema: {
        tags,
        summary: 'Partners by name or email, for the partner picker (at most 20)',
        querystring: partnerLookupQuery,
        response: { 200: partnerLookupResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { items: await lookupPartners(app.db, request.query.q, partnerLookupMax) },
    }),
  );

  app.post(
    '/status',
    {
      schema: {
        tags,
        summary: 'Move up to 100 leads to one status, each checked on its own',
        body: bulkLeadStatusRequest,
        response: { 200: bulkLeadStatusResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { results: await moveLeadsInBulk(app.db, app.leadEvents, currentUser(request), request.body) },
    }),
  );

  app.get(
    '/:id',
    {
      config: { apiKeyScope: 'referrals:read', apiExample: adminApiExamples.leadDetail },
      schema: {
        tags,
        summary: 'One lead with its consent proof, CRM state and timeline',
        params: idParams,
        response: { 200: adminLeadDetailResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await detail(request.params.id) }),
  );

  app.post(
    '/:id/status',
    {
      config: { apiKeyScope: 'referrals:write', apiExample: adminApiExamples.leadStatus },
      schema: {
        tags,
        summary: 'Move a lead to another status (409 when it changed since the admin loaded it)',
        params: idParams,
        body: leadStatusChangeRequest,
        response: { 200: adminLeadDetailResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await moveLeadStatus(app.db, app.leadEvents, currentUser(request), request.params.id, request.body);
      return { status: 'success' as const, message: pipelineMessages.statusUpdated, data: await detail(request.params.id) };
    },
  );

  app.post(
    '/:id/partner',
    {
      schema: {
        tags,
        summary: 'Credit a lead to a partner, or to nobody (null)',
        params: idParams,
        body: assignLeadPartnerRequest,
        response: { 200: adminLeadDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await assignLeadPartner(app.db, app.leadEvents, currentUser(request), request.params.id, request.body.partner_id);
      return { status: 'success' as const, message: pipelineMessages.partnerAssigned, data: await detail(request.params.id) };
    },
  );

  app.get(
    '/owners',
    {
      schema: {
        tags,
        summary: 'The active admins a lead can be given to',
        response: { 200: leadOwnersResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: await listLeadOwners(app.db) }),
  );

  app.post(
    '/:id/owner',
    {
      schema: {
        tags,
        summary: 'Give a lead to an admin (its owner), or to nobody (null)',
        params: idParams,
        body: setLeadOwnerRequest,
        response: { 200: adminLeadDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await setLeadOwner(app.db, currentUser(request), request.params.id, request.body.owner_id);
      return { status: 'success' as const, message: pipelineMessages.ownerUpdated, data: await detail(request.params.id) };
    },
  );

  app.post(
    '/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add a note to a lead (internal, or visible to its partner)',
        params: idParams,
        body: addLeadNoteRequest,
        response: { 201: adminLeadDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await addLeadNote(app.db, app.leadEvents, currentUser(request), request.params.id, request.body);
      return reply
        .status(201)
        .send({ status: 'success', message: pipelineMessages.noteAdded, data: await detail(request.params.id) });
    },
  );
};
