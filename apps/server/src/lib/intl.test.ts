import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from './i18n.ts';
import { collator, dateTimeFormat, numberFormat } from './intl.ts';
import { todayIso } from './today.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Intl formats (ADR 0039)', () => {
  it('keeps one format per locale and option set, whatever else the options carry', () => {
    const day = dateTimeFormat('de', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long' });
    const withParams = {
      timeZone: 'Europe/Berlin',
      day: 'numeric',
      month: 'long',
      club: 'TSV',
      due: '2027-01-15',
    };
    expect(dateTimeFormat('de', withParams as Intl.DateTimeFormatOptions)).toBe(day);
    expect(dateTimeFormat('en', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long' })).not.toBe(day);
    expect(dateTimeFormat('de', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'short' })).not.toBe(day);
    expect(day.format(new Date('2027-01-15T12:00:00Z'))).toBe('15. Januar');
    // Only the format's own options reach Intl: a parameter named like nothing it knows changes nothing.
    expect(day.resolvedOptions()).not.toHaveProperty('club');

    const euro = numberFormat('en', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('en', { currency: 'EUR', style: 'currency' })).toBe(euro);
    expect(euro.format(120)).toBe('€120.00');
    expect(collator('de')).toBe(collator('de'));
    expect(['Zebra', 'Äpfel', 'Birne'].sort(collator('de').compare)).toEqual(['Äpfel', 'Birne', 'Zebra']);
  });

  it('renders a thousand messages with dates and amounts with one format per language and option set', () => {
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat');
    const numberFormats = vi.spyOn(Intl, 'NumberFormat');
    const rendered = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const due = new Date(Date.UTC(2027, 0, 1 + (i % 300))).toISOString().slice(0, 10);
      for (const lng of ['de', 'en'] as const) {
        rendered.add(
          render(lng, {
            key: 'message.invoiceIssued.body',
            params: { club: `Verein ${i}`, amount: 10 + i, due },
          }),
        );
        rendered.add(todayIso(new Date(Date.UTC(2027, 0, 1, i % 24))));
      }
    }
    expect(rendered.size).toBeGreaterThan(2000);
    expect(
      render('de', {
        key: 'message.invoiceIssued.body',
        params: { club: 'TSV', amount: 120, due: '2027-01-15' },
      }).replace(/\s/g, ' '),
    ).toBe('TSV hat dir eine Rechnung über 120,00 € gestellt. Zahlbar bis zum 15. Januar.');
    // At most one date format per language (the message's), one for today's date, one currency per language;
    // fewer when an earlier test of this file made them already.
    expect(dateFormats.mock.calls.length).toBeLessThanOrEqual(3);
    expect(numberFormats.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
