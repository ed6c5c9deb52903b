/**
 * Headless Chromium with software WebGL (SwiftShader), per docs in
 * /work/shared/BROWSER.md: no GPU, no sandbox as root, no background traffic.
 * Every page records console errors and blocks requests to other origins.
 */
import { chromium } from 'playwright-core';
import sharp from 'sharp';

import type { Browser, Locator, Page } from 'playwright-core';

const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
];
const SWIFTSHADER_FLAGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];

export function launchBrowser(options: { webgl: boolean }): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...BASE_FLAGS, ...(options.webgl ? SWIFTSHADER_FLAGS : ['--disable-webgl', '--disable-3d-apis'])],
  });
}

export interface WatchedPage {
  page: Page;
  /** console errors/warnings and page errors, as text. */
  problems: string[];
  /** Requests to any origin but ours (blocked). */
  foreignRequests: string[];
}

export async function openPage(browser: Browser, origin: string, path: string): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 800, height: 700 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems: string[] = [];
  const foreignRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreignRequests.push(url);
    return route.abort();
  });
  await page.goto(`${origin}${path}`);
  return { page, problems, foreignRequests };
}

export function waitForState(page: Page, state: string, timeoutMs = 60_000): Promise<unknown> {
  return page.waitForSelector(`figure[data-state="${state}"]`, { timeout: timeoutMs });
}

/**
 * Share of pixels in the element's screenshot that differ clearly from its
 * background, taken as the most common colour (corners may be rounded off).
 */
export async function getCoverage(locator: Locator): Promise<number> {
  const { data, info } = await sharp(await locator.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const rgbAt = (index: number) => {
    const offset = index * info.channels;
    return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0] as const;
  };
  const counts = new Map<number, number>();
  for (let index = 0; index < pixels; index++) {
    const [r, g, b] = rgbAt(index);
    const key = (r << 16) | (g << 8) | b;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [background = 0] = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [0, 0]);
  let differing = 0;
  for (let index = 0; index < pixels; index++) {
    const [r, g, b] = rgbAt(index);
    const delta = Math.abs(r - ((background >> 16) & 255)) + Math.abs(g - ((background >> 8) & 255)) + Math.abs(b - (background & 255));
    if (delta > 24) differing++;
  }
  return differing / pixels;
}

export function getDebug(page: Page) {
  return page.evaluate(() => {
    const debug = window.__vitrineViewer;
    return debug ? { contexts: debug.contexts, frames: debug.frames, memory: debug.memory() } : null;
  });
}
