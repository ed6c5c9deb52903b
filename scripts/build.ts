import { rm } from 'node:fs/promises';

import { build } from 'vite';

import { writeInsightsScripts } from '#server/insights/scripts.ts';

import { copyDecoders } from './copy-decoders.ts';

/**
 * ADR 007: gzip compresses one file better than many, and the framework chunk's hash survives app releases. Only modules every
 * page loads may match; check-budgets fails otherwise.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const APP_SHELL = [
  // file-size.ts is for the model page (and server-rendered rich text) only: it loads with that route.
  /[\\/]client[\\/](components|layout|data|features[\\/]insights)[\\/](?!file-size\.ts$)[^\\/]+$/,
  // The entry too: the app shell then is the entry chunk itself, one request less (ADR 007; so the entry has no top-level await).
  /[\\/]client[\\/](root|routes|entry\.client)\.tsx$/,
  // Shared code, except what only lazy features import (search records and queries, decoder paths).
  /[\\/]shared[\\/](?!.*\.test\.)(?!(search|decoders)\.ts$)/,
  /[\\/]client[\\/]features[\\/]search[\\/](search-form|header-search)\.tsx$/,
  /[\\/]client[\\/]features[\\/]rich-text[\\/](index\.ts|rich-text-html\.tsx|rich-text\.css)$/,
  // Embedded posters are server-rendered; the viewer's code loads on demand.
  /[\\/]client[\\/]features[\\/]model-viewer[\\/]model-viewer\.css$/,
];
const CLIENT_CHUNK_GROUPS = [
  { name: 'framework', test: FRAMEWORK, priority: 2 },
  { name: 'app', test: (id: string) => !id.includes('node_modules') && APP_SHELL.some((pattern) => pattern.test(id)), priority: 1 },
];

await rm('dist', { recursive: true, force: true });
await copyDecoders();

// logLevel 'info': Vite's reporter lists every client file with its size and gzip size.
await build({
  logLevel: 'info',
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: { input: 'client/entry.client.tsx', output: { codeSplitting: { groups: CLIENT_CHUNK_GROUPS } } },
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

await writeInsightsScripts();
