import { isLanguage, requestLanguage, type Language } from '../lib/i18n.ts';
import type { PageContext, PageView } from './pages.ts';

/** What the language is read from: Fastify's request and Koa's context (the provider's own pages) both have it. */
type LanguageSource = Parameters<typeof requestLanguage>[0];

/**
 * The language of a provider page or mail: the sign-in request's `ui_locales` (OpenID Connect Core 3.1.2.1; the
 * portal sends the language the person chose there), else the `lang` of a link the provider wrote into a mail, else
 * the browser's Accept-Language. German unless one of them asks for English.
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
  return requestLanguage(request);
}

/** The provider's pages for the reader of `request`. */
export function pageView(pages: PageContext, request: LanguageSource, uiLocales?: unknown): PageView {
  return { ...pages, lng: pageLanguage(request, uiLocales) };
}
