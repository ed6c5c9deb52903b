import assert from 'node:assert/strict';

import { AxeBuilder } from '@axe-core/playwright';

import { openPage, waitForHydration } from './support/browser.ts';
import { test } from './support/runner.ts';

import type { Page, Request } from 'playwright-core';
import type { RunningServer } from './support/server.ts';

/**
 * Search in a real browser against the production build on the embedded
 * engine: the header box as you type (ARIA combobox, keyboard, client-side
 * navigation, Insights events), its stalled and error states, the search
 * page (server-rendered, hydrated without a request, URL kept in sync), the
 * no-JavaScript forms, and no request leaving our origin.
 */

const SEARCH_PATH = /\/1\/indexes\/[^/]+\/queries/;

function queryOf(request: Request): string {
  const body = JSON.parse(request.postData() ?? '{}') as { requests?: Array<{ query?: string; params?: { query?: string } }> };
  const first = body.requests?.[0];
  return first?.query ?? first?.params?.query ?? '';
}

/** The queries of every search request the page sends from now on, in order. */
function recordSearches(page: Page): Array<{ indexName: string; query: string }> {
  const searches: Array<{ indexName: string; query: string }> = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !SEARCH_PATH.test(new URL(request.url()).pathname)) return;
    const body = JSON.parse(request.postData() ?? '{}') as { requests?: Array<{ indexName: string }> };
    const first = body.requests?.[0];
    if (first) searches.push({ indexName: first.indexName, query: queryOf(request) });
  });
  return searches;
}

/** Survives client navigations, disappears on a document load. */
const setMarker = (page: Page) => page.evaluate(() => ((window as Window & { __searchMarker?: boolean }).__searchMarker = true));
const hasMarker = (page: Page) => page.evaluate(() => (window as Window & { __searchMarker?: boolean }).__searchMarker === true);

const optionTitles = (page: Page) => page.locator('.header-search-root [role=option] .search-option-title').allTextContents();

