import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersRoutes } from './users-routes';

export const usersModule: FastifyPluginAsyncZod = usersRoutes;
export { authRateLimits } from './rate-limits';
export { toUser } from './users-service';
