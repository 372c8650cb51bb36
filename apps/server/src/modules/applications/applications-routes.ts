import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationAnswersResponse,
  applicationMessages,
  applicationQuestionsResponse,
  saveApplicationQuestionsRequest,
  userIdParams,
} from '@portal/contract';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { getBrandSettings } from '../settings';
import { getApplication, listApplicationQuestions, saveApplicationQuestions } from './applications-service';

const tags = ['applications'];

/** `GET /application-questions`: what the register page asks; none unless Registration Mode is approval. */
export const applicationPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/application-questions',
    {
      schema: {
        tags,
        security: [],
        summary: 'The questions sign-up asks (approval mode only; an empty list otherwise)',
        response: { 200: applicationQuestionsResponse },
      },
    },
    async () => {
      const { registrationMode } = await getBrandSettings(app.db);
      return {
        status: 'success' as const,
        data: registrationMode === 'approval' ? await listApplicationQuestions(app.db) : [],
      };
    },
  );
};

/** Admin routes, inside the admin scope: the questions' editor and an applicant's answers. */
export const applicationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/application-questions',
    {
      schema: {
        tags,
        summary: 'The application questions, in order',
        response: { 200: applicationQuestionsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, data: await listApplicationQuestions(app.db) }),
  );

  app.put(
    '/application-questions',
    {
      schema: {
        tags,
        summary: 'Replace the application questions with this list, in order',
        body: saveApplicationQuestionsRequest,
        response: { 200: applicationQuestionsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: applicationMessages.saved,
      data: await saveApplicationQuestions(app.db, request.body, currentUser(request).id),
    }),
  );

  app.get(
    '/users/:id/application',
    {
      schema: {
        tags,
        summary: 'What a partner answered when applying (null when nothing)',
        params: userIdParams,
        response: { 200: applicationAnswersResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getApplication(app.db, request.params.id) }),
  );
};
