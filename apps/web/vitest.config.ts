import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: {
    __SILENCE_CONSOLE__: 'false',
    __NATIVE_SERVER_URL__: JSON.stringify('https://portal.example.org'),
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // 5 s by default: a test's first import of Ionic and the page under a loaded CI machine took longer.
    testTimeout: 20_000,
  },
});
