import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@portal/contract';
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable } from '../lib/database-errors';
import { AppError } from '../lib/errors';

/** One error path: typed errors and validation become the envelope; 5xx details never leave. */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ status: 'error', message: error.message, errors: error.errors, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? messages.http.validation;
      return reply.status(400).send({ status: 'error', message: first, errors });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, bad content type): safe to name.
      return reply.status(status).send({ status: 'error', message: error instanceof Error ? error.message : 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      // The pool reconnects by itself; the client is told when to come back instead of seeing a 500.
      // Not the error itself: a failed query's message carries its parameters (a lead, an email).
      request.log.warn({ cause: describeDatabaseError(error) }, 'database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return reply.status(503).send({ status: 'error', message: messages.http.unavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 'error', message: messages.http.internal });
  });
});
