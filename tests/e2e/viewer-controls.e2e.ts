import { readFile } from 'node:fs/promises';

import sharp from 'sharp';

import { expect, test } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * The viewer's own controls on a real model page: fullscreen (the Fullscreen API, and the page-level fallback where it is
 * missing) keeps the WebGL context and the keyboard, and "Save image" downloads a PNG of the view in the selected variant.
 */
test.use({ viewport: { width: 1024, height: 800 } });

/** Marks the canvas and counts lost contexts, so a test can tell the same WebGL context from a new one. */
async function markCanvas(page: Page) {
  await page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    canvas.dataset.marked = 'yes';
    canvas.addEventListener('webglcontextlost', () => (canvas.dataset.lost = 'yes'));
  });
  return () => page.evaluate(() => ({ marked: document.querySelector('canvas')?.dataset.marked, lost: document.querySelector('canvas')?.dataset.lost }));
}

async function fullscreenRoundTrip(page: Page, isEmulated: boolean) {
  await page.goto('/models/tide-vase');
  await waitForState(page, 'ready', 90_000);
  const canvasState = await markCanvas(page);
  const canvas = page.getByRole('application');
  const before = (await canvas.boundingBox())!;

  await page.getByRole('button', { name: 'Full screen' }).click();
  const exit = page.getByRole('button', { name: 'Exit full screen' });
  await expect(exit).toBeVisible();
  if (isEmulated) await expect(page.locator('figure.mv-viewer--fullscreen')).toHaveCount(1);
  else expect(await page.evaluate(() => document.fullscreenElement?.tagName)).toBe('FIGURE');
  // The canvas fills the screen (1024 × 800) with its drawing buffer resized, in the same context.
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBe(1024);
  await expect.poll(async () => (await canvas.boundingBox())!.height).toBe(800);
  await expect.poll(() => page.locator('figure canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThanOrEqual(1024);
  // Keyboard: the arrow keys still orbit, and Tab goes round the viewer's own controls.
  await canvas.focus();
  await canvas.press('ArrowLeft');
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('figure') !== null)).toBe(true);

  // Esc of the real Fullscreen API is the browser's own (not a page key event); the button is the page's way out.
  if (isEmulated) await page.keyboard.press('Escape');
  else await exit.click();
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.height)).toBe(Math.round(before.height));
  expect(await canvasState()).toEqual({ marked: 'yes', lost: undefined });
}

test('fullscreen enters and leaves with the same WebGL context, and keeps the keyboard', async ({ page, watch }) => {
  test.setTimeout(150_000);
  await fullscreenRoundTrip(page, false);
  watch.expectClean();
});

test('where the Fullscreen API is missing, the viewer covers the page instead, and Esc leaves', async ({ page, watch }) => {
  test.setTimeout(150_000);
  await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
  await fullscreenRoundTrip(page, true);
  expect(await page.evaluate(() => document.documentElement.classList.contains('mv-scroll-lock'))).toBe(false);
  watch.expectClean();
});

/** The mean colour of the picture's middle (the vase's body), from the saved file. */
async function saveAndMeasure(page: Page, variant: string) {
  await page.goto(`/models/tide-vase?variant=${variant}`);
  await waitForState(page, 'ready', 90_000);
  const canvas = page.getByRole('application');
  const size = (await canvas.boundingBox())!;
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save image' }).click();
  const file = await download;
  const png = await readFile((await file.path())!);
  const image = sharp(png);
  const { width = 0, height = 0, format } = await image.metadata();
  const middle = await image
    .extract({ left: Math.round(width * 0.45), top: Math.round(height * 0.45), width: Math.round(width * 0.1), height: Math.round(height * 0.1) })
    .stats();
  const { channels } = await sharp(png).stats();
  return { name: file.suggestedFilename(), format, width, height, size, middle: middle.channels.slice(0, 3).map((c) => c.mean), spread: channels[0]!.stdev };
}

test('"Save image" downloads a PNG of the view at twice the canvas size, in the selected variant', async ({ page, watch }) => {
  test.setTimeout(200_000);
  const celadon = await saveAndMeasure(page, 'celadon');
  const tenmoku = await saveAndMeasure(page, 'tenmoku');

  expect(celadon.name).toBe('tide-vase-celadon.png');
  expect(celadon.format).toBe('png');
  expect(celadon.width).toBe(Math.round(celadon.size.width * 2));
  expect(celadon.height).toBe(Math.round(celadon.size.height * 2));
  expect(celadon.spread, 'a picture, not a blank canvas').toBeGreaterThan(10);
  // Celadon (#9fb9a8) is green and light; tenmoku (#4a2f22) is a dark brown.
  const [r, g, b] = celadon.middle as [number, number, number];
  expect(g).toBeGreaterThan(r);
  expect(g).toBeGreaterThan(b);
  const [tr, tg, tb] = tenmoku.middle as [number, number, number];
  expect(tr).toBeGreaterThan(tb);
  expect(tr + tg + tb).toBeLessThan(r + g + b);
  watch.expectClean();
});
