import fp from 'fastify-plugin';
import type { FastifyContextConfig } from 'fastify';
import { API_BASE } from '@portal/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Examples for the public API's description: a request body, and the body of one answer. */
    apiExample?: {
      request?: unknown;
      /** A multipart upload's fields (its route reads the parts itself, so it has no body schema). */
      multipart?: { schema: object; example: unknown };
      response: { status: number; body: unknown };
    };
  }
}

type Operation = {
  description?: string;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: object; example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

const publicApiDescription = [
  "The public Partner Portal API: partner software submits referrals and reads their status; an admin's",
  'software reads referrals and commissions, moves referrals and imports residual reports.',
  '',
  'Authenticate with `Authorization: Bearer <key>`. Under `/partner/referrals` the key is a partner API key',
  '(`ppk_…`, created under Settings → API keys, with the permissions `referrals:write` and `referrals:read`);',
  'under `/admin` it is an admin API key (created under Admin → Settings → API keys) with the permission each',
  'route names: `referrals:read`, `referrals:write`, `commissions:read` or `residuals:import`. A key without it',
  'answers `403`. An API key works on these routes only. Requests per key are limited; a `429` says when to try',
  'again in `Retry-After`.',
].join('\n');

/**
 * GET /api/v1/public-api/openapi.json: the OpenAPI description of exactly the routes an API key may
 * call (those with `config.apiKeyScope`: the partner referrals API and the few admin routes of the
 * admin API), published whatever API_DOCS says: it holds no account, session or settings route. Built from the app's full description (registered in app.ts).
 */
export const publicApiDocsPlugin = fp(async (app) => {
  const publicRoutes = new Map<string, Pick<FastifyContextConfig, 'apiExample' | 'apiKeyScope'>>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.apiKeyScope) return;
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\/$/, '');
    for (const method of [route.method].flat()) publicRoutes.set(`${method.toLowerCase()} ${path}`, route.config);
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
        const { apiExample: example, apiKeyScope: scope } = publicRoutes.get(key)!;
        const described = structuredClone(operation) as Operation;
        described.description = [described.description, `API key permission: \`${scope}\`.`].filter(Boolean).join('\n\n');
        const requestJson = described.requestBody?.content?.['application/json'];
        if (example?.request !== undefined && requestJson) requestJson.example = example.request;
        if (example?.multipart) {
          described.requestBody = {
            required: true,
            content: { 'multipart/form-data': { schema: example.multipart.schema, example: example.multipart.example } },
          };
        }
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
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (ppk_…): a partner key under /partner, an admin key with the route’s permission under /admin',
          },
        },
      },
    };
  };
  app.get(`${API_BASE}/public-api/openapi.json`, { schema: { hide: true } }, async () => (cached ??= build()));
});
