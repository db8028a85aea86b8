import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDateTime,
  formatIban,
  prepareDateTimeFormat,
  warmUpDateTimeFormat,
  type DateFormatWarmUp,
} from './format.ts';

// vitest-isolate: format.ts keeps the formatters it made for the page load; these tests watch the first being made.

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

/** A stand-in for the browser's Worker: records what the page does with it (web unit tests may mock it). */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  sent: unknown[] = [];
  terminated = false;
  readonly url: URL;
  readonly options: WorkerOptions;
  constructor(url: URL, options: WorkerOptions) {
    super();
    this.url = url;
    this.options = options;
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('warmUpDateTimeFormat', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    FakeWorker.made = [];
  });

  it("sends a module worker formatDateTime's locale and options, makes nothing on the page's thread, and ends the worker once it answers", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    warmUpDateTimeFormat('en');
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(worker!.url.pathname).toMatch(/\/date-format\.worker\.ts$/);
    expect(worker!.options).toEqual({ type: 'module', name: 'date-format' });
    expect(worker!.sent).toEqual([{ locale: 'en-GB', options: { dateStyle: 'medium', timeStyle: 'short' } }]);
    expect(made).not.toHaveBeenCalled();
    expect(worker!.terminated).toBe(false);

    worker!.dispatchEvent(new MessageEvent('message', { data: null }));
    expect(worker!.terminated).toBe(true);
    expect(made).not.toHaveBeenCalled();
  });

  it("makes the formatter on the page's thread, in a task of its own, when the worker fails", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    warmUpDateTimeFormat('de');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    FakeWorker.made[0]!.dispatchEvent(new Event('error'));
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(made).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // de-DE is made once, either now or by an earlier test in this file: after the fallback it is there.
    made.mockClear();
    formatDateTime('2026-11-29T07:00:00Z', 'de');
    expect(made).not.toHaveBeenCalled();
  });

  it("makes the formatter on the page's thread, in a task of its own, where there is no Worker", async () => {
    vi.stubGlobal('Worker', undefined);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    warmUpDateTimeFormat('en');
    expect(made).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    made.mockClear();
    // A local time (no zone): the same wall clock in every time zone the tests run in.
    expect(formatDateTime('2026-11-29T07:00:00', 'en')).toBe('29 Nov 2026, 07:00');
    expect(made).not.toHaveBeenCalled();
  });
});

describe('the date-format worker', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes the formatter it is sent and then answers', async () => {
    const answered = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    await import('./date-format.worker.ts');
    const warmUp: DateFormatWarmUp = {
      locale: 'de-DE',
      options: { dateStyle: 'medium', timeStyle: 'short' },
    };
    window.dispatchEvent(new MessageEvent('message', { data: warmUp }));
    expect(made).toHaveBeenCalledWith('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
    expect(answered).toHaveBeenCalledWith(null);
    expect(made.mock.invocationCallOrder[0]).toBeLessThan(answered.mock.invocationCallOrder[0]!);
  });
});

describe('formatIban', () => {
  it('writes an IBAN in groups of four, whether it came with spaces or not, and keeps a mask', () => {
    expect(formatIban('DE34702501500028419370')).toBe('DE34 7025 0150 0028 4193 70');
    expect(formatIban('DE34 7025 0150 0028 4193 70')).toBe('DE34 7025 0150 0028 4193 70');
    expect(formatIban('DE89****************00')).toBe('DE89 **** **** **** **** 00');
    expect(formatIban('')).toBe('');
  });
});
