import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { meResponse } from '@portal/contract';
import { compiledSerializerCompiler, toSerializerSchema } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const both = (schema: z.ZodType) => ({
  // Compiled, not zod's serializer as a fallback: the schema converts to JSON Schema.
  jsonSchema: toSerializerSchema(schema),
  compiled: compiledSerializerCompiler(route(schema)),
  zod: zodSerializerCompiler(route(schema)),
});

describe('compiled response serializer', () => {
  it('writes the same bytes as zod for every shape the contract uses, and drops keys the schema does not list', () => {
    const schema = z.object({
      status: z.literal('success'),
      data: z.object({
        id: z.number().int(),
        name: z.string(),
        email: z.email(),
        note: z.string().nullable(),
        tag: z.string().optional(),
        kind: z.enum(['a', 'b']),
        amounts: z.array(z.number()),
        byMonth: z.record(z.string(), z.number()),
        item: z.discriminatedUnion('type', [
          z.object({ type: z.literal('x'), x: z.number() }),
          z.object({ type: z.literal('y'), y: z.string() }),
        ]),
        nested: z.array(z.object({ a: z.boolean(), b: z.string().nullable() })),
      }),
    });
    const { compiled, zod, jsonSchema } = both(schema);
    expect(jsonSchema).not.toBeNull();
    const data = {
      extra: 'not listed',
      status: 'success',
      data: {
        password_hash: 'secret',
        id: 7,
        name: 'Dana "D" \u2028 Müller\n</script>',
        email: 'dana@example.com',
        note: null,
        kind: 'b',
        amounts: [0, -1.5, 1e21, 123456789.125],
        byMonth: { '2026-01': 3, '2026-02': 0 },
        item: { type: 'y', y: 'why', x: 1 },
        nested: [
          { a: true, b: null, c: 1 },
          { a: false, b: 'b' },
        ],
      },
    };
    const out = compiled(data);
    expect(out).toBe(zod(data));
    expect(out).not.toContain('secret');
    expect(out).not.toContain('not listed');
  });

  it('answers GET /users/me byte for byte as zod did, without the password hash', () => {
    const { compiled, zod, jsonSchema } = both(meResponse);
    expect(jsonSchema).not.toBeNull();
    const user = {
      id: 1,
      uuid: '0b6e2f4c-3d1a-4e5b-9c7d-8e9f0a1b2c3d',
      full_name: 'Dana Partner',
      email: 'dana@demo.test',
      role: 'user',
      status: 'active',
      compensation_link: null,
      facebook_pixel_id: '',
      created_at: '2026-11-22T10:00:00.000Z',
      password_hash: 'never sent',
    };
    const data = { status: 'success', data: { user } };
    const out = compiled(data);
    expect(out).toBe(zod(data));
    expect(out).not.toContain('never sent');
  });
});
