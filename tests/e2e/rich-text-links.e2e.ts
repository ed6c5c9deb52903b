import { expect, test, waitForHydration } from './support/fixtures.ts';

/**
 * Issue 14, item 5: a relative link an editor writes in rich text (`[rest of the collection](/models)` in the desk
 * lamp article) is a client-side navigation after hydration, like the app's own links: no document request, and
 * the page's JavaScript state survives.
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
  await link.click();

  await expect(page).toHaveURL(/\/models$/);
  await expect(page.locator('h1')).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(documents).toEqual([]);
  watch.expectClean();
});
