import assert from 'node:assert/strict';

import { openPage, waitForHydration } from './support/browser.ts';
import { test } from './support/runner.ts';

import type { Page } from 'playwright-core';

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
async function follow(page: Page, link: ReturnType<Page['getByRole']>, baseUrl: string, path: string, heading: string | RegExp): Promise<void> {
  await link.click();
  await page.waitForURL(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

test('home → model → article → tag → German, all client-side', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const response = await page.goto(`${baseUrl}/`);
    assert.equal(response?.status(), 200);
    await waitForHydration(page);
    await setMarker(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(request.url());
    });

    await follow(page, page.getByRole('link', { name: 'Ostra Lounge Chair', exact: true }), baseUrl, '/models/ostra-lounge-chair', 'Ostra Lounge Chair');
    assert.ok(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Seating' }).isVisible());

    const appearsIn = page.getByRole('complementary').getByRole('link', { name: 'Oak, ash or walnut: choosing a hardwood you can live with' });
    await follow(page, appearsIn, baseUrl, '/articles/oak-ash-walnut', 'Oak, ash or walnut: choosing a hardwood you can live with');
    assert.match((await page.title()) ?? '', /^Oak, ash or walnut.* · Vitrine$/);

    await follow(page, page.locator('.tag-list').getByRole('link', { name: '#Craft' }), baseUrl, '/tags/craft', '#Craft');
    assert.ok(await page.getByRole('link', { name: 'What the kiln decides', exact: true }).isVisible());

    await follow(page, page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }), baseUrl, '/de/tags/craft', '#Craft');
    assert.ok(await page.getByRole('link', { name: 'Was der Ofen entscheidet', exact: true }).isVisible());
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');

    assert.equal(await hasMarker(page), true, 'a navigation reloaded the document');
    assert.deepEqual(documents, []);
    const dataRequests = session.watch.requests.map((url) => new URL(url).pathname).filter((path) => path.startsWith('/_data/'));
    for (const path of ['/_data/models/ostra-lounge-chair', '/_data/articles/oak-ash-walnut', '/_data/tags/craft', '/_data/de/tags/craft'])
      assert.ok(dataRequests.includes(path), `no ${path}; saw ${dataRequests.join(', ')}`);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(session.watch.externalRequests, []);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('a German article hydrates cleanly and its rich-text links stay in German', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const response = await page.goto(`${baseUrl}/de/articles/oak-ash-walnut`);
    assert.equal(response?.status(), 200);
    await waitForHydration(page);
    await setMarker(page);

    await follow(
      page,
      page.locator('.prose').getByRole('link', { name: 'Ostra Loungesessel' }).first(),
      baseUrl,
      '/de/models/ostra-lounge-chair',
      'Ostra Loungesessel',
    );

    assert.equal(await hasMarker(page), true, 'the rich-text link reloaded the document');
    await page.waitForLoadState('networkidle');
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('an unknown article answers the styled 404 and navigating on from it stays client-side', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const response = await page.goto(`${baseUrl}/articles/no-such-article`);
    assert.equal(response?.status(), 404);
    await waitForHydration(page);
    await setMarker(page);

    await follow(page, page.locator('.error-page').getByRole('link', { name: 'Articles' }), baseUrl, '/articles', /\S/);

    assert.equal(await hasMarker(page), true);
    session.expectClean([/^failed response: 404 .*\/articles\/no-such-article$/, /Failed to load resource: the server responded with a status of 404/]);
  } finally {
    await session.close();
  }
});
