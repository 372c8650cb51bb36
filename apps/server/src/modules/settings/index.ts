import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsRoutes } from './settings-routes';

export const settingsModule: FastifyPluginAsyncZod = settingsRoutes;
export { getPublicSettings } from './settings-service';
