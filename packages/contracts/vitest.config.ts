import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineProject({
  test: { name: 'contracts', include: ['src/**/*.test.ts'], maxWorkers: TEST_WORKERS },
});
