/**
 * `npm run posters` (ADR 066):
 *
 *   npm run posters                                 # the demo: render into content/source/files/, then run the generator
 *   npm run posters -- --check                      # the demo: compare, exit 1 on drift
 *   npm run posters -- --site https://shop.example --check      # your site: compare its posters with its models
 *   npm run posters -- --site https://shop.example --out posters  # your site: render them, to upload as the entries' posters
 *   … [slug …]                                      # only these models
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';
import sharp from 'sharp';

import { CHROMIUM_FLAGS, CHROMIUM_PATH, webglFlags } from '../../tests/e2e/support/browser.ts';
import { startBenchServer } from '../bench/lib.ts';
import { SOURCE_DIR } from '../content/lib/source.ts';
import { captureFirstFrame, compareImages, listPosterTargets, PARITY } from './capture.ts';

/** The size the image API serves them up to. */
const POSTER = { width: 1600, height: 1200 };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { site: { type: 'string' }, check: { type: 'boolean' }, out: { type: 'string' } },
});
const server = values.site ? undefined : await startBenchServer();
const site = (values.site ?? server!.url).replace(/\/+$/, '');
const outDir = values.out ?? (values.site ? 'posters' : join(SOURCE_DIR, 'files'));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...webglFlags()] });
let drifted = 0;
try {
  const targets = await listPosterTargets(site, positionals);
  // The model page's viewer is at most 1112 px wide: the device pixel ratio makes its figure 1600 px in the screenshot.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1100 }, deviceScaleFactor: 1.44, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (error) => process.stderr.write(`${error.message}\n`));
  if (!values.check) mkdirSync(outDir, { recursive: true });
  for (const target of targets) {
    const query = target.variant ? `?variant=${encodeURIComponent(target.variant)}` : '';
    await page.goto(`${site}/models/${target.slug}${query}`);
    const { png, shownPoster } = await captureFirstFrame(page);
    const name = target.isModelPoster ? `${target.slug}-poster.jpg` : `${target.slug}-${target.variant}-poster.jpg`;
    if (!values.check) {
      const jpeg = sharp(png).resize(POSTER.width, POSTER.height, { fit: 'fill' }).jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: '4:4:4' });
      writeFileSync(join(outDir, name), await jpeg.toBuffer());
      process.stdout.write(`${name}\n`);
      continue;
    }
    if (!shownPoster) {
      process.stdout.write(`${name}: no poster (the page shows a placeholder until the 3D view starts)\n`);
      drifted++;
      continue;
    }
    const { mean, worstBlock } = await compareImages(png, Buffer.from(await (await fetch(shownPoster)).arrayBuffer()));
    const ok = mean <= PARITY.mean && worstBlock <= PARITY.worstBlock;
    if (!ok) drifted++;
    process.stdout.write(`${ok ? '✓' : '✗'} ${name}: mean difference ${mean.toFixed(1)}, worst block ${worstBlock.toFixed(1)}\n`);
  }
  if (values.check) process.stdout.write(drifted ? `${drifted} poster(s) drifted from the live view: render them again\n` : 'every poster matches\n');
  else if (!values.site) process.stdout.write('now run: node scripts/content/generate-demo-space.ts\n');
} finally {
  await browser.close();
  await server?.stop();
}
process.exitCode = drifted > 0 ? 1 : 0;
