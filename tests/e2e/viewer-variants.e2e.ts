import sharp from 'sharp';

import { expect, test, waitForHydration } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * Material variants on a real model page: the Ostra chair's GLB has three KHR_materials_variants (Sage, Charcoal, Ochre)
 * whose materials share textures. Picking a swatch by keyboard redraws the model in place (no request), writes
 * `?variant=` and survives a reload.
 */

const PAGE = '/models/ostra-lounge-chair';

/** The canvas once the frame a switch asked for is drawn (two animation frames) and the poster has faded. */
async function canvasPixels(page: Page): Promise<Buffer> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const png = await page.locator('figure[data-state="ready"] canvas').first().screenshot({ animations: 'disabled' });
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** Share of pixels whose colours differ clearly. */
function differingShare(a: Buffer, b: Buffer): number {
  expect(a.length, 'screenshots of one size').toBe(b.length);
  let differing = 0;
  for (let offset = 0; offset < a.length; offset += 3) {
    const delta = Math.abs(a[offset]! - b[offset]!) + Math.abs(a[offset + 1]! - b[offset + 1]!) + Math.abs(a[offset + 2]! - b[offset + 2]!);
    if (delta > 24) differing++;
  }
  return differing / (a.length / 3);
}

async function openReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await waitForState(page, 'ready', 90_000);
  await page.waitForTimeout(600); // poster fade-out
}

test.use({ reducedMotion: 'reduce', viewport: { width: 1024, height: 800 } });

test('a swatch picked by keyboard redraws the model with no request, and ?variant= restores it on reload', async ({ page, watch }) => {
  test.setTimeout(240_000);
  await openReady(page, PAGE);
  const group = page.getByRole('group', { name: 'Variants' });
  const sage = group.locator('input[type=radio][value=sage]');
  await expect(sage, 'the first variant is shown without ?variant=').toBeChecked();
  await expect(sage).toHaveAccessibleName(/Sage/);
  const before = await canvasPixels(page);
  const requestsBefore = watch.requests.length;

  await sage.focus();
  await page.keyboard.press('ArrowRight');

  const charcoal = group.locator('input[type=radio][value=charcoal]');
  await expect(charcoal).toBeChecked();
  await expect(charcoal).toHaveAccessibleName(/Charcoal/);
  await expect(charcoal).toBeFocused();
  await expect(page).toHaveURL(`${PAGE}?variant=charcoal`);
  const after = await canvasPixels(page);
  expect(differingShare(before, after), 'the charcoal wool and smoked oak change the canvas').toBeGreaterThan(0.01);
  // The page prefetches links and sends speed beacons when idle; no image, model file, texture or decoder may follow a switch.
  const isAsset = (url: string) => /\/(content-assets|decoders)\/|\.(png|jpe?g|webp|avif|ktx2|glb|gltf|bin|wasm)$/i.test(new URL(url).pathname);
  expect(watch.requests.slice(requestsBefore).filter(isAsset), 'switching fetched nothing').toEqual([]);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length), 'no navigation').toBe(1);

  await openReady(page, `${PAGE}?variant=charcoal`);
  await expect(page.locator('input[type=radio][value=charcoal]')).toBeChecked();
  const restored = await canvasPixels(page);
  expect(differingShare(after, restored), 'the reloaded page draws the same variant').toBeLessThan(0.005);
  watch.expectClean();
});
