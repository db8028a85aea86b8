import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './app/Bootstrap.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { silenceConsole } from './shared/platform/console.ts';
import './app/base.css';

silenceConsole(__SILENCE_CONSOLE__);

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
