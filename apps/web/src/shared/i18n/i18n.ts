import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
/** Kept across sign-out (see AuthService.signOut). */
export const LANGUAGE_KEY = 'vereinsheim_language';

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

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
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
  return i18next;
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
}

export { i18next };
