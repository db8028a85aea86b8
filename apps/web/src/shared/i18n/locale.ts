import type { Locale as DateFnsLocale } from 'date-fns';
import { de, enGB } from 'date-fns/locale';
import { DEFAULT_LANGUAGE, i18next, isLanguage, type Language } from './i18n.ts';

/** What each UI language means to the libraries that format or ask for language-dependent things. */
export interface UiLocale {
  language: Language;
  /** The BCP 47 tag for Intl.DateTimeFormat / Intl.NumberFormat. */
  intl: string;
  /** date-fns `format(…, { locale })`. */
  dateFns: DateFnsLocale;
  /** react-big-calendar's `culture` (a key of the localizer's `locales`). */
  calendarCulture: string;
  /** The Accept-Language header of every API call: the server renders its texts in it. */
  acceptLanguage: string;
}

/** The one mapping from UI language to locale (English is British English: 24-hour clock, day before month). */
export const UI_LOCALES: Record<Language, UiLocale> = {
  de: { language: 'de', intl: 'de-DE', dateFns: de, calendarCulture: 'de', acceptLanguage: 'de' },
  en: { language: 'en', intl: 'en-GB', dateFns: enGB, calendarCulture: 'en', acceptLanguage: 'en' },
};

/** A language tag as the UI language: `en`, `en-US`, `EN_gb` → en; `de-AT` → de; anything else → the default (de). */
export function uiLanguage(tag: string | null | undefined): Language {
  const primary = tag?.split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** The locale of a language tag (i18next's `resolvedLanguage`, a stored choice, …). */
export function uiLocale(tag: string | null | undefined): UiLocale {
  return UI_LOCALES[uiLanguage(tag)];
}

/** The locale of the language the UI shows right now. */
export function currentUiLocale(): UiLocale {
  return uiLocale(i18next.resolvedLanguage ?? i18next.language);
}
