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
import { currentUser } from '../../plugins/auth';
import { createSetting, deleteSetting, getPublicSettings, listSettings, updateSetting } from './settings-service';

const keyParams = z.object({ key: z.string() });
const tags = ['settings'];

/** The admin settings table of spec §7; registered inside the admin scope (`/admin/settings`). */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { schema: { summary: 'Every setting', tags, response: { 200: settingsListResponse, ...errorResponses(401, 403) } } },
    async () => ({
      status: 'success' as const,
      data: await listSettings(app.db),
    }),
  );

  app.post(
    '/settings',
    {
      schema: {
        summary: 'Create a setting',
        tags,
        body: createSettingRequest,
        response: { 201: settingResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actorId = currentUser(request).id;
      const data = await createSetting(app.db, request.body, actorId);
      return reply.status(201).send({ status: 'success', message: messages.settings.added, data });
    },
  );

  app.put(
    '/settings/:key',
    {
      schema: {
        summary: 'Change the value of a setting',
        tags,
        params: keyParams,
        body: updateSettingRequest,
        response: { 200: settingResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const data = await updateSetting(app.db, request.params.key, request.body.value, actorId);
      return { status: 'success' as const, message: messages.settings.updated, data };
    },
  );

  app.delete(
    '/settings/:key',
    {
      schema: {
        summary: 'Delete a setting (its default applies again)',
        tags,
        params: keyParams,
        response: { 200: messageEnvelope, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      await deleteSetting(app.db, request.params.key, actorId);
      return { status: 'success' as const, message: messages.settings.deleted };
    },
  );
};

/** The public read the landing page and the nav use. */
export const settingsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      schema: {
        tags,
        summary: 'The brand, registration mode, inactivity timeout and public address, for anyone',
        security: [],
        response: { 200: publicSettingsResponse },
      },
    },
    async () => ({
      status: 'success' as const,
      data: await getPublicSettings(app.db, app.config),
    }),
  );
};
