import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyCreatedResponse,
  apiKeyListResponse,
  apiKeyMessages as m,
  createAdminApiKeyRequest,
  createPartnerApiKeyRequest,
  messageEnvelope,
  webhookIdParams,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey, type KeyOwner } from './api-keys-service';

function keyRoutes(
  kind: KeyOwner['kind'],
  body: typeof createAdminApiKeyRequest | typeof createPartnerApiKeyRequest,
): FastifyPluginAsyncZod {
  const tags = [kind === 'admin' ? 'api-keys' : 'users'];
  const noun = kind === 'admin' ? 'admin API key' : 'API key';
  return async (app) => {
    const ownerOf = (request: Parameters<typeof currentUser>[0]): KeyOwner => ({ userId: currentUser(request).id, kind });
    app.get(
      '/',
      {
        schema: {
          summary: `Your ${noun}s (never the keys themselves)`,
          tags,
          response: { 200: apiKeyListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ status: 'success' as const, data: { items: await listApiKeys(app.db, ownerOf(request)) } }),
    );
    app.post(
      '/',
      {
        schema: {
          summary: `Create an ${noun} (the key is in this answer only)`,
          tags,
          body,
          response: { 201: apiKeyCreatedResponse, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const data = await createApiKey(app.db, ownerOf(request), request.body);
        return reply.code(201).send({ status: 'success' as const, message: m.created, data });
      },
    );
    app.delete(
      '/:id',
      {
        schema: {
          summary: `Revoke an ${noun}: refused everywhere from now on`,
          tags,
          params: webhookIdParams,
          response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await revokeApiKey(app.db, ownerOf(request), request.params.id);
        return { status: 'success' as const, message: m.revoked };
      },
    );
  };
}

const adminKeys = keyRoutes('admin', createAdminApiKeyRequest);
/** /admin/api-keys: inside adminScope (app.ts). */
export const apiKeysAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminKeys, { prefix: '/api-keys' });
};

const partnerKeys = keyRoutes('partner', createPartnerApiKeyRequest);
/** /users/api-keys: a partner's own keys, for their own referrals. */
export const apiKeysUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);
  await app.register(partnerKeys);
};
