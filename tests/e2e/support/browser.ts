import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';

import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Page, Request } from 'playwright-core';

/** Debian's Chromium (BROWSER.md): never a Playwright browser download, which fails offline. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags that work as root on these machines and keep Chromium from calling
 * home (BROWSER.md). Playwright adds a fresh temporary --user-data-dir per
 * launch and --headless itself.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
];

/** WebGL through SwiftShader (software); --disable-gpu must stay off. */
export const WEBGL_FLAGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];

export interface LaunchOptions {
  /** Default true: SwiftShader WebGL. False adds --disable-webgl (the viewer's poster fallback). */
  webgl?: boolean;
  extraArgs?: string[];
}

/** Launches headless Chromium with the flags above. */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (.ci/run does)`);
  const webgl = options.webgl ?? true;
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...(webgl ? WEBGL_FLAGS : ['--disable-webgl']), ...(options.extraArgs ?? [])],
  });
}

/** What a page did that a test may want to fail on. */
export interface PageWatch {
  /** console.error / console.warn messages and uncaught page errors, as text. */
  consoleProblems: string[];
  /** Every request to a host other than the app's (aborted unless `allowExternal`). */
  externalRequests: string[];
  /** Same-origin responses with status >= 400 (a missing favicon counts). */
  failedResponses: string[];
  /** Every same-origin request URL, in order. */
  requests: string[];
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
  /** Throws listing every console problem, external request and failed response not matched by `allow`. */
  expectClean(allow?: RegExp[]): void;
  close(): Promise<void>;
}

export interface OpenPageOptions extends BrowserContextOptions {
  /** Let requests to other hosts through instead of aborting them (they are still recorded). */
  allowExternal?: boolean;
}

/**
 * A fresh context and page that records console errors and warnings, page
 * errors, failed same-origin responses and every request leaving `origin`.
 * Requests to other hosts are aborted by default, so a test can never
 * depend on the internet by accident.
 */
export async function openPage(browser: Browser, origin: string, options: OpenPageOptions = {}): Promise<WatchedPage> {
  const { allowExternal = false, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  const watch: PageWatch = { consoleProblems: [], externalRequests: [], failedResponses: [], requests: [] };
  const appOrigin = new URL(origin).origin;

  await context.route('**/*', (route, request: Request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    if (new URL(url).origin === appOrigin) {
      watch.requests.push(url);
      return route.continue();
    }
    watch.externalRequests.push(`${request.method()} ${url}`);
    return allowExternal ? route.continue() : route.abort('blockedbyclient');
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      watch.consoleProblems.push(`console.${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => watch.consoleProblems.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).origin === appOrigin) watch.failedResponses.push(`${response.status()} ${response.url()}`);
  });

  return {
    context,
    page,
    watch,
    expectClean(allow = []) {
      const problems = [
        ...watch.consoleProblems,
        ...watch.externalRequests.map((r) => `external request: ${r}`),
        ...watch.failedResponses.map((r) => `failed response: ${r}`),
      ].filter((line) => !allow.some((pattern) => pattern.test(line)));
      if (problems.length > 0) throw new Error(`page was not clean:\n  ${problems.join('\n  ')}`);
    },
    close: () => context.close(),
  };
}

/** Resolves once the router hydrated (entry.client.tsx sets `window.__vitrineHydrated`). */
export async function waitForHydration(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(() => (window as Window & { __vitrineHydrated?: boolean }).__vitrineHydrated === true, undefined, { timeout: timeoutMs });
}
