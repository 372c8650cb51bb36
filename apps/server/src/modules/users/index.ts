import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const usersModule: FastifyPluginAsyncZod = async () => {};
