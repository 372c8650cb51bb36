import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchDetailResponse,
  batchListResponse,
  correct1099Request,
  createBatchRequest,
  form1099Query,
  form1099Response,
  payoutDetailsResponse,
  payoutMessages as m,
  putPayoutDetailsRequest,
  putTaxThresholdRequest,
  recordReturnRequest,
  recordReturnResponse,
  revealRequest,
  revealResponse,
  reviewDecisionRequest,
  reviewDecisionResponse,
  reviewListResponse,
  reviewQuery,
  setPayoutIncludedRequest,
  taxThresholdsResponse,
} from '@portal/contract';
import { sendCsv } from '../../lib/csv';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { createSecretBox, resolveSecretsKey } from '../../lib/secret-box';
import { currentUser, requirePartner } from '../../plugins/auth';
import { totpSecretPurpose } from '../users';
import {
  batchNachaFile,
  createBatch,
  getBatchDetail,
  listBatches,
  markBatchSent,
  markBatchSettled,
  recordReturn,
  setPayoutIncluded,
} from './batch-service';
import { getPayoutDetails, putPayoutDetails } from './details-service';
import { payoutBox } from './payout-box';
import { decideReview, listReviews, revealReview } from './review-service';
import { correct1099, export1099Csv, list1099, listThresholds, partner1099Pdf, putThreshold } from './tax-service';
import { getBrandName, getSettingValue } from '../settings';
import { settingKeys } from './payout-settings';

const tags = ['payouts'];
const idParam = z.object({ id: z.uuid({ error: m.batchNotFound }) });
const reviewParam = z.object({ id: z.uuid({ error: m.reviewNotFound }) });
const payoutParam = z.object({ id: z.uuid({ error: m.batchNotFound }), payoutId: z.uuid({ error: m.payoutNotFound }) });

