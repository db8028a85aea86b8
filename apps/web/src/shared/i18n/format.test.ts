import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, prepareDateTimeFormat } from './format.ts';

describe('prepareDateTimeFormat', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes the formatter formatDateTime then uses, so that the first date shown creates none', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDateTimeFormat('en');
    expect(made).toHaveBeenCalledTimes(1);

    made.mockClear();
    expect(formatDateTime('2026-11-29T07:00:00Z', 'en')).toMatch(/2026/);
    expect(formatDateTime('2026-12-24T17:30:00Z', 'en-GB')).toMatch(/2026/);
    expect(made).not.toHaveBeenCalled();
  });
});
