import fp from 'fastify-plugin';
import { messages } from '@portal/contract';
import { badRequest } from '../lib/errors';

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL anywhere in the input would fail the query with a
 * 500. Every body, query string and path parameter is checked once here, before validation, and
 * refused with a 400 naming each field (its path, as the validation errors name fields).
 */
export const rejectNulPlugin = fp(async (app) => {
  // A callback hook: an async one costs a promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const errors: Record<string, string> = {};
    collectNul(request.params, '', errors, 0);
    collectNul(request.query, '', errors, 0);
    collectNul(request.body, '', errors, 0);
    const fields = Object.keys(errors);
    done(fields.length ? badRequest(errors[fields[0]!]!, errors) : undefined);
  });
});

const MAX_DEPTH = 32;

function collectNul(value: unknown, path: string, errors: Record<string, string>, depth: number): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) errors[path || '_'] = messages.http.invalidCharacter;
    return;
  }
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) errors[itemPath] = messages.http.invalidCharacter;
    else collectNul(item, itemPath, errors, depth + 1);
  }
}
