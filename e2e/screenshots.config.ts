import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run screenshots`: every route at 1280×800 and 390×844, in German and English, as demo@, into
 * e2e/screenshots/ (not committed) for review. Same server and browser as the end-to-end run.
 */
export default defineConfig({
  ...base,
  testMatch: 'screenshots.shots.ts',
  retries: 0,
  reporter: [['list']],
  outputDir: path.join(import.meta.dirname, 'test-results/screenshots'),
  projects: (base.projects ?? []).map((p) => ({ ...p, grepInvert: undefined })),
});
