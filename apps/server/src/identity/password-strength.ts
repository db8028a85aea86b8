/**
 * The strength estimate (zxcvbn-ts with German and English lists). Runs only in the password-check worker thread
 * (password-strength.worker.ts, ADR 0036): its lists are 17 MB of heap, and one estimate takes 3–20 ms for a
 * phrase of words but 50–1,400 ms for a long run of digits, a keyboard sequence or a repeated word (measured,
 * 20–200 characters) — time the event loop would not answer anyone else.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MIN_SCORE, type PasswordCheck } from './password-policy.ts';

/**
 * The estimator with the lists of common passwords (from password leaks), diceware words, and German and
 * English words and names. Wikipedia word lists are left out: they triple the time per check (about 17 ms
 * instead of 3 ms) for little gain at length ≥ 10. Built on first use (~0.3 s).
 */
let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      commonWords: de.dictionary.commonWords,
      firstnames: de.dictionary.firstnames,
      lastnames: de.dictionary.lastnames,
      'commonWords-en': en.dictionary['commonWords-en'],
      'firstnames-en': en.dictionary['firstnames-en'],
      'lastnames-en': en.dictionary['lastnames-en'],
    },
    graphs: common.adjacencyGraphs,
  });
  return factory;
}

/** The estimate of a password of allowed length, with the person's own data as words to avoid. */
export function estimatePassword(password: string, userInputs: string[]): PasswordCheck {
  const inputs = userInputs
    .flatMap((value) => [value, ...value.split(/[@.\s_-]+/)])
    .filter((v) => v.length >= 3);
  const result = estimator().check(password, [...inputs, 'vereinsheim', 'verein']);
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true };
  // The warning is a key; the main thread says it in the reader's language (identity.password.warning).
  return {
    ok: false,
    reason: 'weak',
    ...(result.feedback.warning ? { warning: result.feedback.warning } : {}),
  };
}
