import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStatementsQuery,
  adminStatementsResponse,
  assignMidRequest,
  closeMerchantRequest,
  commissionMessages as m,
  commissionPlanSchema,
  commissionSummaryResponse,
  createLineRequest,
  ignoreMidRequest,
  importFieldsSchema,
  importListResponse,
  importMaxBytes,
  importResultResponse,
  lineListResponse,
  lineResponse,
  lineStatusRequest,
  markPaidRequest,
  maxRowId,
  merchantAccountResponse,
  merchantAccountListResponse,
  messageEnvelope,
  monthField,
  monthlyTotalsQuery,
  monthlyTotalsResponse,
  partnerPlanRequest,
  partnerPlanResponse,
  partnerStatementsResponse,
  processorField,
  programPlanResponse,
  publishStatementsRequest,
  savedMappingResponse,
  statementBulkResponse,
  unmatchedListResponse,
  unmatchedQuery,
  userIdParams,
  type StatementDetail,
} from '@portal/contract';
import type { DbExecutor } from '../../db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { sendCsv } from '../../lib/csv';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requireRole } from '../../plugins/auth';
import { getBrandName } from '../settings';
import {
  assignMid,
  commitImportById,
  ignoreMid,
  importResult,
  listImports,
  listUnmatched,
  savedMapping,
  uploadImport,
} from './import-service';
import { changeLineStatus, closeMerchantAccount, createManualLine, listLines, listMerchantAccounts } from './merchant-service';
import { getPartnerPlan, getProgramPlan, setPartnerPlan, setProgramPlan } from './plan-service';
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
const refPattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.(csv|pdf))?$/i;
const uuidParams = z.object({ id: z.uuid({ error: m.importNotFound }) });

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
  app.addHook('preHandler', requireRole('user'));

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
    { schema: { tags, response: { 200: partnerStatementsResponse, ...errorResponses(401, 403) } } },
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
        response: { ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => sendStatement(app.db, reply, request.params.ref, currentUser(request).id),
  );
};

interface UploadParts {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
}

