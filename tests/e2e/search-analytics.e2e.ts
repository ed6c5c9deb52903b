import { expect, test, waitForHydration } from './support/fixtures.ts';

import type { Locator, Page } from '@playwright/test';
import type { RunningServer } from './support/fixtures.ts';

/**
 * Search analytics end to end (docs/decisions/067-search-analytics.md), against the production build on the embedded engine:
 * type in the real header search box, open a hit, and the settled query, its click, click-through rate and click position show
 * on the operator dashboard; a query without results shows there too; a "View in 3D" after a search converts it. Nothing is
 * counted per keystroke, no cookie is set, and no request leaves our origin.
 */

// Its own token, so its own server: no other test's searches on its dashboard.
const TOKEN = 'e2e-search-analytics-token';

const eventsOf = (server: RunningServer, type: string) => server.logs.filter((line) => line.msg === 'insights event' && line.event === type);

/** Types `query` letter by letter into the header box, as a visitor does, and waits for its own results (the live region stays empty until then). */
async function typeInHeaderSearch(page: Page, query: string): Promise<void> {
  // `/` focuses the box and selects what it holds, whether it is still the plain form or already the combobox.
  await page.keyboard.press('/');
  const combobox = page.getByRole('combobox', { name: 'Search the site' });
  await combobox.waitFor();
  await combobox.pressSequentially(query, { delay: 120 });
  await expect(page.locator('.header-search-root [role=status]')).toHaveText(/result/, { timeout: 15_000 });
}

/** The dashboard's searches section for the last hour in English, as an editor opens it from a bookmark. */
async function openDashboard(page: Page, url: string): Promise<Locator> {
  await page.goto(`${url}&period=hour&locale=en-US`);
  const section = page.getByRole('region', { name: 'What visitors search for' });
  await section.waitFor();
  return section;
}

const figure = (section: Locator, label: string) => section.locator('.card', { hasText: label }).locator('b');

test('a query typed in the header box and the hit opened from it show on the dashboard with their click-through rate', async ({
  page,
  context,
  watch,
  server,
}) => {
  const app = await server({ env: { INSIGHTS_TOKEN: TOKEN } });
  await page.goto(`${app.url}/`);
  await waitForHydration(page);

  await typeInHeaderSearch(page, 'Lamp');
  await expect(page.locator('.header-search-root [role=option] mark').first()).toHaveText(/^lamp$/i);
  const second = page.locator('.header-search-root [role=option]').nth(1);
  const title = (await second.locator('.search-option-title').textContent()) ?? '';
  await second.click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  // The click goes at once, with the search it came from: a client navigation has no pagehide.
  await expect.poll(() => eventsOf(app, 'search-click').length, { timeout: 10_000 }).toBe(1);

  // A query nobody wrote content for, left without a click: settled when the page goes away.
  await typeInHeaderSearch(page, 'zzqxv');
  await expect(page.locator('.header-search-root .search-message')).toContainText('zzqxv');
  // Leaving sends it (pagehide), dispatched on the live page: a real unload can cancel the beacon in the watch's interception.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await expect.poll(() => eventsOf(app, 'search').length, { timeout: 10_000 }).toBe(2);
  const searches = await openDashboard(page, `${app.url}/_insights/dashboard?token=${TOKEN}`);

  expect(eventsOf(app, 'search').map((line) => [line.locale, line.hits === 0])).toEqual([
    ['en-US', false],
    ['en-US', true],
  ]);
  expect(eventsOf(app, 'search-click')[0]).toMatchObject({ position: 2 });
  const top = searches.getByRole('table', { name: 'Top searches' });
  // Query, searches, click-through rate, average click position, conversion rate: "l", "la" and "lam" are not searches.
  await expect(top.getByRole('row').nth(1).getByRole('cell')).toHaveText(['lamp', '1', '100%', '2', '0%']);
  await expect(top.getByRole('row')).toHaveCount(3);
  await expect(searches.getByRole('table', { name: 'Searches without results' }).getByRole('row').nth(1).getByRole('cell')).toHaveText(['zzqxv', '1']);
  // Two searches, one with a click; no live Contentful space here, so no "create an entry" link.
  await expect(figure(searches, 'click-through rate')).toHaveText('50%');
  await expect(figure(searches, 'average click position')).toHaveText('2');
  await expect(searches.getByRole('link', { name: /Create an entry/ })).toHaveCount(0);
  expect(await context.cookies()).toEqual([]);
  watch.expectClean();
});

test.describe('under Save-Data, where the viewer starts on request', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const connection = { saveData: true, addEventListener: () => {}, removeEventListener: () => {} };
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
    });
  });

  test('"View in 3D" on the model a search opened converts that search', async ({ page, watch, server }) => {
    const app = await server({ env: { INSIGHTS_TOKEN: `${TOKEN}-3d` } });
    await page.goto(`${app.url}/`);
    await waitForHydration(page);

    await typeInHeaderSearch(page, 'desk lamp');
    const model = page.locator('.header-search-root [role=option]', { has: page.locator('.eyebrow', { hasText: 'Model' }) }).first();
    const title = (await model.locator('.search-option-title').textContent()) ?? '';
    await model.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'View in 3D' }).click();
    await expect.poll(() => eventsOf(app, 'search-conversion').length, { timeout: 10_000 }).toBe(1);
    const searches = await openDashboard(page, `${app.url}/_insights/dashboard?token=${TOKEN}-3d`);

    expect(eventsOf(app, 'search-conversion')[0]).toMatchObject({ kind: '3d' });
    const row = searches.getByRole('table', { name: 'Top searches' }).getByRole('row').nth(1);
    await expect(row.getByRole('cell')).toHaveText(['desk lamp', '1', '100%', /^\d+$/, '100%']);
    await expect(figure(searches, 'conversion rate')).toHaveText('100%');
    watch.expectClean();
  });
});
