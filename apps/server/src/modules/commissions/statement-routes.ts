import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStatementsQuery,
  adminStatementsResponse,
  commissionMessages as m,
  commissionSummaryResponse,
  markPaidRequest,
  monthlyTotalsQuery,
  monthlyTotalsResponse,
  partnerStatementsResponse,
  publishStatementsRequest,
  statementBulkResponse,
  statementDetailResponse,
  type StatementDetail,
} from '@portal/contract';
import type { DbExecutor } from '../../db';
import { notFound } from '../../lib/errors';
import { sendCsv } from '../../lib/csv';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { adminApiExamples } from '../../lib/admin-api-examples';
import { getBrandName } from '../settings';
import { earningsRoutes } from './earnings-routes';
import { getProgramPlan } from './plan-service';
import { monthlyTotalsCsv, statementCsv, statementPdf } from './statement-documents';
import {
  getCommissionSummary,
  getStatementDetail,
  listAdminStatements,
  listPartnerStatements,
  markStatementsPaid,
  monthlyTotals,
  publishStatements,
} from './statement-service';

const tags = ['commissions'];

/** `{uuid}`, `{uuid}.csv` or `{uuid}.pdf`: one route answers the statement in each form. */
const statementRef = z.object({ ref: z.string().max(60) });
/** A statement answers as JSON, CSV or PDF, for a partner and an admin alike. */
const statementResponses = {
  200: fileResponse('The statement in the form its reference names', ['text/csv', 'application/pdf'], statementDetailResponse),
  ...errorResponses(401, 403, 404),
};
const refPattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.(csv|pdf))?$/i;

function parseRef(ref: string): { id: string; format: 'json' | 'csv' | 'pdf' } {
  const match = refPattern.exec(ref);
  if (!match) throw notFound(m.statementNotFound);
  return { id: match[1]!.toLowerCase(), format: (match[2]?.toLowerCase() as 'csv' | 'pdf' | undefined) ?? 'json' };
}

const fileName = (detail: StatementDetail, ext: string) =>
  `statement-${detail.statement.month}-${
    detail.statement.partner_name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'partner'
  }.${ext}`;

/** Answers a statement as JSON, CSV or PDF (partners and admins share this). */
async function sendStatement(db: DbExecutor, reply: FastifyReply, ref: string, partnerId?: number) {
  const { id, format } = parseRef(ref);
  const detail = await getStatementDetail(db, id, partnerId);
  if (format === 'json') return reply.send({ status: 'success', data: detail });
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName(detail, 'csv')}"`)
      .send(statementCsv(detail));
  }
  const pdf = await statementPdf(detail, await getBrandName(db));
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName(detail, 'pdf')}"`)
    .send(pdf);
}

/** The partner's own commissions (`/commissions/...`): only published and paid statements. */
export const commissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);

  app.get(
    '/summary',
    {
      schema: {
        tags,
        summary: 'Paid this year, approved, pending, active merchants, last statement, 12-month series',
        response: { 200: commissionSummaryResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getCommissionSummary(app.db, currentUser(request).id) }),
  );

  app.get(
    '/statements',
    {
      schema: {
        summary: "The partner's published statements, newest first",
        tags,
        response: { 200: partnerStatementsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { items: await listPartnerStatements(app.db, currentUser(request).id) },
    }),
  );

  app.get(
    '/statements/:ref',
    {
      schema: {
        tags,
        summary: 'A statement: {id} (JSON), {id}.csv or {id}.pdf',
        params: statementRef,
        response: statementResponses,
      },
    },
    async (request, reply) => sendStatement(app.db, reply, request.params.ref, currentUser(request).id),
  );

  await app.register(earningsRoutes);
};

/** Admin: every statement, publishing, marking paid, and the monthly totals. */
export const statementAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statements',
    {
      config: { apiKeyScope: 'commissions:read', apiExample: adminApiExamples.statements },
      schema: {
        summary: 'Statements of a month or partner, with the totals rolled into next month',
        tags,
        querystring: adminStatementsQuery,
        response: { 200: adminStatementsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listAdminStatements(app.db, request.query) }),
  );
  app.get(
    '/statements/:ref',
    {
      schema: {
        tags,
        summary: 'Any statement: {id} (JSON), {id}.csv or {id}.pdf',
        params: statementRef,
        response: statementResponses,
      },
    },
    async (request, reply) => sendStatement(app.db, reply, request.params.ref),
  );
  app.post(
    '/statements/publish',
    {
      schema: {
        summary: 'Publish draft statements (each partner is mailed once)',
        tags,
        body: publishStatementsRequest,
        response: { 200: statementBulkResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const results = await publishStatements(app.db, request.body.statement_ids, actorId);
      return {
        status: 'success' as const,
        message: m.statementsPublished(results.filter((r) => r.ok).length),
        data: { results },
      };
    },
  );
  app.post(
    '/statements/paid',
    {
      schema: {
        summary: 'Mark published statements paid with date, method and reference',
        tags,
        body: markPaidRequest,
        response: { 200: statementBulkResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const results = await markStatementsPaid(app.db, request.body, actorId);
      return { status: 'success' as const, message: m.statementsPaid(results.filter((r) => r.ok).length), data: { results } };
    },
  );

  app.get(
    '/commissions/totals',
    {
      schema: {
        summary: 'Monthly totals of every partner',
        tags,
        querystring: monthlyTotalsQuery,
        response: { 200: monthlyTotalsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { items: await monthlyTotals(app.db, request.query), currency: (await getProgramPlan(app.db)).currency },
    }),
  );
  app.get(
    '/commissions/totals.csv',
    {
      schema: {
        summary: 'Monthly totals of every partner as CSV',
        tags,
        querystring: monthlyTotalsQuery,
        response: { 200: fileResponse('Monthly totals as CSV', ['text/csv']), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendCsv(reply, 'commission-totals', monthlyTotalsCsv(await monthlyTotals(app.db, request.query))),
  );
};