/** `/users/payout-details`: the partner's own tax form and bank account (numbers only masked in answers). */
export const payoutDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The partner’s tax form, bank account (masked) and payout readiness',
        response: { 200: payoutDetailsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getPayoutDetails(app.db, currentUser(request).id) }),
  );
  app.put(
    '/',
    {
      schema: {
        tags,
        summary: 'Submit a tax form (W-9, W-8BEN, W-8BEN-E) and/or the bank account payouts go to',
        body: putPayoutDetailsRequest,
        response: { 200: payoutDetailsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: m.saved,
      data: await putPayoutDetails(app.db, payoutBox(app.config), currentUser(request).id, request.body),
    }),
  );
  app.get(
    '/1099/:ref',
    {
      schema: {
        tags,
        summary: 'The partner’s copy of their 1099-NEC for an ended year: {year}.pdf',
        params: z.object({ ref: z.string().max(12) }),
        response: { 200: fileResponse('The PDF', ['application/pdf']), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const match = /^(\d{4})\.pdf$/.exec(request.params.ref);
      if (!match) return reply.status(404).send({ status: 'error', message: m.form1099NotFound });
      const year = Number(match[1]);
      const payer = (await getSettingValue(app.db, settingKeys.companyName)) ?? (await getBrandName(app.db));
      const pdf = await partner1099Pdf(app.db, currentUser(request).id, year, { name: payer });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="1099-nec-${year}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};

/** Admin: the review queue, payout batches (NACHA), returns and the 1099-NEC. Inside the admin scope. */
export const payoutsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const totpBox = createSecretBox(resolveSecretsKey(app.config), totpSecretPurpose);

  app.get(
    '/payouts/review',
    {
      schema: {
        tags,
        summary: 'Tax forms and bank accounts waiting for review (oldest first)',
        querystring: reviewQuery,
        response: { 200: reviewListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listReviews(app.db, request.query) }),
  );
  app.post(
    '/payouts/review/:id',
    {
      schema: {
        tags,
        summary: 'Approve, or reject with a reason the partner sees',
        params: reviewParam,
        body: reviewDecisionRequest,
        response: { 200: reviewDecisionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const item = await decideReview(app.db, request.params.id, request.body, currentUser(request).id);
      return { status: 'success' as const, message: request.body.decision === 'approve' ? m.approved : m.rejected, data: item };
    },
  );
  app.post(
    '/payouts/review/:id/reveal',
    {
      schema: {
        tags,
        summary: 'The full TIN or bank numbers, with the admin’s two-factor code again (audited)',
        params: reviewParam,
        body: revealRequest,
        response: { 200: revealResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await revealReview(app.db, payoutBox(app.config), totpBox, request.params.id, request.body, currentUser(request).id),
    }),
  );

  app.get(
    '/payouts/batches',
    {
      schema: {
        tags,
        summary: 'Payout batches, newest first',
        response: { 200: batchListResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: { items: await listBatches(app.db) } }),
  );
  app.post(
    '/payouts/batches',
    {
      schema: {
        tags,
        summary: 'Build (or rebuild) the month’s draft batch of payable partners',
        body: createBatchRequest,
        response: { 200: batchDetailResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const id = await createBatch(app.db, request.body, currentUser(request).id);
      return { status: 'success' as const, data: await getBatchDetail(app.db, id) };
    },
  );
  app.get(
    '/payouts/batches/:id',
    {
      schema: {
        tags,
        summary: 'A batch: its payouts and the partners held back',
        params: idParam,
        response: { 200: batchDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getBatchDetail(app.db, request.params.id) }),
  );
  app.post(
    '/payouts/batches/:id/payouts/:payoutId',
    {
      schema: {
        tags,
        summary: 'Exclude a partner from a draft batch, or include them again',
        params: payoutParam,
        body: setPayoutIncludedRequest,
        response: { 200: batchDetailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await setPayoutIncluded(app.db, request.params.id, request.params.payoutId, request.body.included, currentUser(request).id);
      return { status: 'success' as const, data: await getBatchDetail(app.db, request.params.id) };
    },
  );
  app.get(
    '/payouts/batches/:id/nacha',
    {
      schema: {
        tags,
        summary: 'The batch’s NACHA (ACH) file for the bank',
        params: idParam,
        response: { 200: fileResponse('The NACHA file', ['text/plain']), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const file = await batchNachaFile(app.db, payoutBox(app.config), request.params.id, currentUser(request).id);
      return reply
        .header('content-type', 'text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  app.post(
    '/payouts/batches/:id/sent',
    {
      schema: {
        tags,
        summary: 'The file went to the bank: payouts sent, statements paid with the batch as reference',
        params: idParam,
        response: { 200: batchDetailResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const n = await markBatchSent(app.db, request.params.id, currentUser(request).id);
      return { status: 'success' as const, message: m.batchMarkedSent(n), data: await getBatchDetail(app.db, request.params.id) };
    },
  );
  app.post(
    '/payouts/batches/:id/settled',
    {
      schema: {
        tags,
        summary: 'The bank settled the batch: its sent payouts are paid',
        params: idParam,
        response: { 200: batchDetailResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const n = await markBatchSettled(app.db, request.params.id, currentUser(request).id);
      return { status: 'success' as const, message: m.batchSettled(n), data: await getBatchDetail(app.db, request.params.id) };
    },
  );
  app.post(
    '/payouts/returns',
    {
      schema: {
        tags,
        summary: 'Record an ACH return: the payout fails, its statements wait for the next batch',
        body: recordReturnRequest,
        response: { 200: recordReturnResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: m.returnRecorded,
      data: await recordReturn(app.db, request.body, currentUser(request).id),
    }),
  );

  app.get(
    '/tax/1099',
    {
      schema: {
        tags,
        summary: 'The year’s 1099-NEC payees at or above the threshold',
        querystring: form1099Query,
        response: { 200: form1099Response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await list1099(app.db, request.query.year) }),
  );
  app.post(
    '/tax/1099/corrections',
    {
      schema: {
        tags,
        summary: 'Issue a payee’s 1099-NEC again, marked CORRECTED',
        body: correct1099Request,
        response: { 200: form1099Response, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      await correct1099(app.db, request.body, currentUser(request).id);
      return { status: 'success' as const, message: m.form1099Corrected, data: await list1099(app.db, request.body.year) };
    },
  );
  app.get(
    '/tax/thresholds',
    {
      schema: {
        tags,
        summary: 'The 1099-NEC threshold of each year: the law’s, or the program’s where an admin set it',
        response: { 200: taxThresholdsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: { items: await listThresholds(app.db) } }),
  );
  app.put(
    '/tax/thresholds',
    {
      schema: {
        tags,
        summary: 'Set the 1099-NEC threshold of a year (2020 to 2100), in cents',
        body: putTaxThresholdRequest,
        response: { 200: taxThresholdsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await putThreshold(app.db, request.body, currentUser(request).id);
      return {
        status: 'success' as const,
        message: m.thresholdSaved(request.body.year),
        data: { items: await listThresholds(app.db) },
      };
    },
  );
  app.get(
    '/tax/1099.csv',
    {
      schema: {
        tags,
        summary: 'The 1099-NEC e-filing CSV (the only export with full TINs; audited)',
        querystring: form1099Query,
        response: { 200: fileResponse('The CSV', ['text/csv']), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `1099-nec-${request.query.year}`,
        await export1099Csv(app.db, payoutBox(app.config), request.query.year, currentUser(request).id),
      ),
  );
};
