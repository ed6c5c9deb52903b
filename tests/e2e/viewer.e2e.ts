import { expect, test, waitForHydration } from './support/fixtures.ts';
import { captureFirstFrame, compareImages, listPosterTargets, PARITY } from '../../scripts/posters/capture.ts';
import { watchContext } from './support/browser.ts';
import { getCoverage, getDebug, waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * The 3D viewer on the real app pages (production build, embedded demo
 * space, SwiftShader WebGL): every demo model and variant draws, its poster
 * matches its first frame, and its page stays on our origin and logs nothing;
 * a broken file shows its error with Retry; client-side
 * navigation between model pages leaks no WebGL context or GPU memory; no
 * WebGL leaves the poster and a message; the embed page draws too; the
 * multi-file .gltf loads its siblings from their own asset URLs.
 * tests/e2e/viewer-harness/ covers the viewer's variants on fixtures.
 */

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

/**
 * The self-hosted decoder files a compressed model must load. Each wasm decoder runs in a worker file with its own CSP
 * (no page allows wasm): a blob: worker or main-thread wasm would log a CSP violation.
 */
const DECODER_FILES: Record<string, RegExp[]> = {
  'kerf-dining-table': [/\/decoders\/draco\/draco_worker\.js$/, /\/decoders\/draco\/draco_decoder\.wasm$/],
  'turned-walnut-bowl': [/\/decoders\/draco\/draco_worker\.js$/, /\/decoders\/draco\/draco_decoder\.wasm$/],
  'ladder-shelf': [/\/decoders\/meshopt\/meshopt_worker\.js$/],
  'halo-pendant': [/\/decoders\/meshopt\/meshopt_worker\.js$/],
  'carvers-mallet': [/\/decoders\/basis\/basis_worker\.js$/, /\/decoders\/basis\/basis_transcoder\.wasm$/],
};

/** A multi-file .gltf's sibling files: each is its own asset (model.files), fetched from its own URL, never from beside the .gltf. */
const SIBLING_ASSETS: Record<string, { fileName: string; assetId: string }[]> = {
  'tripod-stool': [
    { fileName: 'tripod-stool.bin', assetId: 'file-tripod-stool-bin' },
    { fileName: 'tripod-stool-ash-basecolor.jpg', assetId: 'file-tripod-stool-ash-basecolor-jpg' },
    { fileName: 'tripod-stool-ash-normal.jpg', assetId: 'file-tripod-stool-ash-normal-jpg' },
  ],
};

/** Waits for the page's main viewer to be ready and its poster to fade, then measures the canvas. */
async function drawnShare(page: Page): Promise<number> {
  await waitForState(page, 'ready', 90_000);
  return getCoverage(page.locator('figure[data-state="ready"] canvas').first());
}

/** Records every value the viewer's progress bar shows (`window.__progress`), from the first paint on. */
async function recordProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<number | null> = [];
    (window as Window & { __progress?: Array<number | null> }).__progress = seen;
    const read = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const now = bar.getAttribute('aria-valuenow');
        const value = now === null ? null : Number(now);
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

test("every demo model and variant draws, matches its poster's first frame, logs nothing and stays on our origin", async ({ browser, origins, baseURL }) => {
  test.setTimeout(600_000);
  const targets = await listPosterTargets(baseURL!);
  expect(targets.filter((target) => target.isModelPoster).map((target) => target.slug)).toEqual(expect.arrayContaining(MODELS));
  expect(targets.filter((target) => target.isModelPoster)).toHaveLength(MODELS.length);
  expect(targets.filter((target) => !target.isModelPoster).length).toBeGreaterThanOrEqual(4);
  const drifted: string[] = [];
  for (const { slug, variant, isModelPoster } of targets) {
    const name = `${slug} ${variant ?? ''}`;
    // A fresh context per page: a cold HTTP cache. Tall enough for the whole viewer, which the poster check captures.
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1100 }, reducedMotion: 'reduce' });
    try {
      const watch = await watchContext(context, (origin) => origins.has(origin));
      const page = await context.newPage();
      await recordProgress(page);
      const response = await page.goto(`/models/${slug}${variant ? `?variant=${variant}` : ''}`);
      expect(response?.status(), name).toBe(200);
      // Poster parity: the poster (rendered by the viewer itself, `npm run posters`) matches the first frame the page draws.
      const { png, shownPoster } = await captureFirstFrame(page);
      expect(shownPoster, `${name}: its poster, before the 3D view`).toContain(isModelPoster ? `${slug}-poster` : `${slug}-${variant}-poster`);
      const { mean, worstBlock } = await compareImages(png, await (await page.request.get(shownPoster!)).body());
      if (mean > PARITY.mean || worstBlock > PARITY.worstBlock) drifted.push(`${name}: mean ${mean.toFixed(1)}, worst block ${worstBlock.toFixed(1)}`);
      const coverage = await drawnShare(page);
      const progress = await page.evaluate(() => (window as Window & { __progress?: Array<number | null> }).__progress ?? []);
      expect(progress.length, `${name}: no progress bar was shown while the model loaded`).toBeGreaterThan(0);
      // Determinate although the files arrive gzipped (X-File-Size gives the size), never going back, ending full.
      const values = progress.filter((value): value is number => value !== null);
      expect(values.at(-1), `${name}: the progress bar never reached 100% (showed ${JSON.stringify(progress)})`).toBe(100);
      expect(values, `${name}: the progress bar went backwards: ${JSON.stringify(progress)}`).toEqual([...values].sort((a, b) => a - b));
      expect(coverage, `${name}: canvas looks blank (share of pixels that differ from the background)`).toBeGreaterThan(0.03);
      expect(watch.requests.filter((url) => /\.(glb|gltf)(\?|$)/.test(url)).length, `${name}: no model file was requested from our origin`).toBeGreaterThan(0);
      for (const sibling of SIBLING_ASSETS[slug] ?? []) {
        const path = (url: string) => new URL(url).pathname;
        const fetched = watch.requests.filter((url) => path(url).endsWith(`/${sibling.fileName}`));
        expect(fetched.length, `${name}: ${sibling.fileName} was not requested`).toBeGreaterThan(0);
        for (const url of fetched) expect(path(url), `${name}: ${sibling.fileName} not from its own asset (model.files)`).toContain(`/${sibling.assetId}/`);
      }
      for (const decoder of DECODER_FILES[slug] ?? []) {
        expect(
          watch.requests.some((url) => decoder.test(new URL(url).pathname)),
          `${name}: ${decoder} was not loaded from our origin`,
        ).toBe(true);
      }
      watch.expectClean();
    } finally {
      await context.close();
    }
  }
  expect(drifted, 'posters that no longer match their first frame (render them again: npm run posters)').toEqual([]);
});

