import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/errors.ts';
import { hasText, languageOf, render } from '../lib/i18n.ts';
import { HttpProblem, sendProblem, type FieldError } from '../lib/problem.ts';

function fieldName(instancePath: string, context: string | undefined): string {
  const pathPart = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (pathPart) return pathPart;
  return context ?? 'request';
}

/**
 * Fastify's `frameworkErrors`: a request whose path cannot be routed at all (bad percent-encoding, an over-long
 * segment) is answered before any plugin runs; it leaves as problem+json naming the path too.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendProblem(reply, 414, 'A path segment is too long.', {
      errors: [{ field: 'path', message: 'a path segment is too long' }],
    });
    return;
  }
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  sendProblem(reply, status, 'The request path is not a valid URL.', {
    errors: [{ field: 'path', message: 'not a valid URL path (percent-encoding)' }],
  });
}

/** Every error leaves as RFC 9457 problem+json; client mistakes are 4xx, never 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpProblem | Error, request, reply) => {
    if (error instanceof HttpProblem) {
      // A coded problem's detail is its text in the request's language (src/locales).
      const key = `problem.${error.code}`;
      const detail =
        error.code && hasText(key)
          ? render(languageOf(request), { key, params: error.params })
          : error.detail;
      return sendProblem(reply, error.status, detail, {
        errors: error.errors,
        type: error.type,
        code: error.code,
        challenge: error.challenge,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const errors: FieldError[] = error.validation.map((v) => ({
        field: fieldName(v.instancePath, context),
        message: v.message ?? 'invalid',
      }));
      const first = errors[0];
      const detail = first ? `Invalid ${first.field}: ${first.message}` : 'The request is invalid.';
      return sendProblem(reply, 400, detail, { errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendProblem(reply, 500, 'The server could not produce a valid response.');
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, too large, unsupported media type, etc.
      return sendProblem(reply, status, error.message);
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or a dropped connection: the pool reconnects on a later request.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, 503, 'The database is not available right now; try again shortly.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'An unexpected error occurred.');
  });
});
