import { expect, test, waitForHydration } from './support/fixtures.ts';

import type { Page } from '@playwright/test';

/**
 * The foundation's promises in a real browser, against the production build
 * on the embedded default: a clean load, client-side navigation with one data
 * request, history, the fallback to a document load when data is slow, content
 * without JavaScript, and no request leaving our origin.
 */

const ROUTE_DATA_TIMEOUT_MS = 3800;
/** The home page's link to the model listing (label from client/layout/labels.ts). */
const ALL_MODELS = /^All models/;

/** Survives client navigations, disappears on a document load. */
async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { __e2eMarker?: string }).__e2eMarker = 'still-here';
  });
}

async function hasMarker(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { __e2eMarker?: string }).__e2eMarker === 'still-here');
}

/** Document (navigation) requests the page makes from now on. */
function recordDocumentRequests(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  return documents;
}

test('the home page loads and hydrates with no console errors, hydration warnings or failed requests', async ({ page, watch }) => {
  const response = await page.goto('/');

  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  watch.expectClean();
});

test('a URL with tracking parameters hydrates cleanly on its canonical form and keeps the parameters a route reads', async ({ page, watch, baseURL }) => {
  const response = await page.goto('/ARTICLES?utm_source=news&page=1&fbclid=abc#top');

  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  const here = await page.evaluate(() => window.location.pathname + window.location.search + window.location.hash);
  expect(here).toBe('/articles?page=1#top');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/articles`);
  await page.waitForLoadState('networkidle');
  watch.expectClean();
});

test('a link click navigates client-side with one data request, and back/forward stay in the page', async ({ page, watch }) => {
  await page.goto('/');
  await waitForHydration(page);
  await setMarker(page);
  const documents = recordDocumentRequests(page);
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/_data')) dataRequests.push(request.url());
  });

  await page.getByRole('link', { name: ALL_MODELS }).click();
  await page.waitForURL('/models');
  await page.getByRole('heading', { level: 1 }).waitFor();

  expect(await hasMarker(page), 'the click reloaded the document').toBe(true);
  expect(documents).toEqual([]);
  expect(
    watch.requests.some((url) => new URL(url).pathname === '/_data/models'),
    `no /_data/models request; saw ${dataRequests.join(', ')}`,
  ).toBe(true);

  await page.goBack();
  await page.waitForURL('/');
  await page.getByRole('link', { name: ALL_MODELS }).waitFor();
  expect(await hasMarker(page), 'back reloaded the document').toBe(true);

  await page.goForward();
  await page.waitForURL('/models');
  expect(await hasMarker(page), 'forward reloaded the document').toBe(true);
  expect(documents).toEqual([]);
  watch.expectClean();
});

test.describe('on a short viewport', () => {
  test.use({ viewport: { width: 1280, height: 500 } });

  test('links prefetch their route data once within 200px of the viewport, after the page has loaded', async ({ page, watch }) => {
    const dataPaths = () => watch.requests.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/_data/'));
    await page.goto('/articles');
    await waitForHydration(page);
    const links = await page
      .locator('main a[href^="/articles/"]')
      .evaluateAll((elements) =>
        elements.map((element) => ({ href: element.getAttribute('href') ?? '', top: element.getBoundingClientRect().top + window.scrollY })),
      );
    const near = links.find((link) => link.top < 500);
    const far = links.findLast((link) => link.top > 500 + 600);
    if (!near || !far) throw new Error(`the list needs a link in view and one far below it: ${JSON.stringify(links)}`);

    await page.waitForFunction(() => document.readyState === 'complete');
    await expect.poll(dataPaths, { message: 'the link in view was not prefetched', timeout: 10_000 }).toContain(`/_data${near.href}`);
    expect(dataPaths(), `a link ${Math.round(far.top)}px down was prefetched before it came near`).not.toContain(`/_data${far.href}`);

    await page.evaluate((top) => window.scrollTo(0, top - 500 - 150), far.top);
    await expect.poll(dataPaths, { message: 'the far link was not prefetched once within 200px', timeout: 10_000 }).toContain(`/_data${far.href}`);
    watch.expectClean();
  });
});

test('a navigation whose data is slower than 3800 ms falls back to a full document load', async ({ page, watch }) => {
  await page.route('**/_data/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ROUTE_DATA_TIMEOUT_MS + 2000));
    await route.fallback().catch(() => undefined);
  });
  await page.goto('/');
  await waitForHydration(page);
  await setMarker(page);
  const documents = recordDocumentRequests(page);

  const clickedAt = Date.now();
  await page.getByRole('link', { name: ALL_MODELS }).click();
  await page.waitForURL('/models', { timeout: ROUTE_DATA_TIMEOUT_MS + 10_000 });
  await page.waitForLoadState('load');
  const elapsed = Date.now() - clickedAt;

  expect(documents.map((url) => new URL(url).pathname)).toEqual(['/models']);
  expect(await hasMarker(page), 'expected a document load, but the page kept its state').toBe(false);
  expect(elapsed, `fell back before the ${ROUTE_DATA_TIMEOUT_MS} ms timeout`).toBeGreaterThanOrEqual(ROUTE_DATA_TIMEOUT_MS - 200);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  watch.expectClean();
});

test('a main thread blocked past the timeout does not turn an answered navigation into a document load', async ({ page, watch }) => {
  // The answer arrives after 1 s; the page is busy from then until after 3800 ms, as when a 3D model's shaders compile.
  await page.route('**/_data/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fallback().catch(() => undefined);
  });
  await page.goto('/');
  await waitForHydration(page);
  await setMarker(page);
  const documents = recordDocumentRequests(page);

  await page.getByRole('link', { name: ALL_MODELS }).click();
  await page.evaluate(() => {
    const end = performance.now() + 4500;
    while (performance.now() < end);
  });
  await page.waitForURL('/models');
  await page.getByRole('heading', { level: 1 }).waitFor();

  expect(await hasMarker(page), 'the blocked page fell back to a document load').toBe(true);
  expect(documents).toEqual([]);
  watch.expectClean();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('content is there with JavaScript disabled, and links work as plain links', async ({ page, watch }) => {
    const response = await page.goto('/');

    expect(response?.status()).toBe(200);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading?.trim(), 'no h1 without JavaScript').toBeTruthy();
    expect(await page.getByRole('link').count()).toBeGreaterThan(3);

    await page.getByRole('link', { name: ALL_MODELS }).click();
    await page.waitForURL('/models');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    watch.expectClean();
  });
});

test('an unknown URL answers 404 with the error page and no console errors', async ({ page, watch }) => {
  const response = await page.goto('/no/such/page/here');

  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  watch.expectClean([/^failed response: 404 .*\/no\/such\/page\/here$/, /Failed to load resource: the server responded with a status of 404/]);
});

test('no request leaves the origin while browsing the embedded site', async ({ page, watch }) => {
  for (const path of ['/', '/models', '/articles', '/de']) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
  }
  // Follow the first model and article links too: they pull images, posters and viewer assets.
  for (const listing of ['/models', '/articles']) {
    await page.goto(listing);
    await waitForHydration(page);
    await page.locator(`main a[href^="${listing}/"]`).first().click();
    await page.waitForURL(new RegExp(`${listing}/[^/]+$`));
    await page.waitForLoadState('networkidle');
  }

  expect(watch.externalRequests).toEqual([]);
  watch.expectClean();
});
