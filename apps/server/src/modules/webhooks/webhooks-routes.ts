import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPostbackRequest,
  createWebhookRequest,
  integrationMessages as m,
  messageEnvelope,
  updateWebhookRequest,
  webhookDeliveryListResponse,
  webhookDeliveryQuery,
  webhookEndpointListResponse,
  webhookEndpointResponse,
  webhookIdParams,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser, requirePartner } from '../../plugins/auth';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
  updateEndpoint,
  type EndpointOwner,
} from './webhooks-service';

/**
 * The routes of one kind of endpoint list: the admins' webhooks (/admin/webhooks) and a partner's
 * postbacks (/users/postbacks) work alike; only the owner and the create body differ.
 */
function endpointRoutes(opts: {
  base: string;
  tags: string[];
  noun: string;
  ownerOf: (request: FastifyRequest) => EndpointOwner;
  createBody: typeof createWebhookRequest | typeof createPostbackRequest;
  createdMessage: string;
  deletedMessage: string;
}): FastifyPluginAsyncZod {
  const { base, tags, noun, ownerOf } = opts;
  return async (app) => {
    app.get(
      base,
      {
        schema: { summary: `The ${noun}s`, tags, response: { 200: webhookEndpointListResponse, ...errorResponses(401, 403) } },
      },
      async (request) => ({ status: 'success' as const, data: { items: await listEndpoints(app.db, ownerOf(request)) } }),
    );
    app.post(
      base,
      {
        schema: {
          summary: `Add a ${noun} (its signing secret is in this answer only)`,
          tags,
          body: opts.createBody,
          response: { 201: webhookEndpointResponse, ...errorResponses(400, 401, 403, 409, 422) },
        },
      },
      async (request, reply) => {
        const data = await createEndpoint(app.db, app.config, ownerOf(request), request.body);
        return reply.code(201).send({ status: 'success' as const, message: opts.createdMessage, data });
      },
    );
    app.patch(
      `${base}/:id`,
      {
        schema: {
          summary: `Edit, disable, re-enable or rotate the secret of a ${noun}`,
          tags,
          params: webhookIdParams,
          body: updateWebhookRequest,
          response: { 200: webhookEndpointResponse, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => {
        const body = request.body;
        const data = await updateEndpoint(app.db, app.config, ownerOf(request), request.params.id, body);
        const message = body.rotate_secret
          ? m.secretRotated
          : body.enabled === true
            ? m.endpointEnabled
            : body.enabled === false
              ? m.endpointDisabled
              : m.endpointSaved;
        return { status: 'success' as const, message, data };
      },
    );
    app.delete(
      `${base}/:id`,
      {
        schema: {
          summary: `Delete a ${noun}`,
          tags,
          params: webhookIdParams,
          response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await deleteEndpoint(app.db, ownerOf(request), request.params.id);
        return { status: 'success' as const, message: opts.deletedMessage };
      },
    );
    app.post(
      `${base}/:id/test`,
      {
        schema: {
          summary: `Send a test event to a ${noun}`,
          tags,
          params: webhookIdParams,
          response: { 202: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await sendTestEvent(app.db, ownerOf(request), request.params.id);
        return reply.code(202).send({ status: 'success' as const, message: m.testQueued });
      },
    );
    app.get(
      `${base}/:id/deliveries`,
      {
        schema: {
          summary: `The delivery log of a ${noun} (30 days, newest first)`,
          tags,
          params: webhookIdParams,
          querystring: webhookDeliveryQuery,
          response: { 200: webhookDeliveryListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        status: 'success' as const,
        data: await listDeliveries(app.db, ownerOf(request), request.params.id, request.query),
      }),
    );
    app.post(
      `${base}/deliveries/:id/resend`,
      {
        schema: {
          summary: 'Deliver a logged message again (same webhook-id)',
          tags,
          params: webhookIdParams,
          response: { 202: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await resendDelivery(app.db, ownerOf(request), request.params.id);
        return reply.code(202).send({ status: 'success' as const, message: m.resendQueued });
      },
    );
  };
}

/** /admin/webhooks: inside adminScope (app.ts). */
export const webhooksAdminRoutes = endpointRoutes({
  base: '/webhooks',
  tags: ['webhooks'],
  noun: 'webhook endpoint',
  ownerOf: (request) => ({ partnerId: null, actorId: currentUser(request).id }),
  createBody: createWebhookRequest,
  createdMessage: m.endpointCreated,
  deletedMessage: m.endpointDeleted,
});

const partnerPostbackRoutes = endpointRoutes({
  base: '',
  tags: ['users'],
  noun: 'postback',
  ownerOf: (request) => {
    const { id } = currentUser(request);
    return { partnerId: id, actorId: id };
  },
  createBody: createPostbackRequest,
  createdMessage: m.postbackCreated,
  deletedMessage: m.postbackDeleted,
});

/** /users/postbacks: a partner's own endpoints for their own referrals' events. */
export const postbacksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requirePartner);
  await app.register(partnerPostbackRoutes);
};
