import { Piscina } from 'piscina';
import { hasText, render, type Language, type TextParams } from '../lib/i18n.ts';
import { isPoolBusy } from '../lib/worker-pool.ts';
import { HASH_QUEUE_LIMIT, PasswordHashingBusyError } from './passwords.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn's score 3: "safely unguessable", resists an online attack and slows an offline one on a slow hash. */
export const PASSWORD_MIN_SCORE = 3;

/** A refused password: too short, too long, or too easy to guess (with zxcvbn's warning key, if it gave one). */
export type PasswordCheck =
  { ok: true } | { ok: false; reason: 'tooShort' | 'tooLong' | 'weak'; warning?: string };

/** Why a password was refused, in the reader's language: the reason, zxcvbn's warning, and advice for a weak one. */
export function passwordMessage(lng: Language, check: Exclude<PasswordCheck, { ok: true }>): string {
  const t = (key: string, params?: TextParams) => render(lng, { key: `identity.password.${key}`, params });
  if (check.reason === 'tooShort') return t('tooShort', { min: PASSWORD_MIN_LENGTH });
  if (check.reason === 'tooLong') return t('tooLong', { max: PASSWORD_MAX_LENGTH });
  const warning = check.warning ? `warning.${check.warning}` : undefined;
  const said = warning && hasText(`identity.password.${warning}`) ? t(warning) : undefined;
  return [t('weak'), said, t('advice')].filter(Boolean).join(' ');
}

/**
 * The strength estimate runs in one worker thread (password-strength.ts, ADR 0036), never on the event loop: it
 * takes up to a second and a half for a long run of digits or a keyboard sequence, and its word lists are 17 MB.
 * The thread starts with the first check and stays 15 minutes after the last (building the estimator takes
 * ~0.3 s). At most HASH_QUEUE_LIMIT checks wait, as for hashing; beyond that PasswordHashingBusyError (→ 503).
 */
let pool: Piscina<{ password: string; userInputs: string[] }, PasswordCheck> | undefined;

/** Length first, then the estimate (with the person's own data as words to avoid). */
export async function checkPassword(password: string, userInputs: string[] = []): Promise<PasswordCheck> {
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, reason: 'tooShort' };
  if (password.length > PASSWORD_MAX_LENGTH) return { ok: false, reason: 'tooLong' };
  pool ??= new Piscina({
    filename: new URL('./password-strength.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 15 * 60_000,
    maxQueue: HASH_QUEUE_LIMIT,
  });
  try {
    return await pool.run({ password, userInputs });
  } catch (error) {
    if (isPoolBusy(error)) throw new PasswordHashingBusyError();
    throw error;
  }
}

/** Estimates done by the worker thread so far (for tests). */
export function passwordChecksCompleted(): number {
  return pool?.completed ?? 0;
}
