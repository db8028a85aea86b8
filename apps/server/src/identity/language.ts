import { isLanguage, languageOf, type Language } from '../lib/i18n.ts';

/** The headers and query of a request, as Fastify and Koa (the provider's own pages) both have them. */
export interface LanguageSource {
  headers: { 'accept-language'?: string | string[] | undefined };
  query?: unknown;
}

/**
 * The language of a provider page or mail: the sign-in request's `ui_locales` (OpenID Connect Core 3.1.2.1; the
 * portal sends the language the person chose there), else the `lang` of a link the provider wrote into a mail,
 * else the browser's Accept-Language. German unless one of them asks
 * for English.
 */
export function pageLanguage(request: LanguageSource, uiLocales?: unknown): Language {
  if (typeof uiLocales === 'string') {
    // Space-separated tags, most preferred first; `en-GB` is English.
    const language = uiLocales
      .split(' ')
      .map((tag) => tag.split('-')[0]!.toLowerCase())
      .find(isLanguage);
    if (language) return language;
  }
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(lang)) return lang;
  const header = request.headers['accept-language'];
  return languageOf({ headers: { 'accept-language': Array.isArray(header) ? header.join(',') : header } });
}