async function waitForLogLines(
  server: RunningServer,
  predicate: (line: Record<string, unknown>) => boolean,
  timeoutMs = 8000,
): Promise<Array<Record<string, unknown>>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = server.logs.filter(predicate);
    if (lines.length > 0 || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('the header box shows results as you type, letter by letter, with nothing loaded or sent before', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const searches = recordSearches(page);
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const sentBeforeTyping = searches.length;

    await page.getByRole('searchbox', { name: 'Search the site' }).click();
    const combobox = page.getByRole('combobox', { name: 'Search the site' });
    await combobox.waitFor();
    const seen: string[][] = [];
    for (const letter of 'desk') {
      const typed = (await combobox.inputValue()) + letter;
      const answered = page.waitForResponse((response) => SEARCH_PATH.test(new URL(response.url()).pathname) && queryOf(response.request()) === typed);
      await combobox.press(letter);
      await answered;
      // The live region speaks once the results on screen are this query's.
      await page.waitForFunction(() => (document.querySelector('.header-search-root [role=status]')?.textContent ?? '') !== '');
      seen.push(await optionTitles(page));
    }

    assert.equal(sentBeforeTyping, 0, 'a search was sent before the visitor typed');
    assert.deepEqual(
      searches.map((s) => s.query),
      ['d', 'de', 'des', 'desk'],
    );
    assert.ok(searches.every((s) => s.indexName === 'vitrine_en-US'));
    assert.notDeepEqual(seen[0], seen[3], 'the results did not change while typing');
    assert.ok(seen[3]!.length > 0 && seen[3]!.length <= 5);
    assert.match(seen[3]![0]!, /desk/i);
    assert.equal(await combobox.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('.header-search-root [role=option] mark').first().textContent(), 'Desk');
    assert.match((await page.locator('.header-search-root [role=status]').textContent()) ?? '', /^\d+ results?$/);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('arrow keys and Enter open a hit client-side; the click and the views reach /1/events', async ({ browser, app, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await setMarker(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    const logMark = app.logs.length;

    await page.keyboard.press('/');
    const combobox = page.getByRole('combobox', { name: 'Search the site' });
    await combobox.waitFor();
    await page.keyboard.type('lamp', { delay: 60 });
    await page.locator('.header-search-root [role=option]').nth(1).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await combobox.getAttribute('aria-activedescendant');
    const second = page.locator('.header-search-root [role=option]').nth(1);
    const title = await second.locator('.search-option-title').textContent();
    assert.equal(active, await second.getAttribute('id'));
    assert.equal(await second.getAttribute('aria-selected'), 'true');
    const axe = await new AxeBuilder({ page }).include('.header-search-root').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/(models|articles)\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: title ?? '' }).waitFor();

    assert.deepEqual(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
    );
    assert.equal(await hasMarker(page), true, 'Enter reloaded the document');
    assert.deepEqual(documents, []);
    assert.equal(await combobox.getAttribute('aria-expanded'), 'false');
    const clicks = await waitForLogLines(
      app,
      (line, i = app.logs.indexOf(line)) => i >= logMark && line.event === 'search-insight' && line.eventType === 'click',
    );
    assert.equal(clicks.length, 1, 'no click event reached the server');
    assert.match(String(clicks[0]!.queryID), /^[0-9a-f]{32}$/);
    assert.deepEqual(clicks[0]!.positions, [2]);
    assert.equal(clicks[0]!.index, 'vitrine_en-US');
    assert.match(String(clicks[0]!.userToken), /^anonymous-/);

    // Leaving the page flushes the view batch (pagehide): at most 20 objects per event.
    await page.goto('about:blank');
    const views = await waitForLogLines(
      app,
      (line, i = app.logs.indexOf(line)) => i >= logMark && line.event === 'search-insight' && line.eventType === 'view',
    );
    assert.ok(views.length > 0, 'no view event reached the server');
    assert.ok(views.every((view) => Array.isArray(view.objectIDs) && view.objectIDs.length <= 20));
    assert.deepEqual(session.watch.externalRequests, []);
    assert.deepEqual(await page.context().cookies(), []);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('a slow search shows the stalled spinner, then the results', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    await page.route('**/1/indexes/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.fallback().catch(() => undefined);
    });
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);

    await page.getByRole('searchbox', { name: 'Search the site' }).click();
    await page.getByRole('combobox', { name: 'Search the site' }).waitFor();
    await page.keyboard.type('lamp');
    await page.locator('[data-status="stalled"]').waitFor({ timeout: 5000 });
    const announced = await page.locator('.header-search-root [role=status]').textContent();
    await page.locator('.header-search-root [role=option]').first().waitFor({ timeout: 10_000 });

    assert.equal(announced, 'Searching…');
    assert.equal(await page.locator('[data-status="stalled"]').count(), 0);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('a failing search shows a message with Retry, and Retry recovers', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const failing = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal error', status: 500 }) });
    await page.route('**/1/indexes/**', failing);
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);

    await page.getByRole('searchbox', { name: 'Search the site' }).click();
    await page.getByRole('combobox', { name: 'Search the site' }).waitFor();
    await page.keyboard.type('lamp');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    const message = await alert.textContent();
    await page.unroute('**/1/indexes/**', failing);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.header-search-root [role=option]').first().waitFor({ timeout: 10_000 });

    assert.match(message ?? '', /Search is not available right now/);
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.ok((await page.locator('main h1').count()) === 1, 'the page went blank');
    session.expectClean([/^failed response: 500 .*\/1\/indexes\//, /Failed to load resource: the server responded with a status of 500/]);
  } finally {
    await session.close();
  }
});

test('the search page is server-rendered, hydrates without a search, and keeps the URL in step', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const searches = recordSearches(page);
    await page.goto(`${baseUrl}/search?q=lamp`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const onLoad = searches.length;
    const firstTitles = await page.locator('main .search-results h2').allTextContents();
    await setMarker(page);

    const box = page.locator('#search-page-input');
    await box.fill('desk');
    await page.waitForURL(`${baseUrl}/search?q=desk`);
    await page.getByText('3 results for “desk”').waitFor();
    await page.getByRole('checkbox', { name: /^Article/ }).check();
    await page.waitForURL(`${baseUrl}/search?q=desk&type=article`);
    await page.getByText('2 results for “desk”').waitFor();
    await box.fill('lamp');
    await page.getByRole('checkbox', { name: /^Article/ }).uncheck();
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(`${baseUrl}/search?q=lamp&page=2`);
    await page.locator('main .search-results h2 a').first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/search'));
    await page.getByRole('heading', { level: 1 }).waitFor();

    assert.equal(onLoad, 0, 'hydration sent a search request');
    assert.equal(firstTitles.length, 5);
    assert.ok(searches.length >= 3);
    assert.equal(await hasMarker(page), true, 'the search page reloaded the document');
    assert.doesNotMatch(page.url(), /\/search/);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/search?q=lamp&page=2`);
    await page.getByText('8 results for “lamp”').waitFor();
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('the German pages search the German index', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const searches = recordSearches(page);
    // The worst case for the handover: a slow phone, and the box's code not fetched ahead (the idle
    // preload never fires), so it arrives and takes over while the visitor types. No keystroke may be lost.
    await page.addInitScript(() => (window.requestIdleCallback = () => 0));
    await page.goto(`${baseUrl}/de`);
    await waitForHydration(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    await page.getByRole('searchbox', { name: 'Website durchsuchen' }).click();
    await page.keyboard.type('leuchte');
    assert.equal(await page.getByRole('combobox', { name: 'Website durchsuchen' }).inputValue(), 'leuchte');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.locator('.header-search-root [role=option]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/de/search?q=leuchte`);
    await page.getByText('8 Treffer für „leuchte“').waitFor();

    assert.ok(searches.length > 0 && searches.every((s) => s.indexName === 'vitrine_de-DE'));
    assert.ok((await page.locator('main .search-results a[href^="/de/"]').count()) > 0);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('without JavaScript the header form and the facet checkboxes get server-rendered results', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl, { javaScriptEnabled: false });
  const { page } = session;
  try {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('desk');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/search?q=desk`);
    const titles = await page.locator('main .search-results h2').allTextContents();
    await page.getByRole('checkbox', { name: /^Model/ }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`${baseUrl}/search?q=desk&type=model`);

    assert.equal(titles.length, 3);
    assert.ok(titles.some((title) => /Pivot Desk Lamp/.test(title)));
    assert.deepEqual(await page.locator('main .search-results h2').allTextContents(), ['Pivot Desk Lamp']);
    assert.equal(await page.getByText('1 result for “desk”').count(), 1);
    session.expectClean();
  } finally {
    await session.close();
  }
});
