import fp from 'fastify-plugin';
import type { FastifyContextConfig } from 'fastify';
import { API_BASE } from '@portal/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Examples for the public API's description: a request body, and the body of one answer. */
    apiExample?: { request?: unknown; response: { status: number; body: unknown } };
  }
}

type Operation = {
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

const publicApiDescription = [
  'The public Partner Portal API: partner software submits referrals and reads their status.',
  '',
  'Authenticate with `Authorization: Bearer <key>`, where the key is a partner API key (`ppk_…`, created under',
  'Settings → API keys, with the permissions `referrals:write` and `referrals:read`). An API key works on these',
  'routes only. Requests per key are limited; a `429` says when to try again in `Retry-After`.',
].join('\n');

/**
 * GET /api/v1/public-api/openapi.json: the OpenAPI description of exactly the routes an API key may
 * call (those with `config.apiKeyScope`), published whatever API_DOCS says: it holds no admin,
 * account or session route. Built from the app's full description (registered in app.ts).
 */
export const publicApiDocsPlugin = fp(async (app) => {
  const publicRoutes = new Map<string, FastifyContextConfig['apiExample']>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.apiKeyScope) return;
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\/$/, '');
    for (const method of [route.method].flat()) publicRoutes.set(`${method.toLowerCase()} ${path}`, route.config.apiExample);
  });
  let cached: OpenApiDocument | null = null;
  const build = (): OpenApiDocument => {
    const full = (app as unknown as { swagger(): OpenApiDocument }).swagger();
    const paths: NonNullable<OpenApiDocument['paths']> = {};
    for (const [path, methods] of Object.entries(full.paths ?? {})) {
      const normalized = path.replace(/\/$/, '');
      for (const [method, operation] of Object.entries(methods)) {
        const key = `${method} ${normalized}`;
        if (!publicRoutes.has(key)) continue;
        const example = publicRoutes.get(key);
        const described = structuredClone(operation) as Operation;
        const requestJson = described.requestBody?.content?.['application/json'];
        if (example?.request !== undefined && requestJson) requestJson.example = example.request;
        const answerJson = example && described.responses?.[String(example.response.status)]?.content?.['application/json'];
        if (example && answerJson) answerJson.example = example.response.body;
        (paths[normalized] ??= {})[method] = described;
      }
    }
    return {
      ...full,
      info: { title: 'Partner Portal public API', version: '1.0.0', description: publicApiDescription },
      paths,
      components: {
        ...full.components,
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A partner API key (ppk_…)' } },
      },
    };
  };
  app.get(`${API_BASE}/public-api/openapi.json`, { schema: { hide: true } }, async () => (cached ??= build()));
});
