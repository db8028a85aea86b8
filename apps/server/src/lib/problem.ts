import type { FastifyReply } from 'fastify';
import { languageOf, render } from './i18n.ts';

export interface FieldError {
  field: string;
  message: string;
  /** Stable key of the message (e.g. `orderby.invalid`), for clients that show their own texts. */
  code?: string;
}

/** Parameters of a problem's message key. */
export type ProblemParams = Record<string, string | number>;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error a service throws to answer with problem+json; anything else becomes a 500. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly type: string;
  /** Stable key of the problem (e.g. `event.notFound`); its detail is rendered in the reader's language. */
  readonly code: string | undefined;
  readonly params: ProblemParams | undefined;
  /** RFC 6750 §3: the WWW-Authenticate challenge of a 401 (default `Bearer`). */
  readonly challenge: string | undefined;
  constructor(
    status: number,
    detail?: string,
    options: {
      errors?: FieldError[];
      type?: string;
      code?: string;
      params?: ProblemParams;
      challenge?: string;
    } = {},
  ) {
    super(detail ?? options.code ?? TITLES[status] ?? 'Error');
    this.status = status;
    this.detail = detail;
    this.errors = options.errors;
    this.type = options.type ?? 'about:blank';
    this.code = options.code;
    this.params = options.params;
    this.challenge = options.challenge;
  }
}

/**
 * A problem named by its stable code (`event.full`); the error handler renders its detail from the
 * locale files (`problem.<code>`) in the request's language. Field errors get the same code.
 */
export function problem(
  status: number,
  code: string,
  options: { params?: ProblemParams; errors?: FieldError[] } = {},
): HttpProblem {
  return new HttpProblem(status, undefined, {
    code,
    params: options.params,
    errors: options.errors?.map((e) => ({ code, ...e })),
  });
}

export const notFound = (detail = 'Not found.') => new HttpProblem(404, detail);
export const badRequest = (detail: string, errors?: FieldError[]) => new HttpProblem(400, detail, { errors });
export const conflict = (detail: string) => new HttpProblem(409, detail);
export const forbidden = (detail: string) => new HttpProblem(403, detail);
export const unauthorized = (code = 'auth.tokenRequired') => new HttpProblem(401, undefined, { code });
/**
 * RFC 6750 §3.1: a token was sent but cannot be used (malformed, expired, revoked, unknown subject). The
 * challenge's error_description is the English text (RFC 6750 allows ASCII only); the detail follows the reader.
 */
export const invalidToken = (code: string) =>
  new HttpProblem(401, undefined, {
    code,
    challenge: `Bearer error="invalid_token", error_description="${render('en', { key: `problem.${code}` }).replace(/["\\]/g, '')}"`,
  });

/**
 * Sends the problem `problem.<code>` in the request's language where nothing is thrown (not-found handlers, hooks,
 * routes that answer a problem directly); the body names the code, as a thrown `problem()` does.
 */
export function sendCodedProblem(
  reply: FastifyReply,
  status: number,
  code: string,
  options: { params?: ProblemParams; errors?: FieldError[] } = {},
): FastifyReply {
  const detail = render(languageOf(reply.request), { key: `problem.${code}`, params: options.params });
  return sendProblem(reply, status, detail, { code, errors: options.errors });
}

export function problemTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail?: string,
  extra: { errors?: FieldError[]; type?: string; code?: string; challenge?: string } = {},
): FastifyReply {
  const body: Record<string, unknown> = {
    type: extra.type ?? 'about:blank',
    title: problemTitle(status),
    status,
    instance: reply.request.url.split('?')[0],
  };
  if (extra.code) body.code = extra.code;
  if (detail) body.detail = detail;
  if (extra.errors?.length) body.errors = extra.errors;
  if (status === 401) reply.header('www-authenticate', extra.challenge ?? 'Bearer');
  return reply
    .code(status)
    .type('application/problem+json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}
