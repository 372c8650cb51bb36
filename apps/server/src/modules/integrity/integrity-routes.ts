import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conflictDecisionRequest,
  conflictListQuery,
  conflictListResponse,
  conflictResponse,
  integrityMessages as m,
  integritySettingsResponse,
  integritySettingsSchema,
  maxRowId,
  precheckRequest,
  precheckResponse,
  reviewNoteRequest,
  reviewNotesResponse,
  riskItemResponse,
  riskListQuery,
  riskListResponse,
  riskResolveRequest,
  riskVoidRequest,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { decideConflict, getConflict, listConflicts } from './conflicts-service';
import { getIntegritySettings, saveIntegritySettings } from './integrity-settings';
import { precheck } from './precheck';
import { addReviewNote, listReviewNotes } from './review-notes';
import { getRiskItem, listRiskItems, resolveRiskItem, voidRiskItem } from './risk-service';

const tags = ['integrity'];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(maxRowId) });

/** Referral integrity's admin routes, inside the admin scope (`/admin/...`). */
export const integrityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrity-settings',
    {
      schema: {
        summary: 'Referral integrity rules',
        tags,
        response: { 200: integritySettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: await getIntegritySettings(app.db) }),
  );
  app.put(
    '/integrity-settings',
    {
      schema: {
        summary: 'Change the referral integrity rules',
        tags,
        body: integritySettingsSchema,
        response: { 200: integritySettingsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: m.settingsSaved,
      data: await saveIntegritySettings(app.db, request.body, currentUser(request).id),
    }),
  );

  app.get(
    '/conflicts',
    {
      schema: {
        summary: 'Referrals of one business by two partners',
        tags,
        querystring: conflictListQuery,
        response: { 200: conflictListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listConflicts(app.db, request.query) }),
  );
  app.get(
    '/conflicts/:id',
    {
      schema: {
        summary: 'One conflict',
        tags,
        params: idParams,
        response: { 200: conflictResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getConflict(app.db, request.params.id) }),
  );
  app.post(
    '/conflicts/:id/decision',
    {
      schema: {
        summary: 'Award, split or reject a conflict',
        tags,
        params: idParams,
        body: conflictDecisionRequest,
        response: { 200: conflictResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: m.decisionSaved,
      data: await decideConflict(app.db, request.params.id, request.body, currentUser(request).id),
    }),
  );

  app.get(
    '/risk',
    {
      schema: {
        summary: 'Fraud signals: one row per partner and signal',
        tags,
        querystring: riskListQuery,
        response: { 200: riskListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listRiskItems(app.db, request.query) }),
  );
  app.get(
    '/risk/:id',
    {
      schema: {
        summary: 'A risk item with its evidence and held lines',
        tags,
        params: idParams,
        response: { 200: riskItemResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getRiskItem(app.db, request.params.id) }),
  );
  app.post(
    '/risk/:id/resolve',
    {
      schema: {
        summary: 'Resolve a risk item with a note',
        tags,
        params: idParams,
        body: riskResolveRequest,
        response: { 200: riskItemResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: m.resolved,
      data: await resolveRiskItem(app.db, request.params.id, request.body, currentUser(request).id),
    }),
  );
  app.post(
    '/risk/:id/void',
    {
      schema: {
        summary: 'Void the held lines as fraud (irreversible)',
        tags,
        params: idParams,
        body: riskVoidRequest,
        response: { 200: riskItemResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: m.voided,
      data: await voidRiskItem(app.db, request.params.id, request.body, currentUser(request).id),
    }),
  );
};

/** The partner's pre-check, under `/leads/mine` beside the leads module's own routes. */
export const integrityPartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);
  app.post(
    '/precheck',
    {
      schema: {
        summary: 'Is this business already registered? (available or taken)',
        tags,
        security: [{ bearer: [] }],
        body: precheckRequest,
        response: { 200: precheckResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await precheck(app.db, app.counters, currentUser(request).id, request.body),
    }),
  );
  const leadParams = z.object({ id: z.string().max(64) });
  app.get(
    '/:id/review-notes',
    {
      schema: {
        summary: 'My notes on a referral under review',
        tags,
        security: [{ bearer: [] }],
        params: leadParams,
        response: { 200: reviewNotesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listReviewNotes(app.db, currentUser(request).id, request.params.id),
    }),
  );
  app.post(
    '/:id/review-notes',
    {
      schema: {
        summary: 'Add a note on a referral under review',
        tags,
        security: [{ bearer: [] }],
        params: leadParams,
        body: reviewNoteRequest,
        response: { 200: reviewNotesResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: m.reviewNoteSaved,
      data: await addReviewNote(app.db, currentUser(request).id, request.params.id, request.body.note),
    }),
  );
};
