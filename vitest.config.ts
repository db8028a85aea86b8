import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/server/vitest.faults.config.ts', 'apps/web'],
  },
});
