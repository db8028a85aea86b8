import type { FastifyReply } from 'fastify';

export interface FieldError {
  field: string;
  message: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
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
  constructor(status: number, detail?: string, options: { errors?: FieldError[]; type?: string } = {}) {
    super(detail ?? TITLES[status] ?? 'Error');
    this.status = status;
    this.detail = detail;
    this.errors = options.errors;
    this.type = options.type ?? 'about:blank';
  }
}

export const notFound = (detail = 'Not found.') => new HttpProblem(404, detail);
export const badRequest = (detail: string, errors?: FieldError[]) => new HttpProblem(400, detail, { errors });
export const conflict = (detail: string) => new HttpProblem(409, detail);
export const forbidden = (detail: string) => new HttpProblem(403, detail);
export const unauthorized = (detail = 'A valid bearer access token is required.') =>
  new HttpProblem(401, detail);

export function problemTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail?: string,
  extra: { errors?: FieldError[]; type?: string } = {},
): FastifyReply {
  const body: Record<string, unknown> = {
    type: extra.type ?? 'about:blank',
    title: problemTitle(status),
    status,
    instance: reply.request.url.split('?')[0],
  };
  if (detail) body.detail = detail;
  if (extra.errors?.length) body.errors = extra.errors;
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return reply
    .code(status)
    .type('application/problem+json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}
