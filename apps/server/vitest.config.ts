import { configDefaults, defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault tests run as their own project (vitest.faults.config.ts), once per `npm test`.
    exclude: [...configDefaults.exclude, 'test/faults/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
    // A worker runs its test files one after another in one module graph: the server's imports (Fastify, the
    // provider, Drizzle, the AWS SDK, …: about 5 s of CPU) load once per worker, not once per file (ADR 0028).
    // Safe because every file builds its own app on its own database (harness.ts), and the module-level caches
    // are either immutable (fonts, bank codes, password dictionaries) or answer per database (subject cache).
    isolate: false,
  },
});
