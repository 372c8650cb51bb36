import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionsApiResponse, conversionsMessages, updateConversionsTokenRequest } from '@portal/contract';
import { currentUser, requirePartner } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import { getConversionsStatus, removeConversionsToken, saveConversionsToken } from './conversions-service';

const bearerAuth = [{ bearer: [] }];
/**
 * /users/conversions-api: a partner's Meta Conversions API token. It can be set, replaced and
 * removed; every answer says only whether one is set. Partners only: the token belongs to the pixel
 * of their referral link.
 */
export const conversionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);

  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether a Conversions API token is set, and the last server-side Lead event',
        security: bearerAuth,
        response: { 200: conversionsApiResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await getConversionsStatus(app.db, app.config, currentUser(request).id),
    }),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'Set or replace the Conversions API access token (stored encrypted, never returned)',
        security: bearerAuth,
        body: updateConversionsTokenRequest,
        response: { 200: conversionsApiResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await saveConversionsToken(app.db, app.config, id, request.body.access_token);
      return {
        status: 'success' as const,
        message: conversionsMessages.tokenSaved,
        data: await getConversionsStatus(app.db, app.config, id),
      };
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove the Conversions API access token',
        security: bearerAuth,
        response: { 200: conversionsApiResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await removeConversionsToken(app.db, id);
      return {
        status: 'success' as const,
        message: conversionsMessages.tokenRemoved,
        data: await getConversionsStatus(app.db, app.config, id),
      };
    },
  );
};
