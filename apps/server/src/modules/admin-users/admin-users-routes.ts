import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserDetailResponse,
  adminUserExportQuery,
  adminUserListQuery,
  adminUserListResponse,
  inviteUserRequest,
  messageEnvelope,
  messages,
  optionalReasonRequest,
  reasonRequest,
  rejectRequest,
  updateUserRequest,
  userIdParams,
  userSchema,
  successEnvelope,
} from '@portal/contract';
import { csvRow, sendCsv } from '../../lib/csv';
import { notifyOutbox } from '../../lib/outbox';
import { errorResponses, fileResponse } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { toUser } from '../users';
import {
  approveUser,
  disableUser,
  enableUser,
  exportHeader,
  exportUsers,
  getUserDetail,
  inviteUser,
  listUsers,
  rejectUser,
  resendInvite,
  resetTwoFactor,
  revokeSessions,
  sendReset,
  updateUser,
} from './admin-users-service';

const tags = ['admin-users'];
const m = messages.adminUsers;
const userResponse = successEnvelope(userSchema);

/** /admin/users (issue 9 §1, §6); registered inside the admin scope, which guards every route. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        summary: 'Users matching a search, role and status, paged',
        tags,
        querystring: adminUserListQuery,
        response: { 200: adminUserListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await listUsers(app.db, request.query) }),
  );

  app.get(
    '/users/export.csv',
    {
      schema: {
        summary: 'The users of the filter as CSV',
        tags,
        querystring: adminUserExportQuery,
        response: { 200: fileResponse('The users of the filter as CSV', ['text/csv']), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await exportUsers(app.db, request.query, app.config.publicUrl);
      const body = `\uFEFF${csvRow(exportHeader)}${rows.map(csvRow).join('')}`;
      return sendCsv(reply, 'users', body);
    },
  );

  app.post(
    '/users/invite',
    {
      schema: {
        summary: 'Invite a partner or admin by email',
        tags,
        body: inviteUserRequest,
        response: { 201: userResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const user = await inviteUser(app.db, request.body, actor);
      notifyOutbox(app.db);
      return reply.status(201).send({ status: 'success', message: m.invited, data: toUser(user) });
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        summary: 'One user with their figures and recent activity',
        tags,
        params: userIdParams,
        response: { 200: adminUserDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getUserDetail(app.db, request.params.id) }),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        summary: "Change a user's name, email, role or compensation link",
        tags,
        params: userIdParams,
        body: updateUserRequest,
        response: { 200: userResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const user = await updateUser(app.db, request.params.id, request.body, actor);
      notifyOutbox(app.db);
      return { status: 'success' as const, message: m.updated, data: toUser(user) };
    },
  );

  /** What each account action does, as the API description says it. */
  const actionSummaries = {
    disable: 'Disable an account, with a reason: its sessions end and it cannot sign in',
    enable: 'Enable a disabled account again',
    'send-reset': 'Mail the user a password reset link',
    'revoke-sessions': 'End every session of the user',
    'resend-invite': 'Mail a pending invitation again, with a new link',
    'reset-two-factor': "Turn off another account's two-factor authentication: its sessions end and its owner is mailed",
    approve: 'Approve a partner application: the account becomes active and is mailed',
    reject: 'Reject a partner application, with an optional reason mailed to the applicant',
  };
  const action = (
    path: keyof typeof actionSummaries,
    message: string,
    run: (db: typeof app.db, id: number, body: unknown, actor: ReturnType<typeof currentUser>) => Promise<void>,
    body?: z.ZodType,
  ) =>
    app.post(
      `/users/:id/${path}`,
      {
        schema: {
          tags,
          summary: actionSummaries[path],
          params: userIdParams,
          ...(body && { body }),
          response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        await run(app.db, request.params.id, request.body, actor);
        // Disable, approve, revoke…: every instance reads the user afresh (their sessions may be gone).
        notifyOutbox(app.db);
        return { status: 'success' as const, message };
      },
    );

  action(
    'disable',
    m.disabled,
    (db, id, body, actor) => disableUser(db, id, (body as { reason: string }).reason, actor),
    reasonRequest,
  );
  action(
    'enable',
    m.enabled,
    (db, id, body, actor) => enableUser(db, id, (body as { reason?: string } | undefined)?.reason, actor),
    optionalReasonRequest.optional(),
  );
  action('send-reset', m.resetSent, (db, id, _body, actor) => sendReset(db, id, actor));
  action('revoke-sessions', m.sessionsRevoked, (db, id, _body, actor) => revokeSessions(db, id, actor));
  action('resend-invite', m.inviteResent, (db, id, _body, actor) => resendInvite(db, id, actor));
  action('reset-two-factor', m.twoFactorReset, (db, id, _body, actor) => resetTwoFactor(db, id, actor));
  action('approve', messages.application.approved, (db, id, _body, actor) => approveUser(db, id, actor));
  action(
    'reject',
    messages.application.rejected,
    (db, id, body, actor) => rejectUser(db, id, body as z.infer<typeof rejectRequest>, actor),
    rejectRequest,
  );
};
