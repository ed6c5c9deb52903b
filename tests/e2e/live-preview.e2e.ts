import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

import { expect, test } from './support/fixtures.ts';

import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * Contentful's Live Preview, in a real browser: a local page on another site (localhost against the app's 127.0.0.1) frames the
 * preview as the Contentful web app does and speaks the SDK's postMessage protocol (live-preview/harness.html). The inspector's
 * outlines appear where the tagged fields are and name the field to open; an update changes the text in place, a save reloads
 * the page's data without reloading the document or moving the scroll position; a public page refuses to be framed.
 */

const SECRET = 'e2e-preview-secret';
const ARTICLE = '/articles/behind-the-vitrine';
const HARNESS = readFileSync(join(import.meta.dirname, 'live-preview', 'harness.html'), 'utf8');

async function startHarness() {
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(HARNESS));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const pane = (page: Page) => page.frameLocator('#preview');

test('inside a Live Preview pane: outlines on the tagged fields, typed text in place, a save reloads the data only', async ({ page, server, origins }) => {
  const harness = await startHarness();
  origins.add(harness.origin);
  const app = await server({ env: { PREVIEW_SECRET: SECRET, PREVIEW_FRAME_ANCESTORS: `https://app.contentful.com ${harness.origin}` } });
  const src = `${app.url}/api/preview?secret=${SECRET}&path=${ARTICLE}`;
  try {
    await page.goto(`${harness.origin}/?src=${encodeURIComponent(src)}`);
    const title = pane(page).locator('h1');
    await expect(title).toHaveAttribute('data-contentful-field-id', 'title');
    const entryId = (await title.getAttribute('data-contentful-entry-id')) ?? '';
    expect(entryId).not.toBe('');

    // Inspector mode: the web app draws an outline per visible tagged field; a click opens that field.
    await expect(page.locator('.outline[data-field="title"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('.outline[data-field="body"]')).toHaveCount(1);
    await page.locator('.outline[data-field="title"]').click();
    expect(await page.evaluate(() => (window as unknown as { opened: unknown[] }).opened)).toEqual([
      { entryId, fieldId: 'title', locale: 'en-US', manuallyTagged: true },
    ]);
    expect(await page.evaluate(() => (window as unknown as { messages: string[] }).messages)).toContain('CONNECTED');

    // Live updates: the editor types a new title; it shows at once, in place.
    const frame = page.frames().find((f) => f.url().startsWith(app.url))!;
    await expect.poll(() => page.evaluate(() => (window as unknown as { subscriptions: string[] }).subscriptions.length)).toBeGreaterThan(0);
    const edited = { sys: { id: entryId, type: 'Entry' }, fields: { title: 'Typed in the editor just now' } };
    await page.evaluate((entry) => (window as unknown as { sendUpdate(e: object): void }).sendUpdate(entry), edited);
    await expect(title).toHaveText('Typed in the editor just now', { timeout: 1_000 });
    // docs/own-space.md's picture: LIVE_PREVIEW_SCREENSHOT=docs/images/live-preview.png npx playwright test live-preview
    if (process.env.LIVE_PREVIEW_SCREENSHOT) await page.screenshot({ path: process.env.LIVE_PREVIEW_SCREENSHOT });

    const documents: string[] = [];
    const data: string[] = [];
    page.on('request', (request) => {
      if (request.frame() === frame && request.resourceType() === 'document') documents.push(request.url());
      if (request.url().includes('/_data/')) data.push(request.url());
    });
    const scrolled = await frame.evaluate(() => (window.scrollTo(0, 400), window.scrollY));
    expect(scrolled).toBe(400);
    // A save: the loaders run again through /_data (the draft from the Preview API), no document load, the scroll kept.
    await page.evaluate((entry) => (window as unknown as { sendSaved(e: object): void }).sendSaved(entry), edited);
    await expect.poll(() => data.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(documents).toEqual([]);
    expect(await frame.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(title).toHaveText('Typed in the editor just now');
  } finally {
    harness.close();
  }
});

test('a public page cannot be framed, and without the preview cookie there is no preview HTML', async ({ page, server, origins }) => {
  const harness = await startHarness();
  origins.add(harness.origin);
  const app = await server({ env: { PREVIEW_SECRET: SECRET, PREVIEW_FRAME_ANCESTORS: harness.origin } });
  try {
    const blocked = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
    await page.goto(`${harness.origin}/?src=${encodeURIComponent(`${app.url}${ARTICLE}`)}`);
    expect((await blocked).text()).toContain("frame-ancestors 'none'");
    // Chromium puts its own error page in the frame: none of the site is in it.
    await expect(pane(page).locator('.site-header')).toHaveCount(0);

    const direct = await page.request.get(`${app.url}${ARTICLE}`);
    expect(await direct.text()).not.toContain('data-contentful-');
    expect(direct.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  } finally {
    harness.close();
  }
});
