/**
 * Viewer benchmark (`npm run bench:viewer`).
 *
 * Starts the production server (embedded default) and headless Debian
 * Chromium with SwiftShader WebGL (software rendering: absolute times are
 * pessimistic next to a GPU). Per demo model, in a fresh browser context
 * (cold HTTP cache), it measures the time from navigation start to the
 * viewer's first rendered frame (the `vitrine:viewer-frame` event), median of
 * --runs (default 3), and the bytes of the model's files. Then it prints the
 * gzip size of the viewer's lazy chunks next to the first-load JavaScript of
 * a page without a model (the article page, as scripts/check-budgets.ts
 * resolves it).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { freePort } from '../../tests/e2e/support/server.ts';

import type { ChildProcess } from 'node:child_process';

const ROOT = resolve(import.meta.dirname, '../..');
const MODELS = [
  'ostra-lounge-chair',
  'kerf-dining-table',
  'tripod-stool',
  'ladder-shelf',
  'pivot-desk-lamp',
  'halo-pendant',
  'tide-vase',
  'turned-walnut-bowl',
  'carvers-mallet',
];
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(args.runs));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) throw new Error('no production build: run npm run build first');
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    if (tries > 300) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const { url, child } = await startServer();
  const browser = await launchBrowser({ webgl: true });
  try {
    const rows = [['model', 'files', 'KB', 'first frame ms (median)', 'runs']];
    for (const slug of MODELS) {
      const times: number[] = [];
      let files: string[] = [];
      let bytes = 0;
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        const modelFiles = new Map<string, number>();
        page.on('response', (response) => {
          const path = new URL(response.url()).pathname;
          if (/\.(glb|gltf|bin|ktx2|jpe?g|png|webp)$/.test(path)) {
            void response.body().then(
              (body) => modelFiles.set(path, body.length),
              () => undefined,
            );
          }
        });
        await page.addInitScript(() => {
          document.addEventListener('vitrine:viewer-frame', () => ((window as Window & { __firstFrame?: number }).__firstFrame ??= performance.now()), {
            once: true,
          });
        });
        await page.goto(`${url}/models/${slug}`);
        const handle = await page.waitForFunction(() => (window as Window & { __firstFrame?: number }).__firstFrame, undefined, { timeout: 60_000 });
        times.push(Number(await handle.jsonValue()));
        await page.waitForTimeout(200);
        // The model and what it references (buffers, textures named after it), not the page's poster.
        files = [...modelFiles.keys()].filter(
          (path) => /\.(glb|gltf|bin|ktx2)$/.test(path) || (path.includes(slug) && !/poster/.test(path) && /\.(jpe?g|png|webp)$/.test(path)),
        );
        bytes = files.reduce((sum, path) => sum + (modelFiles.get(path) ?? 0), 0);
        await context.close();
      }
      rows.push([slug, files.map((path) => path.split('/').pop()).join(' + '), (bytes / 1024).toFixed(0), median(times).toFixed(0), String(runs)]);
    }
    process.stdout.write(`\n${table(rows)}\n`);

    const assets = join(ROOT, 'dist/client/assets');
    const viewerChunks = readdirSync(assets).filter((name) => /^(viewer-canvas|draco_|basis_).*\.js$/.test(name));
    process.stdout.write('\nviewer chunks (loaded on demand, gzip -9):\n');
    let viewerTotal = 0;
    for (const name of viewerChunks) {
      const kb = gzipKb(join(assets, name));
      // draco_decoder.js is the asm.js build, fetched only where WebAssembly is missing.
      const fallback = name.startsWith('draco_decoder');
      if (!fallback) viewerTotal += kb;
      process.stdout.write(`  ${name.padEnd(40)} ${kb.toFixed(1)} KB${fallback ? ' (asm.js fallback, not in the total)' : ''}\n`);
    }
    const html = await (await fetch(`${url}/articles/behind-the-vitrine`)).text();
    const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1] ?? '');
    const firstLoad = [...new Set(scripts)].reduce((sum, src) => {
      const path = src.startsWith('/_insights/')
        ? join(ROOT, 'dist/insights', src.replace(/^\/_insights\/([^/]+)\/script\.js$/, '$1.js'))
        : join(ROOT, 'dist/client', src);
      return sum + (existsSync(path) ? gzipKb(path) : 0);
    }, 0);
    process.stdout.write(`  ${'total'.padEnd(40)} ${viewerTotal.toFixed(1)} KB\n`);
    process.stdout.write(`first-load JS of the article page (no model): ${firstLoad.toFixed(1)} KB gzip over ${new Set(scripts).size} files\n`);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
