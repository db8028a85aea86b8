import { defineProject } from 'vitest/config';
import { isolatedTestFiles, webProject } from './vitest.shared.ts';

/** The web tests that replace modules or read a module's once-per-page state: a module graph per file. */
export default defineProject(
  webProject({
    name: 'web-isolated',
    include: isolatedTestFiles,
    isolate: true,
  }),
);
