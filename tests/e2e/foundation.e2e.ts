import assert from 'node:assert/strict';

import { openPage, waitForHydration } from './support/browser.ts';
import { test } from './support/runner.ts';

import type { Page } from 'playwright-core';

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

test('the home page loads and hydrates with no console errors, hydration warnings or failed requests', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  try {
    const response = await session.page.goto(`${baseUrl}/`);

    assert.equal(response?.status(), 200);
    await waitForHydration(session.page);
    assert.ok(await session.page.getByRole('heading', { level: 1 }).isVisible());
    await session.page.waitForLoadState('networkidle');
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('a URL with tracking parameters hydrates cleanly on its canonical form and keeps the parameters a route reads', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const response = await page.goto(`${baseUrl}/ARTICLES?utm_source=news&page=1&fbclid=abc#top`);

    assert.equal(response?.status(), 200);
    await waitForHydration(page);
    const here = await page.evaluate(() => window.location.pathname + window.location.search + window.location.hash);
    assert.equal(here, '/articles?page=1#top');
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${baseUrl}/articles`);
    await page.waitForLoadState('networkidle');
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('a link click navigates client-side with one data request, and back/forward stay in the page', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    const documents = recordDocumentRequests(page);
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/_data')) dataRequests.push(request.url());
    });

    await page.getByRole('link', { name: ALL_MODELS }).click();
    await page.waitForURL(`${baseUrl}/models`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    assert.equal(await hasMarker(page), true, 'the click reloaded the document');
    assert.deepEqual(documents, []);
    assert.ok(
      session.watch.requests.some((url) => new URL(url).pathname === '/_data/models'),
      `no /_data/models request; saw ${dataRequests.join(', ')}`,
    );

    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: ALL_MODELS }).waitFor();
    assert.equal(await hasMarker(page), true, 'back reloaded the document');

    await page.goForward();
    await page.waitForURL(`${baseUrl}/models`);
    assert.equal(await hasMarker(page), true, 'forward reloaded the document');
    assert.deepEqual(documents, []);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('links prefetch their route data once within 200px of the viewport, after the page has loaded', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl, { viewport: { width: 1280, height: 500 } });
  const { page } = session;
  const dataPaths = () => session.watch.requests.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/_data/'));
  try {
    await page.goto(`${baseUrl}/articles`);
    await waitForHydration(page);
    const links = await page
      .locator('main a[href^="/articles/"]')
      .evaluateAll((elements) =>
        elements.map((element) => ({ href: element.getAttribute('href') ?? '', top: element.getBoundingClientRect().top + window.scrollY })),
      );
    const near = links.find((link) => link.top < 500);
    const far = links.findLast((link) => link.top > 500 + 600);
    assert.ok(near && far, `the list needs a link in view and one far below it: ${JSON.stringify(links)}`);

    await page.waitForFunction(() => document.readyState === 'complete');
    const deadline = Date.now() + 10_000;
    while (!dataPaths().includes(`/_data${near.href}`) && Date.now() < deadline) await page.waitForTimeout(100);
    assert.ok(dataPaths().includes(`/_data${near.href}`), `the link in view was not prefetched; saw ${dataPaths().join(', ')}`);
    assert.ok(!dataPaths().includes(`/_data${far.href}`), `a link ${Math.round(far.top)}px down was prefetched before it came near`);

    await page.evaluate((top) => window.scrollTo(0, top - 500 - 150), far.top);
    const scrolledDeadline = Date.now() + 10_000;
    while (!dataPaths().includes(`/_data${far.href}`) && Date.now() < scrolledDeadline) await page.waitForTimeout(100);
    assert.ok(dataPaths().includes(`/_data${far.href}`), `the far link was not prefetched once within 200px; saw ${dataPaths().join(', ')}`);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('a navigation whose data is slower than 3800 ms falls back to a full document load', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    await page.route('**/_data/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ROUTE_DATA_TIMEOUT_MS + 2000));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    const documents = recordDocumentRequests(page);

    const clickedAt = Date.now();
    await page.getByRole('link', { name: ALL_MODELS }).click();
    await page.waitForURL(`${baseUrl}/models`, { timeout: ROUTE_DATA_TIMEOUT_MS + 10_000 });
    await page.waitForLoadState('load');
    const elapsed = Date.now() - clickedAt;

    assert.deepEqual(
      documents.map((url) => new URL(url).pathname),
      ['/models'],
    );
    assert.equal(await hasMarker(page), false, 'expected a document load, but the page kept its state');
    assert.ok(elapsed >= ROUTE_DATA_TIMEOUT_MS - 200, `fell back after ${elapsed} ms, before the ${ROUTE_DATA_TIMEOUT_MS} ms timeout`);
    await waitForHydration(page);
    assert.ok(await page.getByRole('heading', { level: 1 }).isVisible());
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('content is there with JavaScript disabled, and links work as plain links', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl, { javaScriptEnabled: false });
  const { page } = session;
  try {
    const response = await page.goto(`${baseUrl}/`);

    assert.equal(response?.status(), 200);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    assert.ok(heading && heading.trim().length > 0, 'no h1 without JavaScript');
    assert.ok((await page.getByRole('link').count()) > 3);

    await page.getByRole('link', { name: ALL_MODELS }).click();
    await page.waitForURL(`${baseUrl}/models`);
    assert.ok(await page.getByRole('heading', { level: 1 }).isVisible());
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('an unknown URL answers 404 with the error page and no console errors', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  try {
    const response = await session.page.goto(`${baseUrl}/no/such/page/here`);

    assert.equal(response?.status(), 404);
    await waitForHydration(session.page);
    assert.ok(await session.page.getByRole('heading', { level: 1 }).isVisible());
    session.expectClean([/^failed response: 404 .*\/no\/such\/page\/here$/, /Failed to load resource: the server responded with a status of 404/]);
  } finally {
    await session.close();
  }
});

test('no request leaves the origin while browsing the embedded site', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    for (const path of ['/', '/models', '/articles', '/de']) {
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
    }
    // Follow the first model and article links too: they pull images, posters and viewer assets.
    for (const listing of ['/models', '/articles']) {
      await page.goto(`${baseUrl}${listing}`);
      await waitForHydration(page);
      const first = page.locator(`main a[href^="${listing}/"]`).first();
      await first.click();
      await page.waitForURL(new RegExp(`${listing}/[^/]+$`));
      await page.waitForLoadState('networkidle');
    }

    assert.deepEqual(session.watch.externalRequests, []);
    session.expectClean();
  } finally {
    await session.close();
  }
});
