/**
 * `npm run bench:viewer [-- --runs <n>]`: per demo model, cold, the median time to the viewer's first frame (`vitrine:viewer-frame`) and the
 * model's bytes; then the viewer's lazy chunks (gzip) beside the article's first-load JS. SwiftShader makes absolute times pessimistic.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { ROOT, startServer } from '../../tests/e2e/support/server.ts';
import { median, table } from './lib.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(args.runs));
const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

const server = await startServer({ env: { LOG_LEVEL: 'warn' }, captureLogs: false });
const browser = await launchBrowser();
try {
  const rows = [['model', 'files', 'KB', 'first frame ms (median)', 'runs']];
  // Every demo model, as the model listing links them.
  const listing = await (await fetch(`${server.url}/models`)).text();
  for (const slug of new Set([...listing.matchAll(/href="\/models\/([^"/?#]+)"/g)].map((m) => m[1] ?? ''))) {
    const times: number[] = [];
    let files: string[] = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const modelFiles = new Map<string, number>();
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (/\.(glb|gltf|bin|ktx2|jpe?g|png|webp)$/.test(path))
          response.body().then(
            (body) => modelFiles.set(path, body.length),
            () => undefined,
          );
      });
      await page.addInitScript(() => {
        const at = () => ((window as Window & { __firstFrame?: number }).__firstFrame ??= performance.now());
        document.addEventListener('vitrine:viewer-frame', at, { once: true });
      });
      await page.goto(`${server.url}/models/${slug}`);
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
  process.stdout.write(`\n${table(rows, 2)}\n`);

  const assets = join(ROOT, 'dist/client/assets');
  process.stdout.write('\nviewer chunks (loaded on demand, gzip -9):\n');
  let viewerTotal = 0;
  for (const name of readdirSync(assets).filter((n) => /^(viewer-canvas|draco_|basis_).*\.js$/.test(n))) {
    const kb = gzipKb(join(assets, name));
    // draco_decoder.js is the asm.js build, fetched only where WebAssembly is missing.
    const fallback = name.startsWith('draco_decoder');
    if (!fallback) viewerTotal += kb;
    process.stdout.write(`  ${name.padEnd(40)} ${kb.toFixed(1)} KB${fallback ? ' (asm.js fallback, not in the total)' : ''}\n`);
  }
  const html = await (await fetch(`${server.url}/articles/behind-the-vitrine`)).text();
  const scripts = new Set([...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1] ?? ''));
  const firstLoad = [...scripts].reduce((sum, src) => {
    const path = src.startsWith('/_insights/')
      ? join(ROOT, 'dist/insights', src.replace(/^\/_insights\/([^/]+)\/script\.js$/, '$1.js'))
      : join(ROOT, 'dist/client', src);
    return sum + (existsSync(path) ? gzipKb(path) : 0);
  }, 0);
  process.stdout.write(`  ${'total'.padEnd(40)} ${viewerTotal.toFixed(1)} KB\n`);
  process.stdout.write(`first-load JS of the article page (no model): ${firstLoad.toFixed(1)} KB gzip over ${scripts.size} files\n`);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);
