import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  loginResponse,
  changePasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  meResponse,
  messageEnvelope,
  messages,
  notificationPreferencesResponse,
  notificationPreferencesUpdate,
  pipelineMessages,
  pixelResponse,
  registerRequest,
  linkStatusResponse,
  linkTokenQuery,
  renewInvitationRequest,
  resetPasswordRequest,
  resetPasswordResponse,
  sessionIdParams,
  sessionsResponse,
  updatePixelRequest,
} from '@portal/contract';
import { revokeOtherSessions } from '../../lib/sessions';
import { registerAccountMails } from './account-mails';
import { currentUser, requireSignedIn, requireUser } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { createSession, revokeSession, revokeUserSessions } from '../../lib/sessions';
import { runInBackground, settleBackgroundTasks } from './background-tasks';
import { twoFactorRoutes } from './two-factor-routes';
import { claimResetMail, createLoginThrottle, createPasswordCheck, limitRequests } from './rate-limits';
import {
  changePassword,
  endOwnSession,
  getDummyHash,
  getLinkStatus,
  listSessions,
  login,
  notifyPasswordChanged,
  register,
  renewInvitation,
  requestPasswordReset,
  resetPassword,
  toUser,
  toNotificationPreferences,
  updateNotificationPreferences,
  updatePixelId,
} from './users-service';

const bearerAuth = [{ bearer: [] }];

