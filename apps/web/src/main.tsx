// First of all, before any Ionic element is defined: text set on Ionic elements stays text (see the module).
import './shared/platform/ionic-safe-text.ts';
// Before any answer is read: zod parses without compiling code, which the CSP forbids (see the module).
import './shared/platform/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Bootstrap } from './app/Bootstrap.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
import { PRERENDERED_LOADING, PRERENDERED_SIGNED_OUT } from './app/prerender/marker.ts';
import { initI18n } from './shared/i18n/i18n.ts';
import { silenceConsole } from './shared/platform/console.ts';
import { isNativePlatform } from './shared/platform/native.ts';
import { registerServiceWorker } from './shared/platform/offline-data.ts';
import './app/base.css';

silenceConsole(__SILENCE_CONSOLE__);

// The installable web app (manifest + offline shell, src/sw.ts): production web builds only.
if (import.meta.env.PROD && !isNativePlatform()) registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The root element #root is missing; the app cannot mount.');
/**
 * The server sent a screen drawn in (ADR 0052): the signed-out screen to a visitor without a session, the loading
 * screen otherwise. The start-up's first render is that screen; in the page's language React takes it over as it
 * is (hydration), in another one (a choice made before the server knew it) it draws it anew.
 */
const drawn = container.dataset.prerendered;
const signedOut = drawn === PRERENDERED_SIGNED_OUT;
const drawnIn = document.documentElement.lang;

void initI18n().then((i18n) => {
  const app = (
    <StrictMode>
      <ErrorBoundary>
        <Bootstrap signedOut={signedOut} />
      </ErrorBoundary>
    </StrictMode>
  );
  const drawnScreen = signedOut || drawn === PRERENDERED_LOADING;
  if (drawnScreen && i18n.resolvedLanguage === drawnIn) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
