import { defineProject } from 'vitest/config';

/**
 * Fault injection against real processes (an own PostgreSQL cluster, `node src/main.ts`): independent of
 * DATABASE_URL, so `npm test` runs it once (the PGlite re-run of the server project does not include it). Its own
 * group (groupOrder) runs alone, never alongside the other projects' files, so they do not compete with its processes.
 */
export default defineProject({
  test: {
    name: 'server-faults',
    root: import.meta.dirname,
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
