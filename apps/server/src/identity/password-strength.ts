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
import { PASSWORD_MIN_SCORE, PASSWORD_TEXT, type PasswordCheck } from './password-policy.ts';

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

/** German (du) explanations of zxcvbn's warning keys; the pack's own German texts use "Sie". */
const WARNINGS: Record<string, string> = {
  straightRow: 'Tastaturmuster wie „qwertz“ sind leicht zu erraten.',
  keyPattern: 'Tastaturmuster wie „qwertz“ sind leicht zu erraten.',
  simpleRepeat: 'Wiederholungen wie „aaa“ sind leicht zu erraten.',
  extendedRepeat: 'Wiederholungen wie „abcabc“ sind leicht zu erraten.',
  sequences: 'Folgen wie „abc“ oder „1234“ sind leicht zu erraten.',
  recentYears: 'Jahreszahlen sind leicht zu erraten.',
  dates: 'Ein Datum ist leicht zu erraten.',
  topTen: 'Dieses Passwort gehört zu den am häufigsten verwendeten Passwörtern.',
  topHundred: 'Dieses Passwort gehört zu den häufig verwendeten Passwörtern.',
  common: 'Dieses Passwort gehört zu den häufig verwendeten Passwörtern.',
  similarToCommon: 'Dieses Passwort ähnelt häufig verwendeten Passwörtern.',
  wordByItself: 'Einzelne Wörter sind leicht zu erraten.',
  namesByThemselves: 'Namen sind leicht zu erraten.',
  commonNames: 'Namen sind leicht zu erraten.',
  userInputs: 'Dein Name oder deine E-Mail-Adresse gehören nicht ins Passwort.',
  pwned: 'Dieses Passwort ist aus Datenlecks bekannt.',
};

/** The estimate of a password of allowed length, with the person's own data as words to avoid. */
export function estimatePassword(password: string, userInputs: string[]): PasswordCheck {
  const inputs = userInputs
    .flatMap((value) => [value, ...value.split(/[@.\s_-]+/)])
    .filter((v) => v.length >= 3);
  const result = estimator().check(password, [...inputs, 'vereinsheim', 'verein']);
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true };
  const warning = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
  return {
    ok: false,
    message: [PASSWORD_TEXT.weak, warning, PASSWORD_TEXT.advice].filter(Boolean).join(' '),
  };
}
