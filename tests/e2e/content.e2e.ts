import { expect, test, waitForHydration } from './support/fixtures.ts';

import type { Locator, Page } from '@playwright/test';

/**
 * Content journeys in a real browser against the production build on the
 * embedded demo space: home → model → article → tag → the same tag in
 * German, every step a client-side navigation (one data request, no
 * document load), with no console errors and no request leaving our origin.
 */

async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { __contentMarker?: string }).__contentMarker = 'kept';
  });
}

async function hasMarker(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { __contentMarker?: string }).__contentMarker === 'kept');
}

/** Clicks a link and waits for the URL and the new page's heading. */
async function follow(page: Page, link: Locator, path: string, heading: string | RegExp): Promise<void> {
  await link.click();
  await page.waitForURL(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

test('home → model → article → tag → German, all client-side', async ({ page, watch }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await setMarker(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(request.url());
  });

  await follow(page, page.getByRole('link', { name: 'Ostra Lounge Chair', exact: true }), '/models/ostra-lounge-chair', 'Ostra Lounge Chair');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Seating' })).toBeVisible();

  const appearsIn = page.getByRole('complementary').getByRole('link', { name: 'Oak, ash or walnut: choosing a hardwood you can live with' });
  await follow(page, appearsIn, '/articles/oak-ash-walnut', 'Oak, ash or walnut: choosing a hardwood you can live with');
  await expect(page).toHaveTitle(/^Oak, ash or walnut.* · Vitrine$/);

  await follow(page, page.locator('.tag-list').getByRole('link', { name: '#Craft' }), '/tags/craft', '#Craft');
  await expect(page.getByRole('link', { name: 'What the kiln decides', exact: true })).toBeVisible();

  await follow(page, page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }), '/de/tags/craft', '#Craft');
  await expect(page.getByRole('link', { name: 'Was der Ofen entscheidet', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  expect(await hasMarker(page), 'a navigation reloaded the document').toBe(true);
  expect(documents).toEqual([]);
  const dataRequests = watch.requests.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/_data/'));
  for (const path of ['/_data/models/ostra-lounge-chair', '/_data/articles/oak-ash-walnut', '/_data/tags/craft', '/_data/de/tags/craft'])
    expect(dataRequests, `no ${path}`).toContain(path);
  await page.waitForLoadState('networkidle');
  expect(watch.externalRequests).toEqual([]);
  watch.expectClean();
});

test('a German article hydrates cleanly and its rich-text links stay in German', async ({ page, watch }) => {
  const response = await page.goto('/de/articles/oak-ash-walnut');
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await setMarker(page);

  const link = page.locator('.prose').getByRole('link', { name: 'Ostra Loungesessel' }).first();
  await follow(page, link, '/de/models/ostra-lounge-chair', 'Ostra Loungesessel');

  expect(await hasMarker(page), 'the rich-text link reloaded the document').toBe(true);
  await page.waitForLoadState('networkidle');
  watch.expectClean();
});

test('an unknown article answers the styled 404 and navigating on from it stays client-side', async ({ page, watch }) => {
  const response = await page.goto('/articles/no-such-article');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await setMarker(page);

  await follow(page, page.locator('.error-page').getByRole('link', { name: 'Articles' }), '/articles', /\S/);

  expect(await hasMarker(page)).toBe(true);
  watch.expectClean([/^failed response: 404 .*\/articles\/no-such-article$/, /Failed to load resource: the server responded with a status of 404/]);
});
