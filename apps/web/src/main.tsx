// First of all, before any Ionic element is defined: text set on Ionic elements stays text (see the module).
import './shared/platform/ionic-safe-text.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './app/Bootstrap.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
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
const root = createRoot(container);

void initI18n().then(() => {
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <Bootstrap />
      </ErrorBoundary>
    </StrictMode>,
  );
});
