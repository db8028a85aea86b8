import { ProblemSchema, type Problem } from '@vereinsheim/contracts/problem';
import type { z } from 'zod';
import { currentUiLocale } from '../i18n/locale.ts';

/**
 * The one HTTP client of the app (spec §7): base URL from the app configuration with /api appended when missing,
 * the bearer token, the userId/userid/oid headers and Accept-Language (the UI language, in which the server renders
 * its texts) on every call, responses parsed with the contract schemas, failures thrown as ApiError carrying the
 * problem+json body.
 */
export interface ApiClientOptions {
  baseUrl: string;
  getAccessToken: () => Promise<string | null>;
  getPersonId: () => string | null;
  /** Sent with every call (the web session's CSRF header, ADR 0009). */
  headers?: Record<string, string>;
  /** Told when a call answers 401: the session has ended. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

export type ApiErrorKind = 'http' | 'network' | 'contract';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly url: string;
  readonly problem: Problem | null;

  constructor(
    kind: ApiErrorKind,
    status: number | undefined,
    url: string,
    problem: Problem | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.url = url;
    this.problem = problem;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** One finished call, as the telemetry module wants to see it. */
export interface ApiCallRecord {
  method: string;
  url: string;
  status: number | undefined;
  durationMs: number;
  error: ApiError | null;
}

// ─── Telemetry integration point ────────────────────────────────────────────────────────────────────────
// The telemetry module (src/shared/telemetry, spec §7) registers itself here with setApiCallObserver(...),
// e.g. `setApiCallObserver((call) => reportApiCall(call))`, at start-up. Every API call, successful or not,
// is passed to the observer once; the client re-raises failures itself.
type ApiCallObserver = (call: ApiCallRecord) => void;
let observer: ApiCallObserver | null = null;
export function setApiCallObserver(next: ApiCallObserver | null): void {
  observer = next;
}
// ────────────────────────────────────────────────────────────────────────────────────────────────────────

let options: ApiClientOptions | null = null;

export function configureApiClient(next: ApiClientOptions): void {
  options = { ...next, baseUrl: normaliseApiBaseUrl(next.baseUrl) };
}

/** Appends /api when missing and drops trailing slashes. */
export function normaliseApiBaseUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/api$/.test(trimmed) ? trimmed : `${trimmed}/api`;
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = new URL(`${baseUrl}/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** Whether the calls carry a bearer token (the native apps) rather than the web session's cookie. */
export async function usesBearerToken(): Promise<boolean> {
  if (!options) throw new Error('The API client is not configured.');
  return Boolean(await options.getAccessToken());
}

/** The absolute URL of an API path (e.g. for a WebSocket: same origin and credentials as the API calls). */
export function apiUrl(path: string): string {
  if (!options) throw new Error('The API client is not configured.');
  return buildUrl(options.baseUrl, path);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** What every call carries: the configured headers, the token, the person id (three spellings), the UI language. */
async function callHeaders(client: ApiClientOptions, accept?: string): Promise<Headers> {
  const headers = new Headers({ ...client.headers, ...(accept ? { accept } : {}) });
  headers.set('accept-language', currentUiLocale().acceptLanguage);
  const token = await client.getAccessToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const personId = client.getPersonId();
  if (personId) {
    headers.set('userId', personId);
    headers.set('userid', personId);
    headers.set('oid', personId);
  }
  return headers;
}

async function readProblem(response: Response): Promise<Problem | null> {
  try {
    const parsed = ProblemSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S | null,
  request: RequestOptions = {},
): Promise<z.infer<S>> {
  if (!options) throw new Error('The API client is not configured.');
  const method = request.method ?? 'GET';
  const url = buildUrl(options.baseUrl, path, request.query);
  const headers = await callHeaders(options, 'application/json');
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(request.body);
  }

  const started = performance.now();
  const finish = (status: number | undefined, error: ApiError | null) => {
    try {
      observer?.({ method, url, status, durationMs: performance.now() - started, error });
    } catch {
      // Telemetry never breaks a call.
    }
  };

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { method, headers, body, signal: request.signal ?? null });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError('network', undefined, url, null, `Network error: ${method} ${url}`, { cause });
    finish(undefined, error);
    throw error;
  }
  if (!response.ok) {
    const problem = await readProblem(response);
    const error = new ApiError(
      'http',
      response.status,
      url,
      problem,
      problem?.detail ?? problem?.title ?? `${method} ${url} answered ${response.status}`,
    );
    finish(response.status, error);
    if (response.status === 401) options.onUnauthorized?.();
    throw error;
  }
  if (!schema || response.status === 204) {
    finish(response.status, null);
    return undefined as z.infer<S>;
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    const error = new ApiError(
      'contract',
      response.status,
      url,
      null,
      `Unexpected response of ${method} ${url}`,
      {
        cause: parsed.error,
      },
    );
    finish(response.status, error);
    throw error;
  }
  finish(response.status, null);
  return parsed.data;
}

export const apiGet = <S extends z.ZodType>(path: string, schema: S, query?: Query, signal?: AbortSignal) =>
  apiRequest(path, schema, { query, signal });

/** GET of a non-JSON resource (an .ics or a document) with the same headers and errors; returns the body as a Blob. */
export async function apiRequestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiRequestFile(path, signal)).blob;
}

/** A file the server sent: its body and the `Content-Disposition` header that names it, if any. */
export interface ApiFile {
  blob: Blob;
  disposition: string | null;
}

/** GET of a file to save: as `apiRequestBlob`, with the header naming the file (./download.ts reads it). */
export async function apiRequestFile(path: string, signal?: AbortSignal): Promise<ApiFile> {
  if (!options) throw new Error('The API client is not configured.');
  const url = buildUrl(options.baseUrl, path);
  const headers = await callHeaders(options);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { headers, signal: signal ?? null });
  } catch (cause) {
    throw new ApiError('network', undefined, url, null, `Network error: GET ${url}`, { cause });
  }
  if (!response.ok) {
    const problem = await readProblem(response);
    if (response.status === 401) options.onUnauthorized?.();
    throw new ApiError(
      'http',
      response.status,
      url,
      problem,
      problem?.detail ?? `GET ${url} answered ${response.status}`,
    );
  }
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}
