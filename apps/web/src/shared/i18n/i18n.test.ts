// vitest-isolate: initI18n initialises the one i18next instance of a page load.
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, storedLanguage } from './i18n.ts';

const languageCookie = () =>
  document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('vh_language='));

afterEach(() => {
  localStorage.clear();
  document.cookie = 'vh_language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the language for the server (ADR 0052)', () => {
  it('is the remembered one, else the one its cookie holds, else German', () => {
    expect(storedLanguage()).toBe('de');
    document.cookie = 'vh_language=en; path=/';
    expect(storedLanguage()).toBe('en');
    localStorage.setItem('vereinsheim_language', 'de');
    expect(storedLanguage()).toBe('de');
    document.cookie = 'vh_language=fr; path=/';
    localStorage.clear();
    expect(storedLanguage()).toBe('de');
  });

  it('is written into its cookie at the start and on every change', async () => {
    localStorage.setItem('vereinsheim_language', 'en');
    await initI18n();
    expect(languageCookie()).toBe('vh_language=en');
    await changeLanguage('de');
    expect(languageCookie()).toBe('vh_language=de');
    expect(localStorage.getItem('vereinsheim_language')).toBe('de');
  });
});
