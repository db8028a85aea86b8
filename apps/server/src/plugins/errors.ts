import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpProblem, sendProblem, type FieldError } from '../lib/problem.ts';

function fieldName(instancePath: string, context: string | undefined): string {
  const pathPart = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (pathPart) return pathPart;
  return context ?? 'request';
}

/** Every error leaves as RFC 9457 problem+json; client mistakes are 4xx, never 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpProblem | Error, request, reply) => {
    if (error instanceof HttpProblem) {
      return sendProblem(reply, error.status, error.detail, { errors: error.errors, type: error.type });
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
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'An unexpected error occurred.');
  });
});
