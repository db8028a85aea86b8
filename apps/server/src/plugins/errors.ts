import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/errors.ts';
import { fieldErrorOf, parseFieldError } from '@vereinsheim/contracts/field-errors';
import { hasText, languageOf, render, renderFirst, type Language } from '../lib/i18n.ts';
import {
  HttpProblem,
  sendCodedProblem,
  sendProblem,
  type FieldError,
  type ProblemParams,
} from '../lib/problem.ts';

function fieldName(instancePath: string, context: string | undefined): string {
  const pathPart = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (pathPart) return pathPart;
  return context ?? 'request';
}

/** A field's label in the reader's language (the last path segment, as the activity log names fields). */
function fieldLabel(lng: Language, field: string): string {
  const last = field.split('.').at(-1) ?? field;
  return renderFirst(lng, [`log.field.${last}`], field);
}

/**
 * Field errors from the catalogue (`fieldError.<code>`, packages/contracts/src/field-errors.ts) get their message
 * in the reader's language; any other field error keeps the message it was thrown with.
 */
function localizeFieldErrors(
  lng: Language,
  errors: FieldError[] | undefined,
  params: ProblemParams | undefined,
): FieldError[] | undefined {
  return errors?.map((e) => {
    const known = parseFieldError(e.code);
    if (known)
      return {
        ...e,
        code: known.code,
        message: render(lng, { key: `fieldError.${known.code}`, params: known.params }),
      };
    // A field error carrying its problem's code (`bic.invalid`) reads as that problem's text.
    if (e.code && hasText(`problem.${e.code}`))
      return { ...e, message: render(lng, { key: `problem.${e.code}`, params }) };
    return e;
  });
}

/** The problem's detail for invalid fields: the first field's label and message. */
function invalidFieldDetail(lng: Language, errors: FieldError[]): string {
  const first = errors[0]!;
  return render(lng, {
    key: 'problem.invalidField',
    params: { field: fieldLabel(lng, first.field), message: first.message },
  });
}

/**
 * Fastify's `frameworkErrors`: a request whose path cannot be routed at all (bad percent-encoding, an over-long
 * segment) is answered before any plugin runs; it leaves as problem+json naming the path too.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const lng = languageOf(request);
  const errors = [{ field: 'path', code: 'path', message: render(lng, { key: 'fieldError.path' }) }];
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendCodedProblem(reply, 414, 'request.pathTooLong', { errors });
    return;
  }
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  sendCodedProblem(reply, status, 'request.pathInvalid', { errors });
}

/** Fastify's own client errors (reading the body), by their code; any other reads as "could not be read". */
const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.mediaType',
};

function clientErrorCode(error: FastifyError | Error): string {
  const code = (error as FastifyError).code;
  if (code && CLIENT_ERRORS[code]) return CLIENT_ERRORS[code];
  // The JSON parser's own SyntaxError (Fastify passes it on with status 400).
  return error instanceof SyntaxError ? 'request.invalidJson' : 'request.unreadable';
}

/** Every error leaves as RFC 9457 problem+json; client mistakes are 4xx, never 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpProblem | Error, request, reply) => {
    if (error instanceof HttpProblem) {
      // A coded problem's detail is its text in the request's language (src/locales).
      const lng = languageOf(request);
      const key = `problem.${error.code}`;
      const errors = localizeFieldErrors(lng, error.errors, error.params);
      const detail =
        error.code && hasText(key)
          ? render(lng, { key, params: error.params })
          : !error.code && errors?.length && errors.every((e) => parseFieldError(e.code))
            ? invalidFieldDetail(lng, errors)
            : error.detail;
      // A 503 is temporary by definition (the database, a full document queue): say when to try again.
      if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, error.status, detail, {
        errors,
        type: error.type,
        code: error.code,
        challenge: error.challenge,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const lng = languageOf(request);
      const errors: FieldError[] = error.validation.map((v) => {
        const { code, params } = fieldErrorOf({
          ...(v.params as object),
          code: v.keyword,
          message: v.message,
        });
        return {
          field: fieldName(v.instancePath, context),
          code,
          message: render(lng, { key: `fieldError.${code}`, params }),
        };
      });
      if (!errors.length) return sendCodedProblem(reply, 400, 'request.invalid');
      return sendProblem(reply, 400, invalidFieldDetail(lng, errors), { errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendCodedProblem(reply, 500, 'server.invalidResponse');
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, too large, unsupported media type, etc.
      return sendCodedProblem(reply, status, clientErrorCode(error));
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or a dropped connection: the pool reconnects on a later request.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendCodedProblem(reply, 503, 'database.unavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendCodedProblem(reply, 500, 'server.error');
  });
});
