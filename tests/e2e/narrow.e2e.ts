import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LONG_WORD, writeLongWordSpace } from '../fixtures/narrow/long-words.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

import type { Page } from '@playwright/test';
import type { RunningServer } from './support/fixtures.ts';

/**
 * ADR 042: at 320 px no page scrolls sideways, even with a 200-character word in titles, list
 * excerpts, a table cell, a link and the header and footer (tests/fixtures/narrow/long-words.ts lengthens them).
 * Each page also names where the word must be, so a page that lost it cannot pass by being empty.
 */

const PAGES = [
  { name: 'home', path: '/', holds: ['header', 'footer'] },
  { name: 'models', path: '/models', holds: ['main h2, main h3'] },
  { name: 'model', path: '/models/ostra-lounge-chair', holds: ['h1', 'td', 'main a'] },
  { name: 'articles', path: '/articles', holds: ['main h2, main h3'] },
  { name: 'article', path: '/articles/behind-the-vitrine', holds: ['h1', 'td', 'main a'] },
  { name: 'tag', path: '/tags/process', holds: ['h1'] },
  { name: 'page', path: '/about', holds: ['h1', 'td', 'main a'] },
  { name: 'search', path: '/search?q=behind', holds: ['main h2, main h3'] },
  { name: 'not found', path: '/articles/no-such-article', holds: ['footer'] },
] as const;

const WIDTH = 320;

test.use({ viewport: { width: WIDTH, height: 640 } });

let dir: string;
let site: RunningServer;

test.beforeAll(async ({ server }) => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-narrow-'));
  site = await server({ env: { CONTENT_EXPORT_FILE: writeLongWordSpace(dir) }, startTimeoutMs: 60_000 });
  // The search page answers from the index the server builds at start.
  await expect.poll(async () => (await fetch(`${site.url}/readyz`)).status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The outermost elements that reach past the viewport's right edge, for the failure message. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const sticksOut = (el: Element | null) => !!el && el.getBoundingClientRect().right > width + 0.5;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => sticksOut(el) && !sticksOut(el.parentElement));
    return wide.slice(0, 8).map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`);
  }, WIDTH);
}

for (const { name, path, holds } of PAGES) {
  test(`${name} does not scroll sideways at ${WIDTH} px`, async ({ page }) => {
    await page.goto(`${site.url}${path}`);
    await waitForHydration(page);

    for (const selector of holds) await expect(page.locator(selector).filter({ hasText: LONG_WORD }).first(), selector).toBeAttached();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, (await overflowing(page)).join('\n')).toBeLessThanOrEqual(WIDTH);
  });
}
