import { describe, expect, it, vi } from 'vitest';
import { formatEventTime, formatFileSize } from './format.ts';

const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('team page formats', () => {
  it('writes event times and file sizes in the UI language', () => {
    const start = new Date(2026, 11, 12, 18, 0).toISOString();
    expect(formatEventTime(start, 'de')).toBe('Sa., 12. Dez. 2026, 18:00');
    expect(formatEventTime(start, 'en')).toBe('Sat, 12 Dec 2026, 18:00');
    expect(formatEventTime('kaputt', 'de')).toBe('');
    expect(nbsp(formatFileSize(1.25 * 1024 * 1024, 'de'))).toBe('1,3 MB');
    expect(formatFileSize(830 * 1024, 'en')).toBe('830 KB');
    expect(formatFileSize(10, 'en')).toBe('1 KB');
  });

  it('makes each formatter once per language, not once per row', () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      for (let i = 0; i < 50; i += 1) {
        formatEventTime(new Date(2027, 0, 1 + i, 18, 30).toISOString(), 'de');
        formatFileSize((i + 1) * 4096, 'de');
        formatFileSize((i + 1) * 1024 * 1024, 'de');
      }
      expect(dates.mock.calls.length).toBeLessThanOrEqual(1);
      expect(numbers.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  });
});
