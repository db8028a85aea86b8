import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.VEREINSHEIM_BACKEND ?? 'http://localhost:3000';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: {
    __SILENCE_CONSOLE__: JSON.stringify(mode === 'production'),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/oidc': backend,
      '/media': backend,
      '/app-config.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Module preload of lazy chunks is resolved at run time; only the entry's static imports load up front.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // Ionic's component modules (Stencil output) and ionicons carry no sideEffects flag, so Rolldown keeps every
        // component class. Their only side effect is defining the element, which the React wrappers do on use.
        moduleSideEffects: (id: string) =>
          !/node_modules\/(@ionic\/core\/components|@ionic\/react\/dist|ionicons\/components|@stencil\/react-output-target)\/.*\.js$/.test(
            id,
          ),
      },
    },
  },
}));
