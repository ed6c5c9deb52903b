import { expect, test, waitForHydration } from './support/fixtures.ts';

/**
 * ADR 042: a relative link an editor writes in rich text (`[rest of the collection](/models)` in the desk
 * lamp article) is a client-side navigation after hydration, like the app's own links: no document request, and
 * the page's JavaScript state survives; the next page opens at its top and Back restores the position.
 */
test('a relative rich-text link navigates client-side', async ({ page, watch }) => {
  await page.goto('/articles/the-balance-of-a-desk-lamp');
  await waitForHydration(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const link = page.locator('.prose a', { hasText: 'rest of the collection' });
  await expect(link).toHaveAttribute('href', '/models');
  await link.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(300);
  await link.click();

  await expect(page).toHaveURL(/\/models$/);
  await expect(page.locator('h1')).toBeVisible();
  // The next page opens at its top, and Back returns to where the visitor was (ScrollRestoration).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/the-balance-of-a-desk-lamp$/);
  // Near, not exactly: images above may finish loading in between and move the article by a few lines.
  await expect.poll(() => page.evaluate((y) => Math.abs(window.scrollY - y), scrolledTo)).toBeLessThan(150);
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(documents).toEqual([]);
  watch.expectClean();
});

/** A link to a section of another page (`/visit#opening-hours`, a heading's id) navigates client-side and lands on the heading. */
test('a rich-text link to a heading of another page scrolls to it after the client navigation', async ({ page, watch }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/articles/the-balance-of-a-desk-lamp');
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const link = page.locator('.prose a', { hasText: 'visit the workshop' });
  // Far down the article: without the scroll the visit page would open just as far down, past its first heading.
  await link.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

  await link.click();

  await expect(page).toHaveURL(/\/visit#opening-hours$/);
  const heading = page.locator('h2#opening-hours');
  await expect(heading).toHaveText('Opening hours');
  await expect.poll(() => heading.evaluate((element) => Math.abs(element.getBoundingClientRect().top))).toBeLessThan(2);
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  watch.expectClean();
});