/** Admin routes, inside the admin scope. */
export const commissionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fileSize: importMaxBytes, parts: 12, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  });

  // Plan ---------------------------------------------------------------------------------------
  app.get(
    '/commission-plan',
    { schema: { tags, response: { 200: programPlanResponse, ...errorResponses(401, 403) } } },
    async () => ({
      status: 'success' as const,
      data: await getProgramPlan(app.db),
    }),
  );
  app.put(
    '/commission-plan',
    { schema: { tags, body: commissionPlanSchema, response: { 200: programPlanResponse, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await setProgramPlan(app.db, request.body, actorId);
      return { status: 'success' as const, message: m.planSaved, data };
    },
  );
  app.get(
    '/users/:id/commission-plan',
    { schema: { tags, params: userIdParams, response: { 200: partnerPlanResponse, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => ({ status: 'success' as const, data: await getPartnerPlan(app.db, request.params.id) }),
  );
  app.put(
    '/users/:id/commission-plan',
    {
      schema: {
        tags,
        params: userIdParams,
        body: partnerPlanRequest,
        response: { 200: partnerPlanResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await setPartnerPlan(app.db, request.params.id, request.body.override, actorId);
      return { status: 'success' as const, message: request.body.override ? m.overrideSaved : m.overrideRemoved, data };
    },
  );

  // Import -------------------------------------------------------------------------------------
  app.get(
    '/commissions/mapping',
    {
      schema: {
        tags,
        querystring: z.object({ processor: processorField }),
        response: { 200: savedMappingResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { processor: request.query.processor, mapping: await savedMapping(app.db, request.query.processor) },
    }),
  );

  app.get(
    '/commissions/imports',
    { schema: { tags, response: { 200: importListResponse, ...errorResponses(401, 403) } } },
    async () => ({
      status: 'success' as const,
      data: { items: await listImports(app.db) },
    }),
  );

  app.post(
    '/commissions/imports',
    {
      schema: {
        tags,
        summary: 'Upload a residual report: multipart with file, month, processor, mapping (JSON) and dry_run',
        consumes: ['multipart/form-data'],
        response: { 200: importResultResponse, 201: importResultResponse, ...errorResponses(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const actorId = currentUser(request).id;
      if (!request.isMultipart()) throw badRequest(m.fileRequired, { file: m.fileRequired });
      const parts: UploadParts = { fields: {}, file: null };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || parts.file) {
              await part.toBuffer();
              continue;
            }
            parts.file = { name: part.filename ?? 'report.csv', bytes: await part.toBuffer() };
          } else if (typeof part.value === 'string') parts.fields[part.fieldname] = part.value;
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, m.fileTooLarge, { file: m.fileTooLarge });
        if (error instanceof AppError) throw error;
        throw badRequest(m.fileRequired, { file: m.fileRequired });
      }
      const errors: Record<string, string> = {};
      let mapping: unknown = undefined;
      if (parts.fields.mapping?.trim()) {
        try {
          mapping = JSON.parse(parts.fields.mapping);
        } catch {
          errors.mapping = m.mappingInvalid;
        }
      }
      const dryRunText = (parts.fields.dry_run ?? 'true').trim().toLowerCase();
      const parsed = importFieldsSchema.safeParse({
        month: parts.fields.month,
        processor: parts.fields.processor,
        mapping,
        dry_run: !['false', '0', 'no', 'off'].includes(dryRunText),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      }
      if (!parts.file || !parts.file.bytes.length) errors.file ??= parts.file ? m.noHeader : m.fileRequired;
      if (Object.keys(errors).length || !parsed.success) throw badRequest(Object.values(errors)[0]!, errors);
      const input = parsed.data;
      const data = await uploadImport(
        app.db,
        { month: input.month, processor: input.processor, mapping: input.mapping, dryRun: input.dry_run, file: parts.file! },
        actorId,
      );
      return reply.status(input.dry_run ? 200 : 201).send({
        status: 'success',
        message: input.dry_run ? undefined : m.importCommitted(data.lines_written),
        data,
      });
    },
  );

  app.get(
    '/commissions/imports/:id',
    { schema: { tags, params: uuidParams, response: { 200: importResultResponse, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => ({ status: 'success' as const, data: await importResult(app.db, request.params.id, true) }),
  );

  app.post(
    '/commissions/imports/:id/commit',
    {
      schema: {
        tags,
        params: uuidParams,
        response: { 200: importResultResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await commitImportById(app.db, request.params.id, actorId);
      return { status: 'success' as const, message: m.importCommitted(data.lines_written), data };
    },
  );

  app.get(
    '/commissions/unmatched',
    { schema: { tags, querystring: unmatchedQuery, response: { 200: unmatchedListResponse, ...errorResponses(400, 401, 403) } } },
    async (request) => ({ status: 'success' as const, data: { items: await listUnmatched(app.db, request.query.month) } }),
  );
  app.post(
    '/commissions/unmatched/assign',
    {
      schema: {
        tags,
        body: assignMidRequest,
        response: { 200: merchantAccountResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await assignMid(app.db, request.body, actorId);
      return { status: 'success' as const, message: m.midAssigned, data };
    },
  );
  app.post(
    '/commissions/unmatched/ignore',
    { schema: { tags, body: ignoreMidRequest, response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 409) } } },
    async (request) => {
      const actorId = currentUser(request).id;
      await ignoreMid(app.db, request.body.mid, actorId);
      return { status: 'success' as const, message: m.midIgnored };
    },
  );

  // Lines and merchants ------------------------------------------------------------------------
  app.get(
    '/commissions/lines',
    {
      schema: {
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
    { schema: { tags, body: createLineRequest, response: { 201: lineResponse, ...errorResponses(400, 401, 403, 422) } } },
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

  // Statements ---------------------------------------------------------------------------------
  app.get(
    '/statements',
    {
      schema: {
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
        response: { ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => sendStatement(app.db, reply, request.params.ref),
  );
  app.post(
    '/statements/publish',
    {
      schema: {
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
    { schema: { tags, body: markPaidRequest, response: { 200: statementBulkResponse, ...errorResponses(400, 401, 403) } } },
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
    { schema: { tags, querystring: monthlyTotalsQuery, response: { ...errorResponses(400, 401, 403) } } },
    async (request, reply) => sendCsv(reply, 'commission-totals', monthlyTotalsCsv(await monthlyTotals(app.db, request.query))),
  );
};
