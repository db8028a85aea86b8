import { format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatFieldDate,
  formatFieldDateTime,
  formatLongDate,
  formatMoney,
  formatShortDate,
  formatTime,
  formatTimeRange,
  formatWeekdayDay,
} from './format.ts';
import { uiLanguage, uiLocale } from './locale.ts';

describe('the one language → locale mapping', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN_gb', 'en'],
    ['fr', 'de'],
    ['', 'de'],
    [undefined, 'de'],
    [null, 'de'],
  ])('%j is shown as %s', (tag, language) => {
    expect(uiLanguage(tag)).toBe(language);
  });

  it('gives every library the same language', () => {
    // Local noon: date-fns formats in the local time zone, so the day is the same in every zone (UTC+14 too).
    const date = new Date(2026, 10, 21, 12);
    for (const tag of ['en', 'en-US']) {
      const locale = uiLocale(tag);
      expect(locale).toMatchObject({ intl: 'en-GB', calendarCulture: 'en', acceptLanguage: 'en' });
      expect(format(date, 'EEEE, d MMMM', { locale: locale.dateFns })).toBe('Saturday, 21 November');
    }
    const de = uiLocale('de');
    expect(de).toMatchObject({ intl: 'de-DE', calendarCulture: 'de', acceptLanguage: 'de' });
    expect(format(date, 'EEEE, d. MMMM', { locale: de.dateFns })).toBe('Samstag, 21. November');
  });
});

describe('formatting in the UI language', () => {
  const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

  it('formats calendar dates whatever the time zone, and nothing for missing or bad input', () => {
    expect(formatDay('2026-11-21', 'de')).toBe('21.11.2026');
    expect(formatDay('2026-11-21', 'en-US')).toBe('21 Nov 2026');
    expect(formatDay(null, 'de')).toBe('');
    expect(formatDay('kaputt', 'de')).toBe('');
    expect(formatDate(undefined, 'de')).toBe('');
    expect(formatDateTime('kaputt', 'de')).toBe('');
  });

  it('formats amounts with the currency where the language puts it', () => {
    expect(nbsp(formatMoney(1234.5, 'EUR', 'de'))).toBe('1.234,50 €');
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
  });

  it('writes event dates the same way on every page: German with its dots, English without them', () => {
    // Local time: built from local parts, so the test reads the same in every time zone.
    const start = new Date(2026, 10, 22, 9, 0);
    const sameDay = new Date(2026, 10, 22, 10, 30);
    const later = new Date(2026, 10, 24, 17, 0);
    expect(formatLongDate(start, 'de')).toBe('Sonntag, 22. November 2026');
    expect(formatLongDate(start, 'en')).toBe('Sunday, 22 November 2026');
    expect(formatShortDate(start, 'de')).toBe('So., 22. Nov. 2026');
    expect(formatShortDate(start, 'en')).toBe('Sun, 22 Nov 2026');
    expect(formatWeekdayDay(start, 'en')).toBe('Sun 22 Nov');
    expect(formatTime(later, 'en-US')).toBe('17:00');
    expect(formatTimeRange(start, sameDay, 'en')).toBe('09:00 – 10:30');
    expect(formatTimeRange(start, later, 'de')).toBe('22. Nov., 09:00 – 24. Nov., 17:00');
    expect(formatTimeRange(start, later, 'en')).toBe('22 Nov, 09:00 – 24 Nov, 17:00');
    expect(formatShortDate('kaputt', 'de')).toBe('');
  });

  it('says what a date-and-time field holds in the reader’s language, not the browser’s', () => {
    // A datetime-local value is local time, as the field holds it.
    expect(formatFieldDateTime('2027-01-12T18:00', 'de')).toBe('Di., 12. Jan. 2027, 18:00');
    expect(formatFieldDateTime('2027-01-12T18:00', 'en')).toBe('Tue, 12 Jan 2027, 18:00');
    expect(formatFieldDateTime('', 'de')).toBe('');
    expect(formatFieldDateTime('2027-13-45T99:00', 'de')).toBe('');
  });

  it('says what a date field holds, the same day in every time zone', () => {
    expect(formatFieldDate('2027-01-12', 'de')).toBe('Di., 12. Jan. 2027');
    expect(formatFieldDate('2027-01-12', 'en')).toBe('Tue, 12 Jan 2027');
    expect(formatFieldDate('2027-02-30', 'de')).toBe('');
    expect(formatFieldDate('12.01.2027', 'de')).toBe('');
    expect(formatFieldDate(undefined, 'de')).toBe('');
  });

  it('makes each formatter once per language, not once per date (a list formats every row)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const rows = Array.from({ length: 50 }, (_, i) => new Date(2027, 0, 1 + i, 18, 30).toISOString());
      const german = rows.map((iso) => formatDateTime(iso, 'de'));
      const english = rows.map((iso) => formatDateTime(iso, 'en'));
      expect(german[0]).toBe('01.01.2027, 18:30');
      expect(english[1]).toBe('2 Jan 2027, 18:30');
      expect(made.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      made.mockRestore();
    }
  });
});
