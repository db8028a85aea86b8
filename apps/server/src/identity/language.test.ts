import { describe, expect, it } from 'vitest';
import { pageLanguage } from './language.ts';
import { duration } from './pages.ts';

const request = (acceptLanguage?: string, query?: Record<string, string>) => ({
  headers: { 'accept-language': acceptLanguage },
  query,
});

describe('the language of a provider page', () => {
  it('follows the sign-in request’s ui_locales first, then a link’s lang, then Accept-Language', () => {
    expect(pageLanguage(request('de-DE,de;q=0.9'), 'en')).toBe('en');
    expect(pageLanguage(request('en-US,en;q=0.9'), 'de')).toBe('de');
    // The first supported tag counts; regional tags are their language.
    expect(pageLanguage(request('de'), 'fr-CA en-GB de')).toBe('en');
    expect(pageLanguage(request('en', { lang: 'de' }), 'fr')).toBe('de');
    expect(pageLanguage(request('de', { lang: 'en' }))).toBe('en');
    expect(pageLanguage(request('en-GB,en;q=0.8', { lang: 'xx' }))).toBe('en');
    expect(pageLanguage(request('fr-FR,fr;q=0.9'))).toBe('de');
    expect(pageLanguage(request(undefined))).toBe('de');
  });
});

describe('a wait, said in the reader’s language', () => {
  it.each([
    [0.2, 'eine Sekunde', 'one second'],
    [5, '5 Sekunden', '5 seconds'],
    [60, 'eine Minute', 'one minute'],
    [61, '2 Minuten', '2 minutes'],
    [3600, 'eine Stunde', 'one hour'],
    [7300, '3 Stunden', '3 hours'],
  ])('%s s is „%s“ and “%s”', (seconds, de, en) => {
    expect(duration('de', seconds)).toBe(de);
    expect(duration('en', seconds)).toBe(en);
  });
});
