import { canvasPixels, differingShare } from './support/canvas.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * Material variants on a real model page: the Ostra chair's GLB has three KHR_materials_variants (Sage, Charcoal, Ochre)
 * whose materials share textures. A link's `?variant=` is drawn from the start; picking a swatch by keyboard redraws
 * the model in place (no request) and writes `?variant=`. One model load: each costs seconds in SwiftShader.
 */

const PAGE = '/models/ostra-lounge-chair';

async function openReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await waitForState(page, 'ready', 90_000);
  await page.waitForTimeout(600); // poster fade-out
}

test.use({ viewport: { width: 800, height: 600 } });

test('a link’s ?variant= draws that variant, and swatches picked by keyboard redraw the model in place with no request', async ({ page, watch }) => {
  test.setTimeout(180_000);
  await openReady(page, `${PAGE}?variant=charcoal`);
  const group = page.getByRole('group', { name: 'Variants' });
  const [sage, charcoal] = [group.locator('input[type=radio][value=sage]'), group.locator('input[type=radio][value=charcoal]')];
  await expect(charcoal, 'the link’s variant is checked').toBeChecked();
  await expect(charcoal).toHaveAccessibleName(/Charcoal/);
  const restored = await canvasPixels(page);
  const requestsBefore = watch.requests.length;

  await charcoal.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(sage).toBeChecked();
  await expect(sage).toBeFocused();
  await expect(page).toHaveURL(`${PAGE}?variant=sage`);
  const switched = await canvasPixels(page);

  await page.keyboard.press('ArrowRight');
  await expect(charcoal).toBeChecked();
  await expect(page).toHaveURL(`${PAGE}?variant=charcoal`);
  const switchedBack = await canvasPixels(page);

  expect(differingShare(restored, switched), 'sage wool and oiled oak change the canvas').toBeGreaterThan(0.01);
  expect(differingShare(restored, switchedBack), 'the page opened with ?variant=charcoal drew what switching to it draws').toBeLessThan(0.005);
  // The page prefetches links and sends speed beacons when idle; no image, model file, texture or decoder may follow a switch.
  const isAsset = (url: string) => /\/(content-assets|decoders)\/|\.(png|jpe?g|webp|avif|ktx2|glb|gltf|bin|wasm)$/i.test(new URL(url).pathname);
  expect(watch.requests.slice(requestsBefore).filter(isAsset), 'switching fetched nothing').toEqual([]);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length), 'no navigation').toBe(1);
  watch.expectClean();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the swatch group is a form: choosing a variant and Show reloads the page with it checked and its poster', async ({ page, watch }) => {
    await page.goto(PAGE);
    const poster = page.locator('figure img.mv-poster');
    const firstPoster = await poster.getAttribute('src');
    await page.locator('input[type=radio][value=charcoal]').check();
    await page.getByRole('button', { name: 'Show' }).click();

    await expect(page).toHaveURL(`${PAGE}?variant=charcoal`);
    await expect(page.locator('input[type=radio][value=charcoal]')).toBeChecked();
    expect(await poster.getAttribute('src'), 'the charcoal variant has a poster of its own').not.toBe(firstPoster);
    watch.expectClean();
  });
});
