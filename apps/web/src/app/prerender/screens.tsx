import { createInstance, type ResourceKey } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import de from '../../locales/de/common.json';
import en from '../../locales/en/common.json';
import type { Language } from '../../shared/i18n/languages.ts';
import { LoadingScreen } from '../screens/LoadingScreen.tsx';
import { SignedOutScreen } from '../screens/SignedOutScreen.tsx';

const COMMON: Record<Language, ResourceKey> = { de, en };

/**
 * The screens the build draws into the pages the server sends (apps/web/vite.config.ts, ADR 0052), each as the
 * start-up's first render draws it, so that it shows before any script has run and React takes it over as it is.
 */
async function render(language: Language, screen: ReactNode): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    ns: ['common'],
    defaultNS: 'common',
    resources: { [language]: { common: COMMON[language] } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  return renderToString(<I18nextProvider i18n={i18n}>{screen}</I18nextProvider>);
}

/** The signed-out screen, for a visitor without a session (Bootstrap with `signedOut`). */
export const renderSignedOutScreen = (language: Language) =>
  render(language, <SignedOutScreen onSignIn={() => undefined} />);

/** The loading screen, for every other page load: the start-up shows it while it reads the session. */
export const renderLoadingScreen = (language: Language) => render(language, <LoadingScreen />);

/** The page's description (`<meta name="description">`) in `language`, for search results and link previews. */
export const pageDescription = (language: Language): string =>
  (COMMON[language] as { pageDescription: string }).pageDescription;
