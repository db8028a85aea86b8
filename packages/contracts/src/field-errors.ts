/**
 * One catalogue of field errors for the server and the web app. A schema states a field error as a code
 * (`required`, `postalCode`, `tooLong:200`), not as English prose; the server renders `fieldError.<code>` in
 * the request's language into problem+json `errors[].message` and sends the code in `errors[].code`, and the
 * web app renders the same code from its own locale files, for its own checks and for the server's answers.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'tooLong',
  'tooShort',
  'tooLarge',
  'tooSmall',
  'tooMany',
  'invalidType',
  'invalidOption',
  'invalidFormat',
  'unknownField',
  'postalCode',
  'countryCode',
  'email',
  'phoneNumber',
  'iban',
  'number',
  'positive',
  'integer',
  'date',
  'realDate',
  'pastDate',
  'id',
  'path',
  'badText',
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface FieldErrorText {
  code: FieldErrorCode;
  params: Record<string, number | string>;
}

const CODES = new Set<string>(FIELD_ERROR_CODES);

/** A schema message for a code with one number (`tooLong:200` → "at most 200 characters"). */
export const fieldError = (code: FieldErrorCode, n?: number): string =>
  n === undefined ? code : `${code}:${n}`;

/** Reads a message written with {@link fieldError}; null for any other text. */
export function parseFieldError(message: string | undefined): FieldErrorText | null {
  if (!message) return null;
  const [code, n] = message.split(':', 2);
  if (!code || !CODES.has(code)) return null;
  const value = n === undefined ? undefined : Number(n);
  const params: Record<string, number> = {};
  if (value !== undefined && Number.isFinite(value)) {
    if (code === 'tooLong' || code === 'tooLarge' || code === 'tooMany') params.max = value;
    else params.min = value;
  }
  return { code: code as FieldErrorCode, params };
}

/** The parts of a Zod issue (or a react-hook-form error built from one) that name its kind. */
export interface IssueLike {
  code?: string;
  /** react-hook-form's name for the issue's code. */
  type?: string;
  message?: string;
  input?: unknown;
  origin?: string;
  format?: string;
  maximum?: unknown;
  minimum?: unknown;
}

/** The catalogue entry for a Zod issue: the schema's own code if it states one, otherwise by the issue's kind. */
export function fieldErrorOf(issue: IssueLike): FieldErrorText {
  const stated = parseFieldError(issue.message);
  if (stated) return stated;
  const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : undefined);
  const max = num(issue.maximum);
  const min = num(issue.minimum);
  switch (issue.code ?? issue.type ?? '') {
    case 'invalid_type':
      return {
        code: issue.input === undefined || issue.input === null ? 'required' : 'invalidType',
        params: {},
      };
    case 'too_big':
      if (issue.origin === 'array' || issue.origin === 'set')
        return { code: 'tooMany', params: max ? { max } : {} };
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int')
        return { code: 'tooLarge', params: max !== undefined ? { max } : {} };
      return { code: 'tooLong', params: max !== undefined ? { max } : {} };
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int')
        return { code: 'tooSmall', params: min !== undefined ? { min } : {} };
      if (issue.origin === 'string' && min === 1) return { code: 'required', params: {} };
      return { code: 'tooShort', params: min !== undefined ? { min } : {} };
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_union':
      return { code: 'invalidOption', params: {} };
    case 'invalid_format':
    case 'invalid_string':
      if (issue.format === 'email') return { code: 'email', params: {} };
      if (issue.format === 'uuid' || issue.format === 'guid') return { code: 'id', params: {} };
      return { code: 'invalidFormat', params: {} };
    case 'unrecognized_keys':
      return { code: 'unknownField', params: {} };
    case 'required':
      return { code: 'required', params: {} };
    default:
      return { code: 'invalid', params: {} };
  }
}
