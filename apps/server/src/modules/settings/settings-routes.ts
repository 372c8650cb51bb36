import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSettingRequest,
  messageEnvelope,
  messages,
  publicSettingsResponse,
  settingResponse,
  settingsListResponse,
  updateSettingRequest,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/auth';
import {
  createSetting,
  deleteSetting,
  getPublicSettings,
  listSettings,
  updateSetting,
} from './settings-service';

const keyParams = z.object({ key: z.string() });
const adminOnly = { onRequest: requireRole('admin') };
const adminSchema = { tags: ['settings'], security: [{ bearer: [] }] };

/** The admin settings table of spec §7, and the public read the landing page and nav use. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    { ...adminOnly, schema: { ...adminSchema, response: { 200: settingsListResponse, ...errorResponses(401, 403) } } },
    async () => ({ status: 'success' as const, data: await listSettings(app.db) }),
  );

  app.post(
    '/admin/settings',
    {
      ...adminOnly,
      schema: {
        ...adminSchema,
        body: createSettingRequest,
        response: { 201: settingResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        status: 'success',
        message: messages.settings.added,
        data: await createSetting(app.db, request.body),
      }),
  );

  app.put(
    '/admin/settings/:key',
    {
      ...adminOnly,
      schema: {
        ...adminSchema,
        params: keyParams,
        body: updateSettingRequest,
        response: { 200: settingResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: messages.settings.updated,
      data: await updateSetting(app.db, request.params.key, request.body.value),
    }),
  );

  app.delete(
    '/admin/settings/:key',
    {
      ...adminOnly,
      schema: { ...adminSchema, params: keyParams, response: { 200: messageEnvelope, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      await deleteSetting(app.db, request.params.key);
      return { status: 'success' as const, message: messages.settings.deleted };
    },
  );

  app.get(
    '/settings/public',
    { schema: { tags: ['settings'], response: { 200: publicSettingsResponse } } },
    async () => ({ status: 'success' as const, data: await getPublicSettings(app.db, app.config) }),
  );
};
