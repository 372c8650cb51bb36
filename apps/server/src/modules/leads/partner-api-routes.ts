import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  idempotencyKeyHeader,
  messages,
  partnerApiMessages as m,
  partnerLeadDetailResponse,
  partnerLeadListQuery,
  partnerLeadListResponse,
  partnerReferralCreatedResponse,
  partnerReferralIdParams,
  partnerReferralRequest,
  type PartnerReferralRequest,
} from '@portal/contract';
import { idempotencyKeys } from '../../db/schema';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors';
import { idempotencyKeyTtl } from '../../lib/idempotency-keys';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { getPartnerLeadDetail, listPartnerLeads } from './lead-queries';
import { submitLead } from './leads-service';

const tags = ['partner API'];
/** A partner's session or one of their API keys (`ppk_…`). */
const security = [{ bearer: [] }];

/** What a submission answers, and what an Idempotency-Key replays. */
type Answer =
  | { statusCode: 201; response: z.infer<typeof partnerReferralCreatedResponse> }
  | { statusCode: 409; response: z.infer<typeof errorEnvelope> };

const example: PartnerReferralRequest = {
  First_Name: 'Maria',
  Last_Name: 'Lopez',
  Email: 'maria@cornerbakery.example',
  Company: 'Corner Bakery',
  Business_Type: 'Restaurant',
  Title: '+1 4155550123',
  Description: 'Two terminals, about $40,000 a month in card sales',
  countryCode: '+1',
  phoneNumber: '4155550123',
  smsConsent: true,
  marketingConsent: true,
  consent: { text_version: '2026-10-01', obtained_at: '2026-11-27T14:05:00Z', method: 'web_form' },
};

const listExample = {
  status: 'success',
  data: {
    items: [
      {
        id: '3f0c9a52-8d1e-4f7a-9b1c-2a5d6e7f8a90',
        business: 'Corner Bakery',
        contact: 'Maria Lopez',
        industry: 'Restaurant',
        status: 'analysis',
        submitted_at: '2026-11-27T14:05:00.000Z',
        updated_at: '2026-11-28T09:12:00.000Z',
        under_review: false,
      },
    ],
    next_cursor: null,
  },
};
const detailExample = {
  status: 'success',
  data: {
    ...listExample.data.items[0],
    email: 'maria@cornerbakery.example',
    phone: '+1 4155550123',
    notes: 'Two terminals',
    events: [],
  },
};

/**
 * The public partner API (issue #24 §2), under /partner/referrals: a partner's software submits
 * referrals and reads their status, with a partner API key (scopes referrals:write and
 * referrals:read) or a partner session. The only routes a partner API key works on (lib/api-key-auth.ts).
 */
