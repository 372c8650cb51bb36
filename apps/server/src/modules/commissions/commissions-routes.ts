import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importMaxBytes } from '@portal/contract';
import { earningsAdminRoutes } from './earnings-routes';
import { importAdminRoutes } from './import-routes';
import { merchantAdminRoutes } from './merchant-routes';
import { planAdminRoutes } from './plan-routes';
import { statementAdminRoutes } from './statement-routes';
import { teamAdminRoutes } from './team-routes';

export { commissionsRoutes } from './statement-routes';
export { partnerTeamRoutes } from './team-routes';

/** Admin routes, inside the admin scope: plans, imports, lines and merchants, statements. */
export const commissionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fileSize: importMaxBytes, parts: 12, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  });
  await app.register(planAdminRoutes);
  await app.register(importAdminRoutes);
  await app.register(merchantAdminRoutes);
  await app.register(statementAdminRoutes);
  await app.register(teamAdminRoutes);
  await app.register(earningsAdminRoutes);
};
