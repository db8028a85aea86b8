import { createInstance, type ResourceKey } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import de from '../../locales/de/common.json';
import en from '../../locales/en/common.json';
import type { Language } from '../../shared/i18n/languages.ts';
import { SignedOutScreen } from '../screens/SignedOutScreen.tsx';

const COMMON: Record<Language, ResourceKey> = { de, en };

/**
 * The signed-out screen's markup in `language`, as the start-up's first render draws it for a visitor without a
 * session (Bootstrap with `prerendered`): run by the build (apps/web/vite.config.ts) into the pages the server
 * sends to such visitors, so that the screen shows before any script has run (issue 14 §6, ADR 0058).
 */
export async function renderSignedOutScreen(language: Language): Promise<string> {
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
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <SignedOutScreen onSignIn={() => undefined} />
    </I18nextProvider>,
  );
}