/**
 * The /users calls of spec §7. Guards run onRequest, before the body is validated, so an anonymous
 * caller learns nothing about the payload rules of a guarded call.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each change to a user or their sessions evicts the user from every instance's session cache by itself, once
  // committed (lib/session-evictions.ts): no route here calls the cache.
  await getDummyHash();
  app.addHook('onClose', settleBackgroundTasks);
  registerAccountMails(app);
  await app.register(twoFactorRoutes);
  const passwordCheck = createPasswordCheck(app);

  app.post(
    '/change-password',
    {
      onRequest: requireSignedIn,
      schema: {
        summary: "Change the signed-in user's password (the current one is checked)",
        tags: ['users'],
        security: bearerAuth,
        body: changePasswordRequest,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await passwordCheck.verify(request, reply, user, request.body.current_password, 'current_password');
      await changePassword(app.db, user, request.sessionId, request.body);
      runInBackground(request.log, 'password changed mail', () => notifyPasswordChanged(app, user));
      return { status: 'success' as const, message: messages.account.passwordChanged };
    },
  );

  app.get(
    '/sessions',
    {
      onRequest: requireSignedIn,
      schema: {
        summary: "The signed-in user's sessions, this one marked",
        tags: ['users'],
        security: bearerAuth,
        response: { 200: sessionsResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listSessions(app.db, currentUser(request).id, request.sessionId),
    }),
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: requireSignedIn,
      schema: {
        summary: "End one of the signed-in user's sessions",
        tags: ['users'],
        security: bearerAuth,
        params: sessionIdParams,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await endOwnSession(app.db, currentUser(request).id, request.params.id);
      return { status: 'success' as const, message: messages.account.sessionRevoked };
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      onRequest: requireSignedIn,
      schema: {
        summary: 'End every session of the signed-in user but this one',
        tags: ['users'],
        security: bearerAuth,
        response: { 200: messageEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => {
      await revokeOtherSessions(app.db, currentUser(request).id, request.sessionId);
      return { status: 'success' as const, message: messages.account.otherSessionsRevoked };
    },
  );

  const loginThrottle = createLoginThrottle(app);

  app.post(
    '/login',
    {
      onRequest: limitRequests(app, 'loginPerIp'),
      preHandler: (request, reply) => loginThrottle.check(request, reply, request.body.email),
      schema: {
        summary: 'Sign in with email and password: a session token, or a two-factor challenge',
        tags: ['users'],
        security: [],
        body: loginRequest,
        response: { 200: loginResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      let data;
      try {
        data = await login(app.db, request.body, request.headers['user-agent']);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) await loginThrottle.recordFailure(request, request.body.email);
        throw err;
      }
      await loginThrottle.recordSuccess(request, request.body.email);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/register',
    {
      onRequest: limitRequests(app, 'registerPerIp'),
      schema: {
        summary: 'Apply as a partner (open or approval mode): the account and, when active, a session',
        tags: ['users'],
        security: [],
        body: registerRequest,
        response: { 201: authResponse, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ status: 'success', data: await register(app.db, request.body, request.headers['user-agent']) }),
  );

  app.get(
    '/me',
    {
      onRequest: requireSignedIn,
      schema: {
        summary: 'The signed-in user',
        tags: ['users'],
        security: bearerAuth,
        response: { 200: meResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: 'success' as const, data: { user: toUser(currentUser(request)) } }),
  );

  app.post(
    '/logout',
    {
      onRequest: requireSignedIn,
      schema: {
        summary: 'Sign out: ends this session',
        tags: ['users'],
        security: bearerAuth,
        response: { 200: messageEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => {
      if (request.sessionId !== null) await revokeSession(app.db, request.sessionId);
      return { status: 'success' as const, message: messages.auth.loggedOut };
    },
  );

  app.post(
    '/logout-all',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Sign out everywhere: ends every session of the signed-in user, this one included',
        security: bearerAuth,
        response: { 200: messageEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => {
      await revokeUserSessions(app.db, currentUser(request).id);
      return { status: 'success' as const, message: messages.auth.loggedOutEverywhere };
    },
  );

  app.post(
    '/forgot-password',
    {
      onRequest: limitRequests(app, 'forgotPasswordPerIp'),
      schema: {
        summary: 'Mail a password reset link (the same answer whether or not the email is known)',
        tags: ['users'],
        security: [],
        body: forgotPasswordRequest,
        response: { 200: messageEnvelope, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      // Answered before any lookup, so neither the body nor the timing tells whether the account exists.
      // A repeat within a short interval sends nothing: the link already mailed still works.
      const { email } = request.body;
      if (await claimResetMail(app, email)) {
        runInBackground(request.log, 'password reset request', () => requestPasswordReset(app, email));
      }
      return { status: 'success' as const, message: messages.forgotPassword.sentBody };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        summary: "Set a new password with the token from a reset or invitation mail (an invitation's first password signs in)",
        tags: ['users'],
        security: [],
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { user, isFirstPassword } = await resetPassword(app.db, request.body);
      if (isFirstPassword) {
        // Issue 23 §6: the first password signs the person in, and is no change to warn them about.
        const token = await createSession(app.db, user.id, request.headers['user-agent']);
        return {
          status: 'success' as const,
          message: messages.resetPassword.firstPasswordSignedIn,
          data: { user: toUser(user), token },
        };
      }
      runInBackground(request.log, 'password changed mail', () => notifyPasswordChanged(app, user));
      return { status: 'success' as const, message: messages.resetPassword.done };
    },
  );

  app.get(
    '/reset-password/status',
    {
      onRequest: limitRequests(app, 'linkStatusPerIp'),
      schema: {
        summary: 'What a reset or invitation link is worth: valid, used, expired or unknown',
        tags: ['users'],
        security: [],
        querystring: linkTokenQuery,
        response: { 200: linkStatusResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getLinkStatus(app.db, request.query.token) }),
  );

  app.post(
    '/invitation/renew',
    {
      onRequest: limitRequests(app, 'linkStatusPerIp'),
      schema: {
        summary: 'Mail a new invitation to the person an expired invitation link was for',
        tags: ['users'],
        security: [],
        body: renewInvitationRequest,
        response: { 200: messageEnvelope, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await renewInvitation(app.db, request.body.token);
      return { status: 'success' as const, message: messages.resetPassword.inviteRenewed };
    },
  );

  app.get(
    '/user/get-pixel-id',
    {
      onRequest: requireUser,
      schema: {
        summary: "The partner's Facebook Pixel ID",
        tags: ['users'],
        security: bearerAuth,
        response: { 200: pixelResponse, ...errorResponses(401) },
      },
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
        summary: "Set or clear the partner's Facebook Pixel ID",
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

  app.get(
    '/notification-preferences',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Which notification mails the signed-in user receives',
        tags: ['users'],
        security: bearerAuth,
        response: { 200: notificationPreferencesResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: 'success' as const, data: toNotificationPreferences(currentUser(request)) }),
  );

  app.put(
    '/notification-preferences',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Choose which notification mails the signed-in user receives',
        tags: ['users'],
        security: bearerAuth,
        body: notificationPreferencesUpdate,
        response: { 200: notificationPreferencesResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const data = await updateNotificationPreferences(app.db, currentUser(request).id, request.body);
      return { status: 'success' as const, message: pipelineMessages.preferencesSaved, data };
    },
  );
};
