import i18next, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { eager: true, import: 'default' });

/** All namespaces bundled and no Suspense, so components render synchronously in tests. */
export async function initTestI18n(language = 'de') {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [file, data] of Object.entries(files)) {
    const [, lng, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    if (!lng || !ns) continue;
    (resources[lng] ??= {})[ns] = data;
  }
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'de',
      defaultNS: 'common',
      resources,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    await i18next.changeLanguage(language);
  }
  return i18next;
}