export const partnerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);

  app.post(
    '/',
    {
      config: {
        apiKeyScope: 'referrals:write',
        apiExample: {
          request: example,
          response: {
            status: 201,
            body: {
              status: 'success',
              data: { id: '3f0c9a52-8d1e-4f7a-9b1c-2a5d6e7f8a90', status: 'new', consent_text_version: '2026-10-01' },
            },
          },
        },
      },
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary: 'Submit a referral: the form’s rules and messages, an Idempotency-Key, and the consent attestation',
        description:
          'The same key with the same body answers the first answer again (nothing is created twice); the same key with another body is refused (422). Keys are kept 24 hours. Required with an API key.',
        headers: z.object({ 'idempotency-key': idempotencyKeyHeader.optional() }),
        body: partnerReferralRequest,
        response: {
          201: partnerReferralCreatedResponse.meta({
            examples: [
              {
                status: 'success',
                data: { id: '3f0c9a52-8d1e-4f7a-9b1c-2a5d6e7f8a90', status: 'new', consent_text_version: '2026-10-01' },
              },
            ],
          }),
          409: errorEnvelope,
          ...errorResponses(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = request.headers['idempotency-key'];
      if (request.apiKey && !key)
        throw new AppError(400, m.idempotencyKeyInvalid, { 'Idempotency-Key': m.idempotencyKeyInvalid });
      const owner = request.apiKey ? `key:${request.apiKey.id}` : `user:${user.id}`;
      const requestHash = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
      if (key) {
        const replay = await claimIdempotencyKey(owner, key, requestHash);
        if (replay) return reply.code(replay.statusCode).send(replay.response);
      }
      let answer: Answer;
      try {
        const body = request.body;
        const result = await submitLead(
          app.db,
          app.config,
          { ...body, uuid: user.uuid, consentTextVersion: body.consent.text_version },
          {
            ip: request.ip,
            user,
            events: app.leadEvents,
            crmSyncsLeads: app.crm.syncsLeads,
            userAgent: request.headers['user-agent'] ?? '',
            eventData: {
              via: request.apiKey ? 'api_key' : 'api_session',
              ...(request.apiKey ? { api_key_id: request.apiKey.id } : {}),
              consent_attestation: {
                text_version: body.consent.text_version,
                obtained_at: body.consent.obtained_at ?? null,
                method: body.consent.method,
                sms_consent: body.smsConsent ?? null,
                marketing_consent: body.marketingConsent ?? null,
              },
            },
          },
        );
        if (result.outcome === 'duplicate') {
          const message = messages.referral.duplicate(result.leadId);
          answer = { statusCode: 409, response: { status: 'error' as const, message, errors: { Email: message } } };
        } else {
          app.metrics.leadsAccepted.inc();
          answer = {
            statusCode: 201,
            response: {
              status: 'success' as const,
              data: { id: result.leadId, status: 'new', consent_text_version: body.consent.text_version },
            },
          };
        }
      } catch (err) {
        // Nothing was stored: the key may be used again.
        if (key) await app.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
        throw err;
      }
      if (key) {
        await app.db
          .update(idempotencyKeys)
          .set({ statusCode: answer.statusCode, response: answer.response })
          .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
      }
      return reply.code(answer.statusCode).send(answer.response);
    },
  );

  /**
   * Takes the key for this request, or answers what the first request with it answered. A key
   * still being processed is a 409; one used with another body a 422.
   */
  async function claimIdempotencyKey(owner: string, key: string, requestHash: string) {
    await app.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.owner, owner),
          eq(idempotencyKeys.key, key),
          sql`${idempotencyKeys.createdAt} < now() - ${idempotencyKeyTtl}`,
        ),
      );
    const claimed = await app.db
      .insert(idempotencyKeys)
      .values({ owner, key, requestHash, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed.length) return null;
    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key)));
    if (!first) return null;
    if (first.requestHash !== requestHash)
      throw unprocessable(m.idempotencyKeyReused, { 'Idempotency-Key': m.idempotencyKeyReused });
    if (first.statusCode === 0) throw conflict(m.idempotencyInProgress);
    return { statusCode: first.statusCode, response: first.response } as Answer;
  }

  app.get(
    '/',
    {
      config: { apiKeyScope: 'referrals:read', apiExample: { response: { status: 200, body: listExample } } },
      schema: {
        tags,
        security,
        summary: 'Your referrals, newest first, with their status',
        querystring: partnerLeadListQuery,
        response: { 200: partnerLeadListResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listPartnerLeads(app.db, { ...request.query, partnerId: currentUser(request).id }),
    }),
  );

  app.get(
    '/:id',
    {
      config: { apiKeyScope: 'referrals:read', apiExample: { response: { status: 200, body: detailExample } } },
      schema: {
        tags,
        security,
        summary: 'One of your referrals with its status history (another partner’s answers 404)',
        params: partnerReferralIdParams,
        response: { 200: partnerLeadDetailResponse, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const lead = await getPartnerLeadDetail(app.db, currentUser(request).id, request.params.id);
      if (!lead) throw notFound(m.referralNotFound);
      return { status: 'success' as const, data: lead };
    },
  );
};
