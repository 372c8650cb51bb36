import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createLeadRequest,
  createLeadResponse,
  duplicateLeadResponse,
  errorEnvelope,
  leadResultCodes,
  messages,
  normaliseVisitSource,
  readCampaignTag,
  referralPageResponse,
  retryOutboxRequest,
  retryOutboxResponse,
} from '@portal/contract';
import { limitRequestsPerIp, type RateLimit } from '../../lib/request-limits';
import { currentUser } from '../../plugins/auth';
import { getReferralPage, recordReferralVisit, submitLead } from './leads-service';
import { createCrmPushHandler, PUSH_LEAD, retryFailedLeads } from './crm-push';
import { createLeadCreatedHandler, LEAD_CREATED } from './lead-created';
import { adminLeadsRoutes } from './admin-leads-routes';
import { partnerLeadsRoutes } from './partner-leads-routes';
import { leadAttachmentsAdminRoutes, leadRepliesRoutes } from './lead-replies-routes';

const minute = 60_000;

/** Per client IP, fixed windows; shared by every instance through Redis when REDIS_URL is set (README). */
export const leadRateLimits = {
  submitPerIp: { max: 20, timeWindowMs: 10 * minute },
  visitPerIp: { max: 60, timeWindowMs: minute },
} as const satisfies Record<string, RateLimit>;

/** A real form is about 1 KB; anything far larger is not a merchant typing. */
const SUBMIT_BODY_LIMIT = 16 * 1024;

const referralParams = z.object({ uuid: z.string().max(64) });
const visitSourceBody = z.object({
  src: z.string().max(200).optional(),
  utm_source: z.string().max(200).optional(),
  /** The campaign link's tag (`?c=`, issue 23 §7). */
  c: z.string().max(200).optional(),
});

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.outbox.register(PUSH_LEAD, createCrmPushHandler(app.crm, app.leadEvents));
  app.outbox.register(LEAD_CREATED, createLeadCreatedHandler(app.leadEvents));

  const limit = (name: keyof typeof leadRateLimits) =>
    limitRequestsPerIp(app, name, leadRateLimits[name], () => messages.http.tooManyRequests);

  app.post(
    '/referral/by-uuid',
    {
      bodyLimit: SUBMIT_BODY_LIMIT,
      onRequest: limit('submitPerIp'),
      schema: {
        tags: ['leads'],
        // Anyone; a partner's token, when sent, credits the lead to that partner.
        security: [{}, { bearer: [] }],
        summary: 'Submit a referral request (public; a partner bearer token credits the lead to that partner)',
        body: createLeadRequest,
        response: { 201: createLeadResponse, 400: errorEnvelope, 409: duplicateLeadResponse, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const result = await submitLead(app.db, app.config, request.body, {
        ip: request.ip,
        user: request.user,
        events: app.leadEvents,
        crmSyncsLeads: app.crm.syncsLeads,
        userAgent: request.headers['user-agent'] ?? '',
      });
      if (result.outcome === 'created') app.metrics.leadsAccepted.inc();
      if (result.outcome === 'duplicate') {
        const message = messages.referral.duplicate(result.leadId);
        return reply.status(409).send({
          status: 'error',
          message,
          errors: { Email: message },
          leadData: { data: [{ code: leadResultCodes.duplicate, message: 'duplicate data', details: { id: result.leadId } }] },
        });
      }
      if (result.outcome === 'ignored') request.log.info('referral honeypot filled in; request dropped');
      const created = (message: string) => ({
        data: [{ code: leadResultCodes.success, message, details: { id: result.leadId } }],
      });
      return reply.status(201).send({ status: 'success', leadData: created('Lead created'), noteData: created('Note created') });
    },
  );

  await app.register(partnerLeadsRoutes, { prefix: '/mine' });
  await app.register(leadRepliesRoutes, { prefix: '/mine' });

  app.get(
    '/referral/:uuid/page',
    {
      schema: {
        tags: ['leads'],
        security: [],
        summary: 'What the landing page of a referral link needs',
        params: referralParams,
        response: { 200: referralPageResponse },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getReferralPage(app.db, request.params.uuid) }),
  );

  app.post(
    '/referral/:uuid/visit',
    {
      onRequest: limit('visitPerIp'),
      schema: {
        tags: ['leads'],
        security: [],
        summary: 'Count a visit to a referral link (204, also for unknown links)',
        params: referralParams,
        // Where the visitor came from: `src=qr` for a QR scan, else the link's utm_source.
        body: visitSourceBody.nullish(),
      },
    },
    async (request, reply) => {
      await recordReferralVisit(app.db, app.config, {
        uuid: request.params.uuid,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        source: normaliseVisitSource(request.body?.src, request.body?.utm_source),
        campaign: readCampaignTag(request.body?.c),
      });
      return reply.status(204).send();
    },
  );
};

/**
 * Admin routes of the leads module, registered inside the admin scope under `/admin/leads`; the
 * scope's guard makes them admin-only.
 */
export const leadsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(outboxRetryRoutes, { prefix: '/leads' });
  await app.register(adminLeadsRoutes, { prefix: '/leads' });
  await app.register(leadAttachmentsAdminRoutes, { prefix: '/leads' });
};

/** Also served at the original `/leads/admin/outbox/retry`, through a second admin scope. */
export const outboxRetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/outbox/retry',
    {
      schema: {
        tags: ['leads'],
        summary: 'Send failed CRM pushes again (all, or these leads)',
        body: retryOutboxRequest.optional(),
        response: { 200: retryOutboxResponse },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { retried: await retryFailedLeads(app.db, request.body?.leadIds, currentUser(request).id) },
    }),
  );
};
