import fp from 'fastify-plugin';
import { API_BASE } from '@portal/contract';

/**
 * API answers carry tokens and account data: no browser, proxy or CDN may keep a copy. Every answer
 * under the API gets `Cache-Control: no-store` unless its route chose a policy, and an answer to a
 * request with a bearer token always does, whatever the route chose.
 */
export const noStorePlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(`${API_BASE}/`)) return;
    if (request.headers.authorization || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
