import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserWorkspaceConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

/**
 * The web tests run in two Vitest projects (ADR 0028, amendment of 2026-11-29):
 * - `web`: one module graph per worker (`isolate: false`). Importing React, Ionic and the page under test is most
 *   of a web test file's time; a worker imports them once instead of once per file.
 * - `web-isolated`: a fresh module graph per file, for the files that need one: those that replace modules
 *   (`vi.mock`, `vi.doMock`, `vi.resetModules`) and those that read state a module keeps once per page load. The
 *   latter say so with the comment `vitest-isolate:` and the reason.
 * Which file goes where is read from the files themselves, so a new test that mocks a module is isolated without a
 * list to keep.
 */
const ISOLATING = /\bvi\.(?:mock|doMock|resetModules)\(|vitest-isolate:/;

const root = import.meta.dirname;
const TEST_FILE = /\.test\.tsx?$/;

/** The test files (relative to apps/web) that need a module graph of their own. */
export const isolatedTestFiles: string[] = fs
  .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file))
  .filter((file) => ISOLATING.test(fs.readFileSync(path.join(root, 'src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .sort();

/** What both web projects share. */
export const webProject = (test: NonNullable<UserWorkspaceConfig['test']>): UserWorkspaceConfig => ({
  root,
  plugins: [react()],
  define: {
    __SILENCE_CONSOLE__: 'false',
    __NATIVE_SERVER_URL__: JSON.stringify('https://portal.example.org'),
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // 5 s by default: a test's first import of Ionic and the page under a loaded CI machine took longer.
    testTimeout: 20_000,
    maxWorkers: TEST_WORKERS,
    ...test,
  },
});
