import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Generated serializers by response schema. The schemas are module constants, so every app the process
 * builds (each API test file builds several) reuses one function per schema instead of generating it
 * again; a generated serializer holds no state. Zod's fallback is not kept: its errors name the route.
 */
const compiledBySchema = new WeakMap<object, (data: unknown) => string>();

/**
 * Response serializers compiled once per route: each zod response schema becomes a JSON Schema
 * (`z.toJSONSchema`, the JSON side of the schema as `z.encode` writes it) and fast-json-stringify
 * generates a function that writes exactly its properties, in the schema's order, as zod's
 * encode-then-JSON.stringify did. That costs a fraction of walking the schema with zod on every
 * answer. A schema JSON Schema cannot express (a transform, a custom type) keeps zod's serializer.
 *
 * What zod checked and this does not: refinements, lengths and formats of the data the route
 * itself built (a route answering data outside its own schema is a bug either way; zod answered
 * it with a 500). Unknown keys are left out, so nothing the schema does not list can leak.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const key = typeof routeSchema.schema === 'object' && routeSchema.schema !== null ? routeSchema.schema : null;
  const known = key && compiledBySchema.get(key);
  if (known) return known;
  // Generated on the route's first answer, not at start-up: most of the ~530 response schemas are
  // admin or rarely used routes, and an idle server need not hold their generated code.
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => (serialize ??= compileSerializer(routeSchema, key))(data);
};

function compileSerializer(
  routeSchema: Parameters<FastifySerializerCompiler<unknown>>[0],
  key: object | null,
): (data: unknown) => string {
  const known = key && compiledBySchema.get(key);
  if (known) return known;
  const jsonSchema = toSerializerSchema(routeSchema.schema);
  if (jsonSchema) {
    try {
      const serialize = fastJsonStringify(jsonSchema);
      if (key) compiledBySchema.set(key, serialize);
      return serialize;
    } catch {
      // Not a schema fast-json-stringify can build: zod serializes this route.
    }
  }
  return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
}

/** The JSON Schema fast-json-stringify serializes with, or null for a schema it cannot express. */
export function toSerializerSchema(maybeSchema: unknown): Schema | null {
  const schema = resolveZodSchema(maybeSchema);
  if (!schema) return null;
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'input', target: 'draft-07', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
  } catch {
    return null;
  }
  delete json.$schema;
  return stripKeywords(json) as Schema;
}

function resolveZodSchema(maybeSchema: unknown): z.ZodType | null {
  if (maybeSchema instanceof z.ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/**
 * Drops `format` (it drives fast-json-stringify's Date handling and its validator's choice between
 * union branches; the data here are plain strings, so it adds nothing but unknown-format errors)
 * and `default` (zod's encode writes only what the route gave; it never fills a default in).
 */
function stripKeywords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripKeywords);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'default' || key === 'format') continue;
    if (key === 'const' || key === 'enum' || key === 'examples') out[key] = value;
    else if (schemaMaps.has(key) && value && typeof value === 'object') {
      // Keys here are property (or definition) names, each holding a schema.
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, schema]) => [name, stripKeywords(schema)]),
      );
    } else out[key] = stripKeywords(value);
  }
  return out;
}

const schemaMaps = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
