/**
 * Renders each model's poster with the app's own viewer in headless Chromium (SwiftShader WebGL) and writes it to
 * content/source/files/<slug>-poster.jpg; run the generator afterwards. On demand, not in CI (ADR 032).
 *
 *   node scripts/content/render-posters.ts [slug…]   # every model, or only those named
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import express from 'express';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { build } from 'vite';

import { copyDecoders } from '../copy-decoders.ts';
import { SOURCE_DIR } from './lib/source.ts';

import type { AddressInfo } from 'node:net';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGE_DIR = fileURLToPath(new URL('posters/', import.meta.url));
const FLAGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WEBGL_FLAGS = ['--disable-default-apps', '--disable-dev-shm-usage', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];

interface ModelEntry {
  sys: { id: string; contentType?: { sys: { id: string } } };
  fields: {
    slug: { 'en-US': string };
    variants?: { 'en-US': { sys: { id: string } }[] };
    file: { 'en-US': { sys: { id: string } } };
    files?: { 'en-US': { sys: { id: string } }[] };
    camera: { 'en-US': { azimuthDeg: number; polarDeg: number } };
  };
}
interface VariantEntry {
  sys: { id: string };
  fields: { key: { 'en-US': string }; label: { 'en-US': string }; gltfName?: { 'en-US': string }; colors?: { 'en-US': Record<string, string> } };
}
interface AssetEntry {
  sys: { id: string };
  fields: { file: { 'en-US': { url: string; fileName: string } } };
}

const space = JSON.parse(readFileSync(join(ROOT, 'content/space-export.json'), 'utf8')) as { entries: (ModelEntry | VariantEntry)[]; assets: AssetEntry[] };
const only = process.argv.slice(2);
const models = (space.entries as ModelEntry[]).filter(
  (entry) => entry.sys.contentType?.sys.id === 'model' && (only.length === 0 || only.includes(entry.fields.slug['en-US'])),
);
/** A model's swatch group as the viewer gets it (server/services/content/mapper-viewer.ts), by entry key. */
const variantsOf = (model: ModelEntry) =>
  (model.fields.variants?.['en-US'] ?? []).map((link) => {
    const { key, label, gltfName, colors } = (space.entries as VariantEntry[]).find((entry) => entry.sys.id === link.sys.id)!.fields;
    return { id: key['en-US'], label: label['en-US'], gltfName: gltfName?.['en-US'], colors: colors?.['en-US'] };
  });
if (only.length > models.length)
  throw new Error(`no model with the slug ${only.filter((slug) => !models.some((m) => m.fields.slug['en-US'] === slug)).join(', ')}`);
const decodersDir = join(ROOT, 'public/decoders');
await copyDecoders(decodersDir);
const outDir = mkdtempSync(join(tmpdir(), 'vitrine-posters-'));
await build({ configFile: false, root: PAGE_DIR, publicDir: false, logLevel: 'error', plugins: [react()], build: { outDir, emptyOutDir: true } });

const app = express()
  .use('/decoders', express.static(decodersDir))
  .use('/models', express.static(join(ROOT, 'content/assets')))
  .use(express.static(outDir));
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...FLAGS, ...WEBGL_FLAGS] });
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1200 }, reducedMotion: 'reduce' });
  page.on('pageerror', (error) => process.stderr.write(`${error.message}\n`));
  // Nothing may come from elsewhere: the embedded space is offline.
  await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  for (const model of models) {
    const { fields } = model;
    const slug = fields.slug['en-US'];
    const fileOf = (id: string) => space.assets.find((asset) => asset.sys.id === id)?.fields.file['en-US'];
    const served = (url = '') => `/models/${url.replace(/^\/\//, '')}`;
    // A .gltf's sibling files are assets of their own (model.files), mapped by file name as on the site.
    const siblings = (fields.files?.['en-US'] ?? []).map((link) => fileOf(link.sys.id));
    const files = Object.fromEntries(siblings.map((sibling) => [sibling?.fileName, served(sibling?.url)]));
    const { azimuthDeg, polarDeg } = fields.camera['en-US'];
    const variants = variantsOf(model);
    // The model's poster shows the first variant (the viewer's default); each other variant gets its own (modelVariant.poster).
    for (const variant of [undefined, ...variants.slice(1).map(({ id }) => id)]) {
      const query = new URLSearchParams({
        src: served(fileOf(fields.file['en-US'].sys.id)?.url),
        camera: `${azimuthDeg},${polarDeg}`,
        files: JSON.stringify(files),
        variants: JSON.stringify(variants),
        variant: variant ?? variants[0]?.id ?? '',
      });
      await page.goto(`${origin}/?${query}`);
      const figure = page.locator('figure[data-state="ready"]');
      await figure.waitFor({ timeout: 120_000 });
      // A clip, not an element screenshot: a software-rendered canvas may never count as "stable".
      const png = await page.screenshot({ clip: (await figure.boundingBox()) ?? undefined, timeout: 120_000 });
      const jpeg = await sharp(png).resize(1600, 1200).jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: '4:4:4' }).toBuffer();
      const name = variant ? `${slug}-${variant}-poster.jpg` : `${slug}-poster.jpg`;
      writeFileSync(join(SOURCE_DIR, 'files', name), jpeg);
      process.stdout.write(`${name}: ${jpeg.byteLength} bytes\n`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
