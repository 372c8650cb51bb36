import fp from 'fastify-plugin';
import { API_BASE } from '@portal/contract';

/**
 * API answers carry tokens and account data: no browser, proxy or CDN may keep a copy. Every answer
 * under the API gets `Cache-Control: no-store` unless its route chose a policy, and an answer to a
 * request with a bearer token always does, whatever the route chose.
 */
export const noStorePlugin = fp(async (app) => {
  const apiPrefix = `${API_BASE}/`;
  // A callback hook: an async one costs a promise on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(apiPrefix) && (request.headers.authorization || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
