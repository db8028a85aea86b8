/**
 * One `Intl` formatter per locale and option set, made on first use and kept (ADR 0039).
 *
 * Making an `Intl.DateTimeFormat` costs far more than formatting with it, and what it holds in ICU is freed only when
 * a full garbage collection finds it, on the event loop: after 20,000 unread-message lists, each rendering a date,
 * one mark-compact spent 80–180 ms destroying their formats while every request waited. Server code therefore
 * asks here instead of calling `new Intl.…`, `toLocale…String` or `localeCompare` (eslint.config.js).
 */

const DATE_TIME_OPTIONS = [
  'localeMatcher',
  'calendar',
  'numberingSystem',
  'hour12',
  'hourCycle',
  'timeZone',
  'weekday',
  'era',
  'year',
  'month',
  'day',
  'dayPeriod',
  'hour',
  'minute',
  'second',
  'fractionalSecondDigits',
  'timeZoneName',
  'formatMatcher',
  'dateStyle',
  'timeStyle',
] as const satisfies readonly (keyof Intl.DateTimeFormatOptions)[];

const NUMBER_OPTIONS = [
  'localeMatcher',
  'numberingSystem',
  'style',
  'currency',
  'currencyDisplay',
  'currencySign',
  'unit',
  'unitDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingMode',
  'roundingPriority',
  'roundingIncrement',
  'trailingZeroDisplay',
] as const satisfies readonly (keyof Intl.NumberFormatOptions)[];

/**
 * Formats are asked with option sets written in code and in the locale files, so there are few; the bound only
 * keeps a mistake (options built from input) from growing the cache without end.
 */
const LIMIT = 256;

function cache<O extends object, F>(
  names: readonly string[],
  make: (locale: string | undefined, options: O) => F,
) {
  const made = new Map<string, F>();
  return (locale: string | undefined, options: O): F => {
    // Only the formatter's own options count: i18next passes the text's parameters along with them.
    const picked: Record<string, unknown> = {};
    let key = locale ?? '';
    for (const name of names) {
      const value = (options as Record<string, unknown>)[name];
      if (value === undefined) continue;
      picked[name] = value;
      key += `|${name}=${JSON.stringify(value)}`;
    }
    let format = made.get(key);
    if (format === undefined) {
      format = make(locale, picked as O);
      if (made.size >= LIMIT) made.delete(made.keys().next().value!);
      made.set(key, format);
    }
    return format;
  };
}

/* eslint-disable no-restricted-syntax -- the one place that makes them */
/** The date and time format of `locale` for `options` (other properties of `options` are ignored). */
export const dateTimeFormat = cache(
  DATE_TIME_OPTIONS,
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

/** The number format of `locale` for `options` (other properties of `options` are ignored). */
export const numberFormat = cache(
  NUMBER_OPTIONS,
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

const collators = cache([], (locale, _options: object) => new Intl.Collator(locale));
/* eslint-enable no-restricted-syntax */

/** The collation of `locale`, for sorting names: `collator('de').compare`. */
export const collator = (locale: string) => collators(locale, {});
