import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { noCdnFallbacks } from './scripts/no-cdn-fallbacks.ts';

/**
 * One config for dev (middleware mode), the client build, the SSR build and
 * Vitest. The build script (scripts/build.ts) picks client vs SSR through
 * Vite's JS API; see docs/decisions/001-build-and-runtime.md.
 */
export default defineConfig({
  plugins: [react(), noCdnFallbacks()],
  appType: 'custom',
  publicDir: 'public',
  build: {
    target: 'es2022',
    assetsDir: 'assets',
    // Maps are written (scripts/check-budgets.ts reads them to see what each chunk holds) but not
    // linked from the served files: browsers don't fetch them, and every chunk is ~40 B smaller.
    sourcemap: 'hidden',
  },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          setupFiles: ['tests/setup/node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
        },
      },
    ],
  },
});
