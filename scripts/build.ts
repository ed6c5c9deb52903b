/**
 * Production build (`npm run build`, after the typecheck): self-hosted decoders → client bundle with
 * manifest → SSR bundle (server entry + React SSR entry) → insights scripts → chunk size report.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { build } from 'vite';

import { writeInsightsScripts } from '#server/insights/scripts.ts';

import { copyDecoders } from './copy-decoders.ts';

/**
 * Two long-lived client chunks instead of a dozen small ones: gzip compresses one file better than many
 * (≈3 KB less on the article page), and the framework chunk's hash survives app releases (ADR 007). Only
 * modules every page loads may match: a lazy feature's code (three, search widgets) never; check-budgets fails otherwise.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** Our code every page runs: layout, shared components, route data client, insights tags, the search box's eager shell, rich text's client side. */
const APP_SHELL = [
  // file-size.ts is for the model page (and server-rendered rich text) only: it loads with that route.
  /[\\/]client[\\/](components|layout|data|features[\\/]insights)[\\/](?!file-size\.ts$)[^\\/]+$/,
  // The entry too: the app shell then is the entry chunk itself, one request less (ADR 007; so the entry has no top-level await).
  /[\\/]client[\\/](root|routes|entry\.client)\.tsx$/,
  // Shared code, except what only lazy features import (search records and queries, decoder paths).
  /[\\/]shared[\\/](?!.*\.test\.)(?!(search|decoders)\.ts$)/,
  /[\\/]client[\\/]features[\\/]search[\\/](search-form|header-search)\.tsx$/,
  /[\\/]client[\\/]features[\\/]rich-text[\\/](index\.ts|rich-text-html\.tsx|rich-text\.css)$/,
  // The viewer's stylesheet only: embedded posters are server-rendered; its code loads on demand.
  /[\\/]client[\\/]features[\\/]model-viewer[\\/]model-viewer\.css$/,
];
const CLIENT_CHUNK_GROUPS = [
  { name: 'framework', test: FRAMEWORK, priority: 2 },
  { name: 'app', test: (id: string) => !id.includes('node_modules') && APP_SHELL.some((pattern) => pattern.test(id)), priority: 1 },
];

await rm('dist', { recursive: true, force: true });
await copyDecoders();

await build({
  logLevel: 'warn',
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

// Unhashed, self-contained insights scripts; the collector serves them from dist/insights.
await writeInsightsScripts();
if (!existsSync('dist/server/index.js')) throw new Error('SSR build did not produce dist/server/index.js');

const assets = 'dist/client/assets';
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const sizes = readdirSync(assets)
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((file) => ({ file, bytes: readFileSync(join(assets, file)) }))
  .map(({ file, bytes }) => ({ file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);
console.log(`\nchunk sizes (dist/client/assets)\n${'file'.padEnd(48)}${'raw'.padStart(10)}${'gzip'.padStart(10)}`);
for (const row of sizes) console.log(`${row.file.padEnd(48)}${kb(row.raw)}${kb(row.gzip)}`);
