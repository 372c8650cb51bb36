import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsModule: FastifyPluginAsyncZod = async () => {};
