import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';
import Negotiator from 'negotiator';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { dateTimeFormat, numberFormat } from './intl.ts';

/**
 * Server-built texts (problem details, system messages, activity-log entries) are stored and thrown as
 * keys with parameters and rendered here, in the reader's language, from `src/locales/{de,en}.json`.
 */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** A text to render later: a key and its parameters; a parameter may itself be a text (a label). */
export interface Text {
  key: string;
  params?: TextParams;
}
export type TextParam = string | number | null | Text;
export type TextParams = Record<string, TextParam>;

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  resources: { de: { translation: de }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Plain text for JSON answers and pushes, never HTML: nothing to escape.
  interpolation: { escapeValue: false },
  // Keys are dotted paths only; values looked up as keys (log values) may contain a colon.
  nsSeparator: false,
  returnNull: false,
});
// `{{due, date(day: numeric; month: long)}}`: parameters are JSON, so dates arrive as ISO strings.
// Both formats come from lib/intl.ts: one per language and option set (ADR 0039). i18next's own currency format
// keeps one per language and *parameters*, so every message with another amount or club made a new one.
i18n.services.formatter?.add(
  'date',
  (value: unknown, lng: string | undefined, options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(lng, { timeZone: 'Europe/Berlin', ...options }).format(new Date(String(value))),
);
i18n.services.formatter?.add(
  'currency',
  (value: number | string, lng: string | undefined, options: Intl.NumberFormatOptions) =>
    numberFormat(lng, { ...options, style: 'currency' }).format(Number(value)),
);

const fixed = new Map<Language, TFunction>(LANGUAGES.map((lng) => [lng, i18n.getFixedT(lng)]));

/** The request's language from Accept-Language (`de` unless it prefers English). */
export function languageOf(request: {
  headers: Pick<FastifyRequest['headers'], 'accept-language'>;
}): Language {
  const negotiator = new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] } });
  return (negotiator.language([...LANGUAGES]) as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** One of our languages, exactly (`en`, not `en-GB`): a `lang` parameter of a link the server wrote. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a link the server wrote names (`?lang=`: a mail's link, the calendar feed's URL), else the request's
 * Accept-Language: such links are opened by another browser or a calendar app, in its own language.
 */
export function requestLanguage(request: {
  headers: Pick<FastifyRequest['headers'], 'accept-language'>;
  query?: unknown;
}): Language {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return isLanguage(lang) ? lang : languageOf(request);
}

/** A stored language tag (e.g. of a push subscription) as one of ours. */
export function languageFrom(tag: string | null | undefined): Language {
  return languageOf({ headers: { 'accept-language': tag ?? undefined } });
}

// The resources are fixed at start-up, so a key that exists and its text without parameters never change: both are
// remembered (a storm's 409 answers render the same few problems hundreds of times; issue 14 §4). Only keys of the
// resources are kept, so the memory is bounded whatever keys are asked for.
const existing = new Set<string>();
const plain = new Map<Language, Map<string, string>>(LANGUAGES.map((lng) => [lng, new Map()]));

export function hasText(key: string): boolean {
  if (existing.has(key)) return true;
  const found = i18n.exists(key);
  if (found) existing.add(key);
  return found;
}

/** Renders a text; nested texts among its parameters (labels such as a data kind) are rendered first. */
export function render(lng: Language, text: Text | string): string {
  if (typeof text === 'string') return text;
  if ((!text.params || Object.keys(text.params).length === 0) && hasText(text.key)) {
    const texts = plain.get(lng)!;
    let rendered = texts.get(text.key);
    if (rendered === undefined) texts.set(text.key, (rendered = fixed.get(lng)!(text.key)));
    return rendered;
  }
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) {
    params[name] = value === null ? '' : typeof value === 'object' ? render(lng, value) : value;
  }
  return fixed.get(lng)!(text.key, params);
}

/** Renders the first key that exists (e.g. a field label of one data kind, else the common label). */
export function renderFirst(lng: Language, keys: string[], fallback: string): string {
  const key = keys.find((k) => i18n.exists(k));
  return key ? fixed.get(lng)!(key) : fallback;
}
