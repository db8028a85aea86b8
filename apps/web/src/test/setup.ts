// As in main.tsx: before any Ionic element is defined (text set on Ionic elements stays text).
import '../shared/platform/ionic-safe-text.ts';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initTestI18n } from './i18n.ts';
import { server } from './msw-server.ts';

// findBy…/waitFor give up after 1 s by default; on the 2-core CI machine under a full test run a first render with
// its queries took longer (MenuNav's unread count failed there and passed alone). What is awaited is unchanged.
configure({ asyncUtilTimeout: 5_000 });

// Ionic's web components adopt per-mode style sheets; happy-dom throws when one is undefined.
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with the right this below
const replaceSync = CSSStyleSheet.prototype.replaceSync;
CSSStyleSheet.prototype.replaceSync = function (this: CSSStyleSheet, text: string | undefined) {
  replaceSync.call(this, text ?? '');
};

// happy-dom's Document has no `dir` (HTML reflects <html dir> there). ion-icon reads `document.dir` for arrow and
// chevron icons (e.g. an ion-item's detail chevron); without it the render throws and Stencil logs the whole
// element, window included: thousands of log lines per test (ADR 0028).
// (The global `Document` is not the class of happy-dom's `document`, so the property goes on the latter's prototype.)
if ((document as { dir?: string }).dir === undefined) {
  Object.defineProperty(Object.getPrototypeOf(document) as object, 'dir', {
    configurable: true,
    get(this: Document) {
      return this.documentElement?.getAttribute('dir') ?? '';
    },
    set(this: Document, value: string) {
      this.documentElement.setAttribute('dir', value);
    },
  });
}

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
