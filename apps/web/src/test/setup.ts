import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initTestI18n } from './i18n.ts';
import { server } from './msw-server.ts';

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
