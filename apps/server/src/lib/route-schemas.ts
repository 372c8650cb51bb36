import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@portal/contract';

/** Response schemas for the error statuses a route can answer: every one is the error envelope. */
export const errorResponses = <const C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, errorEnvelope])) as Record<C, typeof errorEnvelope>;

const fileBodies = {
  'text/csv': z.string().meta({ description: 'UTF-8 CSV with a byte-order mark and a header row' }),
  'application/pdf': z.string().meta({ format: 'binary' }),
  'text/plain': z.string().meta({ description: 'ASCII text, such as a NACHA file of 94-character records' }),
} as const;

/**
 * The 200 response of a download, documented under its media type (not as JSON); with a JSON schema
 * when the same route also answers JSON. Error answers stay JSON envelopes (errorResponses).
 */
export function fileResponse(description: string, types: (keyof typeof fileBodies)[], json?: z.ZodType) {
  return {
    description,
    content: {
      ...(json ? { 'application/json': { schema: json } } : {}),
      ...Object.fromEntries(types.map((type) => [type, { schema: fileBodies[type] }])),
    },
  };
}

/** `getAdminUsersByIdCommissionPlan` for GET /api/v1/admin/users/:id/commission-plan. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1/, '')
    .split(/[/.\-_]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part.slice(1)}` : part));
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/**
 * How a route becomes an OpenAPI operation: its zod schemas as JSON Schema (fastify-type-provider-zod)
 * and an operationId made from its method and path, unless the route names one.
 */
export const describeRoute: typeof jsonSchemaTransform = (input) => {
  const described = jsonSchemaTransform(input);
  const schema = described.schema as Record<string, unknown> | undefined;
  if (schema && !schema.hide && !schema.operationId) {
    const method = [input.route.method].flat()[0] ?? 'get';
    schema.operationId = operationIdOf(method, input.url);
  }
  return described;
};