test('a truncated model file shows an error with Retry over the poster, and the page keeps working', async ({ page }) => {
  await page.route(/\.glb(\?|$)/, async (route) => {
    const upstream = await route.fetch();
    const body = await upstream.body();
    await route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: body.subarray(0, Math.floor(body.length / 3)) });
  });
  await page.goto('/models/ostra-lounge-chair');
  await waitForHydration(page);
  await waitForState(page, 'error', 90_000);
  const figure = page.locator('figure[data-state="error"]').first();
  await figure.getByRole('button', { name: 'Retry' }).waitFor();
  expect(await figure.locator('img[alt]').count(), 'the poster stays under the error').toBeGreaterThan(0);

  await page.locator('header a[href="/models"]').first().click();
  await page.waitForURL('/models');
  await page.getByRole('heading', { level: 1 }).waitFor();
});

test('8 client-side navigations between model pages leave WebGL contexts and GPU memory where they started', async ({ page, watch }) => {
  test.setTimeout(600_000);
  await page.goto('/models/tide-vase');
  await waitForHydration(page);
  await waitForState(page, 'ready', 90_000);
  const start = await getDebug(page);
  expect(start?.contexts, `one live context on a model page, got ${JSON.stringify(start)}`).toBe(1);

  const route = ['/models', '/models/carvers-mallet', '/models', '/models/tide-vase'];
  // Two rounds: a leak shows as soon as one round leaves anything behind.
  for (let step = 0; step < 2 * route.length; step++) {
    const path = route[step % route.length] ?? '/models';
    await page.locator(`a[href="${path}"]`).first().click();
    await page.waitForURL(path);
    if (path !== '/models') await waitForState(page, 'ready', 90_000);
  }
  await expect(page).toHaveURL('/models/tide-vase');
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length), 'the navigations were client-side (one document load)').toBe(1);
  await page.waitForTimeout(300);
  const end = await getDebug(page);
  expect(end, 'viewer debug counters are installed').toBeTruthy();
  expect(end?.contexts, 'WebGL contexts').toBe(start?.contexts);
  expect(end?.memory.geometries, 'geometries on the GPU').toBe(start?.memory.geometries);
  expect(end?.memory.textures, 'textures on the GPU').toBe(start?.memory.textures);
  watch.expectClean();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('a model page offers "View in 3D" and loads no 3D code or model until it is pressed; later pages start by themselves', async ({ page, watch }) => {
    const isHeavy = (url: string) => /\/assets\/viewer-canvas-[^/]+\.js$|\.(glb|gltf)$/.test(new URL(url).pathname);
    await page.goto('/models/halo-pendant');
    await waitForHydration(page);
    const start = page.getByRole('button', { name: 'View in 3D' });
    await start.waitFor();
    await page.waitForLoadState('networkidle');
    const heavyBeforePress = watch.requests.filter(isHeavy);
    await expect(page.locator('figure[data-state="idle"] img.mv-poster'), 'the poster waits with the button').toHaveCount(1);

    await start.tap();
    const coverage = await drawnShare(page);
    expect(heavyBeforePress, 'nothing heavy loads before the press').toEqual([]);
    expect(coverage, 'canvas looks blank after the press').toBeGreaterThan(0.03);

    // The visitor asked for 3D once: the next model page in this tab starts without asking.
    await page.goto('/models/tide-vase');
    await waitForState(page, 'ready', 90_000);
    await expect(page.getByRole('button', { name: 'View in 3D' })).toHaveCount(0);
    watch.expectClean();
  });
});

test('on a German model page the canvas and its controls are named in German', async ({ page, watch }) => {
  await page.goto('/de/models/ostra-lounge-chair');
  await waitForState(page, 'ready', 90_000);
  await page.getByRole('application', { name: /\(interaktive 3D-Ansicht\)$/ }).waitFor();
  await page.getByRole('button', { name: 'Ansicht zurücksetzen' }).waitFor();
  await expect(page.getByRole('button', { name: 'Reset view' })).toHaveCount(0);
  watch.expectClean();
});

test('the embed page renders only the viewer, and it draws', async ({ page, watch }) => {
  const response = await page.goto('/models/halo-pendant/embed');
  expect(response?.status()).toBe(200);
  await expect(page.locator('header, footer'), 'no site chrome in the embed').toHaveCount(0);
  const coverage = await drawnShare(page);
  expect(coverage, 'canvas looks blank').toBeGreaterThan(0.03);
  watch.expectClean();
});
