// As in main.tsx: before any Ionic element is defined (text set on Ionic elements stays text).
import '../shared/platform/ionic-safe-text.ts';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initTestI18n } from './i18n.ts';
import { server } from './msw-server.ts';

// Ionic's web components adopt per-mode style sheets; happy-dom throws when one is undefined.
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with the right this below
const replaceSync = CSSStyleSheet.prototype.replaceSync;
CSSStyleSheet.prototype.replaceSync = function (this: CSSStyleSheet, text: string | undefined) {
  replaceSync.call(this, text ?? '');
};

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
