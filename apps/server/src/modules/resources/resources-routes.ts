import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminResourceResponse,
  adminResourcesResponse,
  createResourceRequest,
  messageEnvelope,
  messages,
  reorderResourcesRequest,
  resourceFileLimits,
  resourcesResponse,
  updateResourceRequest,
} from '@portal/contract';
import { AppError, badRequest } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { actsAsAdmin, actsAsPartner } from '../../lib/access';
import { currentUser, requireUser } from '../../plugins/auth';
import { contentDisposition } from './file-type';
import {
  createResource,
  deleteResource,
  listAdminResources,
  listPublishedResources,
  readResourceFile,
  recordResourceView,
  reorderResources,
  resourceTypeOf,
  storeResourceFile,
  updateResource,
} from './resources-service';
import type { VideoHostCache } from './video-hosts';

const tags = ['resources'];
const m = messages.resources;
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Signed-in users: the library, its files and view counting (`/resources/...`). */
export const resourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/',
    { schema: { tags, summary: 'Published resources in order', response: { 200: resourcesResponse, ...errorResponses(401) } } },
    async () => ({ status: 'success' as const, data: await listPublishedResources(app.db) }),
  );

  app.get(
    '/:id/file',
    {
      schema: {
        tags,
        summary: 'The uploaded file of a PDF or image resource (partners: published only)',
        params: idParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Unpublished files only to someone who acts as an admin (not one who must still enrol in two-factor).
      const file = await readResourceFile(app.db, request.params.id, !(await actsAsAdmin(app.db, user)));
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Length', file.data.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')
        .header('Content-Disposition', contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', file.name))
        .header('Cache-Control', 'private, no-cache')
        .send(file.data);
    },
  );

  app.post(
    '/:id/view',
    { schema: { tags, summary: "Count a partner's open of a resource (204)", params: idParams } },
    async (request, reply) => {
      const user = currentUser(request);
      // Admins previewing their own library do not inflate the partners' view counts.
      if (actsAsPartner(user)) await recordResourceView(app.db, request.params.id, user.id);
      return reply.status(204).send();
    },
  );
};

/** Admin routes, inside the admin scope (`/admin/resources/...`). */
export function resourcesAdminRoutes(videoHosts: VideoHostCache): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { files: 1, fields: 5, fileSize: resourceFileLimits.pdf, parts: 10 },
      throwFileSizeLimit: true,
    });
    const afterWrite = async () => {
      await videoHosts.refresh().catch((error: unknown) => app.log.error({ err: error }, 'video host refresh failed'));
    };

    app.get(
      '/resources',
      {
        schema: {
          summary: 'Every resource, drafts included, in order',
          tags,
          response: { 200: adminResourcesResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ status: 'success' as const, data: await listAdminResources(app.db) }),
    );

    app.post(
      '/resources',
      {
        schema: {
          summary: 'Create a resource (a link, a video, or a file uploaded next)',
          tags,
          body: createResourceRequest,
          response: { 201: adminResourceResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const actorId = currentUser(request).id;
        const data = await createResource(app.db, request.body, actorId);
        await afterWrite();
        return reply.status(201).send({ status: 'success', message: m.added, data });
      },
    );

    app.put(
      '/resources/order',
      {
        schema: {
          summary: 'Reorder the resources',
          tags,
          body: reorderResourcesRequest,
          response: { 200: adminResourcesResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const actorId = currentUser(request).id;
        const data = await reorderResources(app.db, request.body.ids, actorId);
        return { status: 'success' as const, message: m.reordered, data };
      },
    );

    app.patch(
      '/resources/:id',
      {
        schema: {
          summary: 'Change or publish a resource',
          tags,
          params: idParams,
          body: updateResourceRequest,
          response: { 200: adminResourceResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const actorId = currentUser(request).id;
        const data = await updateResource(app.db, request.params.id, request.body, actorId);
        await afterWrite();
        return { status: 'success' as const, message: m.updated, data };
      },
    );

    app.delete(
      '/resources/:id',
      {
        schema: {
          summary: 'Delete a resource and its file',
          tags,
          params: idParams,
          response: { 200: messageEnvelope, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const actorId = currentUser(request).id;
        await deleteResource(app.db, request.params.id, actorId);
        await afterWrite();
        return { status: 'success' as const, message: m.deleted };
      },
    );

    app.put(
      '/resources/:id/file',
      {
        schema: {
          tags,
          summary: 'Upload the file of a PDF (≤ 10 MB) or image (≤ 5 MB) resource: multipart, one part named file',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: adminResourceResponse, ...errorResponses(400, 401, 403, 404, 413) },
        },
      },
      async (request) => {
        const actorId = currentUser(request).id;
        if (!request.isMultipart()) throw badRequest(m.fileRequired, { file: m.fileRequired });
        // The limit and its message follow the resource's type; the bytes are checked after.
        const type = await resourceTypeOf(app.db, request.params.id);
        const isPdf = type === 'pdf';
        const tooLarge = isPdf ? m.pdfTooLarge : m.imageTooLarge;
        let part;
        try {
          part = await request.file({ limits: { fileSize: isPdf ? resourceFileLimits.pdf : resourceFileLimits.image } });
        } catch {
          throw badRequest(m.fileRequired, { file: m.fileRequired });
        }
        if (!part) throw badRequest(m.fileRequired, { file: m.fileRequired });
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(413, tooLarge, { file: tooLarge });
          throw error;
        }
        const data = await storeResourceFile(app.db, request.params.id, { bytes, filename: part.filename }, actorId);
        return { status: 'success' as const, message: m.updated, data };
      },
    );
  };
}
