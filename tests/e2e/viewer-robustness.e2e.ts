import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { corruptImage, pointBufferAt, readDemoFile, stripScenes, truncateInImages, writeExportWithModel } from '../fixtures/broken-models/build.ts';

import { watchContext } from './support/browser.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * The viewer on real model pages, fed files broken the ways real uploads break (tests/fixtures/broken-models/build.ts).
 * Ingest validation (ADR 041) keeps most of them from ever reaching a visitor; the first test shows that. The others
 * drive the viewer's own failure paths, which a file meets when it breaks after it was checked (a CDN serving a cut-off
 * file, an image replaced later, an asset embedded without a model entry): the browser gets the broken bytes in place
 * of a demo file through `page.route`, while page, server and everything else are the real ones.
 */

/** Serves `body` for every request whose URL matches `pattern` while `isBroken()`; returns how many requests came. */
async function serveBroken(page: Page, pattern: RegExp, body: Buffer, isBroken = () => true): Promise<() => number> {
  let count = 0;
  await page.route(pattern, async (route) => {
    count += 1;
    if (!isBroken()) return route.fallback();
    return route.fulfill({ status: 200, contentType: 'application/octet-stream', body });
  });
  return () => count;
}

/** Every `data-phase` the figure shows, in order, from the first paint on. */
async function recordPhases(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { __phases?: string[] }).__phases = seen;
    new MutationObserver(() => {
      const phase = document.querySelector('figure.mv-viewer')?.getAttribute('data-phase');
      if (phase && seen.at(-1) !== phase) seen.push(phase);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
  return () => page.evaluate(() => (window as Window & { __phases?: string[] }).__phases ?? []);
}

const viewer = (page: Page) => page.locator('figure.mv-viewer').first();
const isFocusInViewer = (page: Page) =>
  page.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest('figure.mv-viewer') !== null);

test('ingest validation keeps a file without a scene from visitors: poster, "3D view unavailable", no model download', async ({ server, browser, origins }) => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-broken-export-'));
  try {
    const file = stripScenes(readDemoFile('tide-vase.glb'));
    const exportFile = writeExportWithModel(dir, { slug: 'broken-no-scene', name: 'Broken vase', fileName: 'broken-no-scene.glb', file });
    const app = await server({ env: { CONTENT_EXPORT_FILE: exportFile } });
    await expect.poll(async () => (await fetch(`${app.url}/readyz`)).text(), { timeout: 30_000 }).toContain('model broken-no-scene');

    const context = await browser.newContext({ baseURL: app.url, reducedMotion: 'reduce' });
    const pageWatch = await watchContext(context, (origin) => origins.has(origin));
    const page = await context.newPage();
    const modelRequests: string[] = [];
    page.on('request', (request) => void (/\.(glb|gltf)(\?|$)|viewer-canvas-/.test(request.url()) && modelRequests.push(request.url())));
    await page.goto('/models/broken-no-scene');
    await waitForHydration(page);

    await expect(viewer(page).getByText('3D view unavailable')).toBeVisible();
    await expect(viewer(page)).toHaveAttribute('data-state', 'idle');
    expect(modelRequests, 'neither the 3D chunk nor the file is downloaded').toEqual([]);
    pageWatch.expectClean();
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a glTF without a scene: an error with Retry that downloads again and keeps focus in the viewer, then the fixed file shows', async ({ page, watch }) => {
  let isBroken = true;
  const requests = await serveBroken(page, /\/tide-vase\.glb(\?|$)/, stripScenes(readDemoFile('tide-vase.glb')), () => isBroken);
  await page.goto('/models/tide-vase');
  await waitForHydration(page);
  await waitForState(page, 'error', 90_000);
  await expect(viewer(page).getByRole('status')).toHaveText(/The 3D model could not be loaded\./);
  expect(requests()).toBe(1);

  await viewer(page).getByRole('button', { name: 'Retry' }).focus();
  await page.keyboard.press('Enter');
  // A Retry builds a new WebGL context first: seconds in SwiftShader on a busy machine.
  await expect.poll(requests, { message: 'Retry downloads the file again', timeout: 60_000 }).toBe(2);
  await waitForState(page, 'error', 90_000);
  expect(await isFocusInViewer(page), 'focus stays in the viewer after Retry, not on <body>').toBe(true);

  isBroken = false;
  await viewer(page).getByRole('button', { name: 'Retry' }).focus();
  await page.keyboard.press('Enter');
  await waitForState(page, 'ready', 90_000);
  expect(requests()).toBe(3);
  await expect(page.getByRole('application')).toBeFocused();
  watch.expectClean();
});

test('a GLB cut off in its images shows untextured with a note that can be dismissed, after saying what it is doing', async ({ page, watch }) => {
  const phases = await recordPhases(page);
  await serveBroken(page, /\/carvers-mallet\.glb(\?|$)/, truncateInImages(readDemoFile('carvers-mallet.glb')));
  await page.goto('/models/carvers-mallet');
  await waitForState(page, 'ready', 90_000);

  const note = viewer(page).getByRole('status');
  await expect(note).toHaveText('Shown without some textures.');
  expect(await phases()).toEqual(['downloading', 'decoding', 'preparing']);
  await note.getByRole('button', { name: 'Dismiss note' }).click();
  await expect(viewer(page).getByText('Shown without some textures.')).toHaveCount(0);
  await expect(page.getByRole('application'), 'focus goes to the canvas, not <body>').toBeFocused();
  watch.expectClean();
});

test('a texture whose bytes no decoder reads: the model shows, with the note', async ({ page, watch }) => {
  await serveBroken(page, /\/tripod-stool-ash-basecolor\.jpg(\?|$)/, corruptImage(readDemoFile('tripod-stool-ash-basecolor.jpg')));
  await page.goto('/models/tripod-stool');
  await waitForState(page, 'ready', 90_000);

  await expect(viewer(page).getByRole('status')).toHaveText('Shown without some textures.');
  watch.expectClean();
});

test('a .gltf whose buffer points at a missing file: an error with Retry, and only that 404 in the console', async ({ page, watch }) => {
  await serveBroken(page, /\/tripod-stool\.gltf(\?|$)/, pointBufferAt(readDemoFile('tripod-stool.gltf'), 'tripod-stool-missing.bin'));
  await page.goto('/models/tripod-stool');
  await waitForState(page, 'error', 90_000);

  await expect(viewer(page).getByRole('status')).toContainText('The 3D model could not be loaded.');
  await expect(viewer(page).getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(watch.failedResponses.filter((line) => line.endsWith('/tripod-stool-missing.bin'))).toHaveLength(1);
  watch.expectClean([
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:[^ ]*\/tripod-stool-missing\.bin\)$/,
    /^failed response: 404 http:[^ ]*\/tripod-stool-missing\.bin$/,
  ]);
});
