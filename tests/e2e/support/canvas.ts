import sharp from 'sharp';

import { expect } from '@playwright/test';

import type { Page } from '@playwright/test';

/**
 * The ready viewer's canvas as raw RGB, once the frame asked for is drawn (two animation frames). `overlays`: DOM drawn
 * over the canvas (hotspots, hint, toolbar) made transparent for the shot; hiding it would drop focus.
 */
export async function canvasPixels(page: Page, overlays?: string): Promise<Buffer> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const covering = overlays ? page.locator(overlays) : undefined;
  await covering?.evaluateAll((elements) => elements.forEach((element) => ((element as HTMLElement).style.opacity = '0')));
  const png = await page.locator('figure[data-state="ready"] canvas').first().screenshot({ animations: 'disabled' });
  await covering?.evaluateAll((elements) => elements.forEach((element) => ((element as HTMLElement).style.opacity = '')));
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** Share of pixels whose colours differ clearly. */
export function differingShare(a: Buffer, b: Buffer): number {
  expect(a.length, 'screenshots of one size').toBe(b.length);
  let differing = 0;
  for (let offset = 0; offset < a.length; offset += 3) {
    const delta = Math.abs(a[offset]! - b[offset]!) + Math.abs(a[offset + 1]! - b[offset + 1]!) + Math.abs(a[offset + 2]! - b[offset + 2]!);
    if (delta > 24) differing++;
  }
  return differing / (a.length / 3);
}
