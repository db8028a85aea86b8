import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE } from '@vereinsheim/contracts/session';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES, type Language } from './languages.ts';

export { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES, type Language };

/** `common` is bundled (the signed-out, loading and error screens need it at once); every other namespace is a lazy chunk. */
const eager = import.meta.glob<ResourceKey>('../../locales/*/common.json', {
  eager: true,
  import: 'default',
});
const lazy = import.meta.glob<ResourceKey>(['../../locales/*/*.json', '!../../locales/*/common.json'], {
  import: 'default',
});

function localeKey(language: string, namespace: string): string {
  return `../../locales/${language}/${namespace}.json`;
}

const globBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazy[localeKey(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language remembered in local storage, else the one its cookie still holds (ADR 0052), else German. */
export function storedLanguage(): Language {
  let value: string | null = null;
  try {
    value = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // Private mode: the cookie may still say it.
  }
  if (isLanguage(value)) return value;
  const cookie = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18next> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const lng of LANGUAGES) {
    const common = eager[localeKey(lng, 'common')];
    if (common) resources[lng] = { common };
  }
  await i18next
    .use(globBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      resources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = language;
  rememberLanguageForTheServer(language);
  return i18next;
}

/**
 * The language in a cookie too, a year long (ADR 0052): the server sends a visitor without a session the
 * signed-out screen drawn in it. Written at every start, so that a choice made before the cookie existed, or a
 * cookie cleared at sign-out, is there again.
 */
export function rememberLanguageForTheServer(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** Switches and remembers the language. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  rememberLanguageForTheServer(language);
}

export { i18next };
