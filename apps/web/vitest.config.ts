import { configDefaults, defineProject } from 'vitest/config';
import { isolatedTestFiles, webProject } from './vitest.shared.ts';

/** The web tests that share one module graph per worker; the others are `web-isolated` (vitest.shared.ts). */
export default defineProject(
  webProject({
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...isolatedTestFiles],
    isolate: false,
  }),
);
