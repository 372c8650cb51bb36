// The OpenAPI description (API_DOCS=on) as a standard linter and a client read it: Redocly's
// `recommended` rules find no error, and what each operation says about authentication is what
// the route does to a caller without a token.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { type?: string; format?: string } }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Description {
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
}

let docs: TestContext;
let source: string;
let description: Description;

beforeAll(async () => {
  docs = await createTestContext({ API_DOCS: 'on', PUBLIC_URL: 'https://partners.example.com' });
  const res = await docs.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  description = res.json();
});
afterAll(() => docs.close());

const operations = () =>
  Object.entries(description.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** A path with each parameter filled by a value of its type, so the request reaches the route's guard. */
function concretePath(path: string, operation: Operation): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    if (schema?.type === 'integer' || schema?.type === 'number') return '999999';
    return '00000000-0000-4000-8000-000000000000';
  });
}

describe('OpenAPI description', () => {
  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('names the server at PUBLIC_URL and gives every operation a unique operationId', () => {
    expect(description.servers).toEqual([{ url: 'https://partners.example.com' }]);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents as authenticated exactly the operations that refuse a caller without a token', async () => {
    const wrong: string[] = [];
    for (const { path, method, operation } of operations()) {
      const security = operation.security ?? description.security ?? [];
      const needsToken = security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
      const res = await docs.app.inject({
        method: method.toUpperCase() as 'GET',
        url: concretePath(path, operation),
        ...(operation.requestBody ? { payload: {} } : {}),
      });
      const refused = res.statusCode === 401;
      if (needsToken !== refused)
        wrong.push(
          `${method.toUpperCase()} ${path}: documented ${needsToken ? 'authenticated' : 'anonymous'}, answered ${res.statusCode}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it('types file downloads as their files, not JSON', () => {
    const mediaTypes = (path: string) => Object.keys(description.paths[path]!.get!.responses['200']?.content ?? {});
    expect(mediaTypes('/api/v1/leads/mine/export.csv')).toEqual(['text/csv']);
    expect(mediaTypes('/api/v1/admin/leads/export.csv')).toEqual(['text/csv']);
    expect(mediaTypes('/api/v1/admin/users/export.csv')).toEqual(['text/csv']);
    expect(mediaTypes('/api/v1/admin/commissions/totals.csv')).toEqual(['text/csv']);
    expect(mediaTypes('/api/v1/commissions/statements/{ref}')).toEqual(['application/json', 'text/csv', 'application/pdf']);
    expect(mediaTypes('/api/v1/admin/statements/{ref}')).toEqual(['application/json', 'text/csv', 'application/pdf']);
    // Their error answers stay JSON envelopes.
    expect(Object.keys(description.paths['/api/v1/admin/users/export.csv']!.get!.responses['400']!.content!)).toEqual([
      'application/json',
    ]);
  });
});
