/**
 * What a database error means for the request, and how it may be logged.
 *
 * Errors reach us wrapped: Drizzle's `DrizzleQueryError` (message and `params` carry every query value) around
 * node-postgres' `DatabaseError` (`detail` repeats row values, e.g. "Key (email)=(…) already exists") or a
 * PGlite error (with `query`, `params` and `queryOptions` attached). Personal data must never reach the log, so
 * errors are logged through an allow-list: the statement, the SQLSTATE and the names of the table, column and
 * constraint — never parameters, `detail`, `where` or a value quoted in the message.
 */

/** What a 503 asks the client to wait before trying again (the pool reconnects on the next request). */
export const RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs that mean "the database cannot serve right now" (the request itself may be fine). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server stops or a backend was terminated (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
]);

/** Socket-level failures while connecting to or talking with the database. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool raise these without a code when a connection ends or cannot be had. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool/,
];

type ErrorLike = Error & {
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
};

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && 'message' in value;
}

/** The error and everything it wraps (`cause` chains, AggregateError members), depth-limited. */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!isErrorLike(error) || depth > 8) return;
  yield error;
  if (error.cause !== undefined) yield* chain(error.cause, depth + 1);
  if (Array.isArray(error.errors)) for (const inner of error.errors) yield* chain(inner, depth + 1);
}

/** True when the error says the database is unreachable or went away: answer 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message))) return true;
  }
  return false;
}

/** A database error raised by PostgreSQL or PGlite: a five-character SQLSTATE and a severity. */
function isServerError(e: ErrorLike): boolean {
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
}

/** Drizzle's wrapper: the statement (placeholders only) plus the values in `params` and in its message. */
function isQueryWrapper(e: ErrorLike): e is ErrorLike & { query: string } {
  return 'query' in e && typeof (e as { query: unknown }).query === 'string' && 'params' in e;
}

/**
 * PostgreSQL quotes the offending input at the end of some messages ("invalid input syntax for type uuid:
 * \"…\"", "invalid input value for enum …: \"…\""); identifiers are quoted elsewhere and stay.
 */
function safeServerMessage(message: string): string {
  return message.replace(/: ".*"$/s, ': [value removed]');
}

function stackFrames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statement?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  schema?: string;
  dataType?: string;
  routine?: string;
  statusCode?: number;
  cause?: SerializedError;
};

const SERVER_FIELDS = ['severity', 'table', 'column', 'constraint', 'schema', 'dataType', 'routine'] as const;

/**
 * pino `err` serializer. Database errors keep the statement, SQLSTATE and object names only; other errors keep
 * type, message, code and stack. Causes are followed; query values, `detail` and `where` are dropped everywhere.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!isErrorLike(error)) return { type: typeof error, message: String(error), stack: '' };
  const type = error.name || error.constructor?.name || 'Error';
  const out: SerializedError = { type, message: String(error.message), stack: '' };
  if (typeof error.code === 'string' || typeof error.code === 'number') out.code = String(error.code);
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') out.statusCode = statusCode;

  if (isServerError(error)) {
    out.message = safeServerMessage(out.message);
    // PGlite attaches the statement (and its values, dropped here) to its errors.
    if ('query' in error && typeof error.query === 'string') out.statement = error.query;
    for (const field of SERVER_FIELDS) {
      const value = (error as unknown as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) out[field] = value;
    }
  } else if (isQueryWrapper(error)) {
    // "Failed query: <sql>\nparams: <values>": keep the statement, never the values.
    out.message = 'Failed query';
    out.statement = error.query;
  }
  const frames = stackFrames(error.stack);
  out.stack = frames ? `${type}: ${out.message}\n${frames}` : '';
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
