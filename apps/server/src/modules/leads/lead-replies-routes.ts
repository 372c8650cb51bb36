import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { leadAttachmentMaxBytes, leadReplyMessageField, leadReplyMessages, leadReplyResponse } from '@portal/contract';
import { AppError, badRequest } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { contentDisposition } from '../resources/file-type';
import { addPartnerReply, readLeadAttachment, type ReplyUpload } from './lead-replies';

const tags = ['leads'];
const m = leadReplyMessages;
const attachmentParams = z.object({
  id: z.string().max(64),
  attachmentId: z.coerce.number().int().positive().max(2_147_483_647),
});

function sendAttachment(reply: FastifyReply, file: { name: string; mime: string; data: Buffer }, download: boolean) {
  return reply
    .header('Content-Type', file.mime)
    .header('Content-Length', file.data.length)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', 'sandbox')
    .header('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', file.name))
    .header('Cache-Control', 'private, no-cache')
    .send(file.data);
}

const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });

/** A partner's replies on their own referrals and the files of them, under `/leads/mine` (issue 23 §3). */
export const leadRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);
  await app.register(multipart, {
    limits: { files: 1, fields: 2, fileSize: leadAttachmentMaxBytes, parts: 3 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/:id/replies',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Reply on one of your referrals: multipart, a `message` field and an optional `file` (PDF or image, ≤ 10 MB)',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string().max(64) }),
        response: { 201: leadReplyResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(m.messageRequired, { message: m.messageRequired });
      let message: unknown;
      let file: ReplyUpload | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            // An empty file input sends a nameless empty part: no file.
            if (part.fieldname === 'file' && (bytes.length > 0 || part.filename)) file = { bytes, filename: part.filename };
          } else if (part.fieldname === 'message') {
            message = part.value;
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, m.attachmentTooLarge, { file: m.attachmentTooLarge });
        throw badRequest(m.messageRequired, { message: m.messageRequired });
      }
      const parsed = leadReplyMessageField.safeParse(message);
      if (!parsed.success) {
        const text = parsed.error.issues[0]?.message ?? m.messageRequired;
        throw badRequest(text, { message: text });
      }
      const user = currentUser(request);
      const data = await addPartnerReply(app.db, app.leadEvents, user, request.params.id, { message: parsed.data, file });
      return reply.status(201).send({ status: 'success', message: m.sent, data });
    },
  );

  app.get(
    '/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'A file attached to a reply on one of your referrals',
        params: attachmentParams,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const file = await readLeadAttachment(app.db, request.params.id, request.params.attachmentId, currentUser(request).id);
      return sendAttachment(reply, file, request.query.download === '1');
    },
  );
};

/** Admins read any reply's file, under `/admin/leads` inside the admin scope. */
export const leadAttachmentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'A file a partner attached to a reply on a lead',
        params: attachmentParams,
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const file = await readLeadAttachment(app.db, request.params.id, request.params.attachmentId, null);
      return sendAttachment(reply, file, request.query.download === '1');
    },
  );
};
