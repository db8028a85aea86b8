import { defineProject } from 'vitest/config';

export default defineProject({
  // Two workers, as the other projects of the same group (ADR 0028, amendment of 2026-11-29, later).
  test: { name: 'contracts', include: ['src/**/*.test.ts'], maxWorkers: 2 },
});
