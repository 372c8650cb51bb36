import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignMidRequest,
  commissionMessages as m,
  ignoreMidRequest,
  importFieldsSchema,
  importListResponse,
  importResultResponse,
  merchantAccountResponse,
  messageEnvelope,
  processorField,
  savedMappingResponse,
  unmatchedListResponse,
  unmatchedQuery,
} from '@portal/contract';
import { AppError, badRequest } from '../../lib/errors';
import { adminApiExamples } from '../../lib/admin-api-examples';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { commitImportById, importResult, listImports, savedMapping, uploadImport } from './import-service';
import { assignMid, ignoreMid, listUnmatched } from './unmatched-service';

const tags = ['commissions'];
const uuidParams = z.object({ id: z.uuid({ error: m.importNotFound }) });

interface UploadParts {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
}

/** Admin: residual report uploads (dry run, commit), saved mappings, and the MIDs no merchant account has. */
export const importAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/commissions/mapping',
    {
      schema: {
        summary: "The column mapping saved for a processor's residual reports",
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
    {
      schema: {
        summary: 'Residual report imports, newest first',
        tags,
        response: { 200: importListResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      status: 'success' as const,
      data: { items: await listImports(app.db) },
    }),
  );

  app.post(
    '/commissions/imports',
    {
      config: { apiKeyScope: 'residuals:import', apiExample: adminApiExamples.importUpload },
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
    {
      schema: {
        summary: 'One residual report import with its rows',
        tags,
        params: uuidParams,
        response: { 200: importResultResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await importResult(app.db, request.params.id, true) }),
  );

  app.post(
    '/commissions/imports/:id/commit',
    {
      config: { apiKeyScope: 'residuals:import', apiExample: adminApiExamples.importCommit },
      schema: {
        summary: 'Commit a dry-run import: writes its lines and drafts statements',
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
    {
      schema: {
        summary: 'MIDs of imported reports that match no merchant account',
        tags,
        querystring: unmatchedQuery,
        response: { 200: unmatchedListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: { items: await listUnmatched(app.db, request.query.month) } }),
  );
  app.post(
    '/commissions/unmatched/assign',
    {
      schema: {
        summary: 'Assign an unmatched MID to a partner (makes its merchant account and lines)',
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
    {
      schema: {
        summary: 'Ignore an unmatched MID',
        tags,
        body: ignoreMidRequest,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      await ignoreMid(app.db, request.body.mid, actorId);
      return { status: 'success' as const, message: m.midIgnored };
    },
  );
};
