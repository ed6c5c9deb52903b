import { availableParallelism } from 'node:os';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { noCdnFallbacks } from './scripts/no-cdn-fallbacks.ts';

import type { Plugin } from 'vite';

/**
 * Route loaders and other server-only modules are named `*.server.ts`: the browser build (and dev server)
 * fails on one instead of shipping it (docs/decisions/021-one-route-table.md). Type-only imports are erased first.
 */
function serverOnlyModules(): Plugin {
  return {
    name: 'vitrine:server-only-modules',
    apply: (_config, { mode }) => mode !== 'test',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    load(id) {
      if (/\.server\.tsx?($|\?)/.test(id)) this.error(`${id} is server-only; the browser must not import it`);
    },
  };
}

/**
 * One config for dev (middleware mode), the client build, the SSR build and
 * Vitest. The build script (scripts/build.ts) picks client vs SSR through
 * Vite's JS API; see docs/decisions/001-build-and-runtime.md.
 */
export default defineConfig({
  plugins: [react(), noCdnFallbacks(), serverOnlyModules()],
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
    // Vitest's default is one worker less than the cores: one on a 2-core CI machine, where many files wait on servers and
    // child processes rather than the CPU. Two there took `npm test` from ~455 s to ~255 s (ADR 060); three keep both cores
    // busy (1.9 of 2) and took it from ~350 s to ~290 s on the same machine.
    maxWorkers: availableParallelism() + 1,
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
