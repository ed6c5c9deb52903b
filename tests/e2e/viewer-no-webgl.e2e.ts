import { expect, test, waitForHydration } from './support/fixtures.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, webglFlags } from './support/browser.ts';
import { waitForState } from './viewer-harness/browser.ts';

// A browser without WebGL (a launch option, so a file of its own: Playwright starts a worker for it).
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...webglFlags(false)] } });

test('without WebGL a model page shows the poster and a message, and logs nothing', async ({ page, watch }) => {
  await page.goto('/models/ostra-lounge-chair');
  await waitForHydration(page);
  await waitForState(page, 'no-webgl', 30_000);
  const figure = page.locator('figure[data-state="no-webgl"]').first();
  const poster = figure.locator('img[alt]').first();
  await expect(poster, 'the poster is visible').toBeVisible();
  expect((await poster.getAttribute('alt')) ?? '', 'the poster has alt text').not.toBe('');
  expect((await figure.innerText()).trim(), 'a message explains the missing 3D view').toMatch(/\S{3,}/);
  await expect(figure.locator('canvas'), 'no canvas without WebGL').toHaveCount(0);
  watch.expectClean();
});
