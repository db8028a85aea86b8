import { fieldErrorOf } from '@vereinsheim/contracts/field-errors';
import type { Problem } from '@vereinsheim/contracts/problem';
import type { TFunction } from 'i18next';
import type { FieldValues, UseFormSetError } from 'react-hook-form';

/** What a field error carries (react-hook-form's FieldError or a nested one). */
export interface FieldErrorLike {
  type?: unknown;
  message?: unknown;
}
import { useTranslation } from 'react-i18next';

/** react-hook-form's type for an error the server named: its message is already in the UI language. */
export const SERVER_ERROR = 'server';

/**
 * A field error's text in the UI language, from the one catalogue (`common:fieldError.<code>`,
 * packages/contracts/src/field-errors.ts): the schema's own code (`tooLong:200`) or the Zod issue's kind.
 * The server renders the same catalogue in the request's language, so its messages are shown as they come.
 */
export function fieldErrorText(t: TFunction, error: FieldErrorLike | undefined): string | null {
  if (!error) return null;
  const message = typeof error.message === 'string' ? error.message : undefined;
  const type = typeof error.type === 'string' ? error.type : undefined;
  if (type === SERVER_ERROR) return message ?? t('common:fieldError.invalid');
  const { code, params } = fieldErrorOf({ type, message });
  return t(`common:fieldError.${code}`, params);
}

/** Puts the field errors of a problem+json answer next to their fields; true if any field was named. */
export function applyServerFieldErrors<T extends FieldValues>(
  problem: Problem | null | undefined,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  let named = false;
  for (const e of problem?.errors ?? []) {
    const field = e.field.split('.')[0] ?? e.field;
    if (!fields.includes(field)) continue;
    setError(field as never, { type: SERVER_ERROR, message: e.message });
    named = true;
  }
  return named;
}

/**
 * The visible error line under a field (outside the Ionic item, so it is never clipped), announced to screen
 * readers and referenced by the input's aria-describedby.
 */
export function FieldErrorLine({ id, error }: { id: string; error: FieldErrorLike | undefined }) {
  const { t } = useTranslation();
  const text = fieldErrorText(t, error);
  if (!text) return null;
  return (
    <p id={id} className="vh-field-error" role="alert">
      {text}
    </p>
  );
}
