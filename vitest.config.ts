import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './vitest.workers.ts';

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/server/vitest.faults.config.ts',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
