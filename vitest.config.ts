import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/server/vitest.faults.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
