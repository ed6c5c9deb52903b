/**
 * Production build: self-hosted decoders → client bundle (with manifest) →
 * SSR bundle (server entry + React SSR entry) → insights scripts → size report.
 * Typechecking runs first via `npm run build` (package.json).
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';

import { build } from 'vite';

import { writeInsightsScripts } from '#server/insights/scripts.ts';

import { CLIENT_CHUNK_GROUPS } from './client-chunks.ts';
import { copyDecoders } from './copy-decoders.ts';
import { reportSizes } from './report-sizes.ts';

await rm('dist', { recursive: true, force: true });
await copyDecoders();

await build({
  logLevel: 'warn',
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      input: 'client/entry.client.tsx',
      // Two long-lived chunks instead of a dozen small ones: gzip compresses one
      // file better than many (≈3 KB less on the article page), and the framework
      // chunk's hash survives app releases (docs/decisions/007-client-chunks.md).
      output: { codeSplitting: { groups: CLIENT_CHUNK_GROUPS } },
    },
  },
});

await build({
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { input: { 'entry.server': 'client/entry.server.tsx', index: 'server/index.ts' } },
  },
});

// Unhashed, self-contained insights scripts; the collector serves them from dist/insights.
await writeInsightsScripts();

if (!existsSync('dist/server/index.js')) throw new Error('SSR build did not produce dist/server/index.js');
await reportSizes('dist/client');
