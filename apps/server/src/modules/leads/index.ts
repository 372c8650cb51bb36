import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const leadsModule: FastifyPluginAsyncZod = async () => {};

export function referralPageCsp(base: Record<string, string[] | null>): string | null {
  void base;
  return null;
}

export function startLeadWorker(app: FastifyInstance): { stop(): Promise<void> } {
  void app;
  return { stop: async () => {} };
}
