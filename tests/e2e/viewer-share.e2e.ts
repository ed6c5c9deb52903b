import { expect, test } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * Measurements and view links (ADR 049) on a real model page: "Show dimensions" labels the file's box in the entry's unit, and
 * "Copy link to this view" round-trips the camera: orbit by keyboard, copy, open the copied link, copy again unmoved.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1024, height: 800 } });

async function copyViewLink(page: Page): Promise<URL> {
  await page.getByRole('button', { name: 'Copy link to this view' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  return new URL(await page.evaluate(() => navigator.clipboard.readText()));
}

test('dimensions are labelled, and a copied view link opens at the same camera with the page state kept', async ({ page, watch }) => {
  test.setTimeout(150_000);
  await page.goto('/models/tide-vase?variant=shino&utm_source=newsletter');
  await waitForState(page, 'ready', 90_000);

  const toggle = page.getByRole('button', { name: 'Show dimensions' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // Measured from the file, in the entry's unit (the demo entry states 177 × 177 × 320 mm, as the file is).
  await expect(toggle).toHaveAccessibleDescription('Dimensions: width 177 mm, height 320 mm, depth 177 mm.');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const labels = page.locator('.mv-dimension[data-placed="true"]');
  await expect(labels).toHaveCount(3);
  await expect(labels).toHaveText(['177 mm', '320 mm', '177 mm']);

  const canvas = page.getByRole('application');
  await canvas.focus();
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'Minus']) await canvas.press(key);
  const first = await copyViewLink(page);

  const view = first.searchParams.get('view');
  expect(view, 'the link carries the orbit').toMatch(/^-?\d+(\.\d)?,\d+(\.\d)?,\d+(\.\d+)?$/);
  expect(first.searchParams.get('variant'), 'and the page state').toBe('shino');
  expect(first.searchParams.has('utm_source'), 'but no junk').toBe(false);
  expect(first.pathname).toBe('/models/tide-vase');

  await page.goto(first.toString());
  await waitForState(page, 'ready', 90_000);
  expect(new URL(page.url()).searchParams.get('view'), 'the address keeps the view after hydration').toBe(view);
  const second = await copyViewLink(page);

  expect(second.searchParams.get('view'), 'the restored camera is the copied one').toBe(view);
  expect(second.searchParams.get('variant')).toBe('shino');
  watch.expectClean();
});
