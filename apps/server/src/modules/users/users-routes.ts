import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  forgotPasswordRequest,
  loginRequest,
  meResponse,
  messageEnvelope,
  messages,
  pixelResponse,
  registerRequest,
  resetPasswordRequest,
  updatePixelRequest,
} from '@portal/contract';
import { currentUser, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import { revokeSession } from '../../lib/sessions';
import { runInBackground, settleBackgroundTasks } from './background-tasks';
import { authRateLimits, bodyEmailKey, limitRequests } from './rate-limits';
import {
  getDummyHash,
  login,
  notifyPasswordChanged,
  register,
  requestPasswordReset,
  resetPassword,
  toUser,
  updatePixelId,
} from './users-service';

const bearerAuth = [{ bearer: [] }];

/**
 * The /users calls of spec §7. Guards run onRequest, before the body is validated, so an anonymous
 * caller learns nothing about the payload rules of a guarded call.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await getDummyHash();
  app.addHook('onClose', settleBackgroundTasks);

  app.post(
    '/login',
    {
      onRequest: limitRequests(app, authRateLimits.loginPerIp),
      preHandler: limitRequests(app, authRateLimits.loginPerEmail, bodyEmailKey),
      schema: {
        tags: ['users'],
        body: loginRequest,
        response: { 200: authResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await login(app.db, request.body) }),
  );

  app.post(
    '/register',
    {
      onRequest: limitRequests(app, authRateLimits.registerPerIp),
      schema: {
        tags: ['users'],
        body: registerRequest,
        response: { 201: authResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: 'success', data: await register(app.db, request.body) }),
  );

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: { tags: ['users'], security: bearerAuth, response: { 200: meResponse, ...errorResponses(401) } },
    },
    async (request) => ({ status: 'success' as const, data: { user: toUser(currentUser(request)) } }),
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: { tags: ['users'], security: bearerAuth, response: { 200: messageEnvelope, ...errorResponses(401) } },
    },
    async (request) => {
      if (request.sessionId !== null) await revokeSession(app.db, request.sessionId);
      return { status: 'success' as const, message: messages.auth.loggedOut };
    },
  );

  app.post(
    '/forgot-password',
    {
      onRequest: limitRequests(app, authRateLimits.forgotPasswordPerIp),
      preHandler: limitRequests(app, authRateLimits.forgotPasswordPerEmail, bodyEmailKey),
      schema: {
        tags: ['users'],
        body: forgotPasswordRequest,
        response: { 200: messageEnvelope, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      // Answered before any lookup, so neither the body nor the timing tells whether the account exists.
      const { email } = request.body;
      runInBackground(request.log, 'password reset request', () => requestPasswordReset(app, email));
      return { status: 'success' as const, message: messages.forgotPassword.sentBody };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['users'],
        body: resetPasswordRequest,
        response: { 200: messageEnvelope, ...errorResponses(400) },
      },
    },
    async (request) => {
      const user = await resetPassword(app.db, request.body);
      runInBackground(request.log, 'password changed mail', () => notifyPasswordChanged(app, user));
      return { status: 'success' as const, message: messages.resetPassword.done };
    },
  );

  app.get(
    '/user/get-pixel-id',
    {
      onRequest: requireUser,
      schema: { tags: ['users'], security: bearerAuth, response: { 200: pixelResponse, ...errorResponses(401) } },
    },
    async (request) => ({
      status: 'success' as const,
      data: { facebook_pixel_id: currentUser(request).facebookPixelId },
    }),
  );

  app.put(
    '/update-pixel-id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        security: bearerAuth,
        body: updatePixelRequest,
        response: { 200: messageEnvelope, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await updatePixelId(app.db, currentUser(request).id, request.body.facebook_pixel_id);
      return { status: 'success' as const, message: messages.pixel.updated };
    },
  );
};
