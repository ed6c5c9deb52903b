import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';

import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium (BROWSER.md): never a Playwright browser download, which fails offline. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that work as root here and keep Chromium from calling home (BROWSER.md); Playwright adds --headless and a fresh profile. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
];

/** WebGL through SwiftShader (software); --disable-gpu must stay off. Without WebGL: the viewer's poster fallback. */
export const webglFlags = (webgl = true) =>
  webgl ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'] : ['--disable-webgl'];

/** Headless Chromium with the flags above, for scripts that drive a browser outside the e2e runner. */
export function launchBrowser(options: { webgl?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (.ci/run does)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, ...webglFlags(options.webgl)] });
}

/** What a page did that a test may want to fail on. */
export interface PageWatch {
  /** console.error / console.warn messages and uncaught page errors. */
  consoleProblems: string[];
  /** Every request to a host other than ours (aborted unless `allowExternal`). */
  externalRequests: string[];
  /** Our responses with status >= 400 (a missing favicon counts). */
  failedResponses: string[];
  /** Every request URL to our origins, in order. */
  requests: string[];
  /** Throws listing every console problem, external request and failed response not matched by `allow`. */
  expectClean(allow?: RegExp[]): void;
}

/**
 * Records console problems, page errors, failed responses and every request leaving `isOurs` on a context
 * (and its pages). Requests elsewhere are aborted, so a test can never depend on the internet by accident.
 */
export async function watchContext(context: BrowserContext, isOurs: (origin: string) => boolean, allowExternal = false): Promise<PageWatch> {
  const watch: PageWatch = {
    consoleProblems: [],
    externalRequests: [],
    failedResponses: [],
    requests: [],
    expectClean(allow = []) {
      const problems = [
        ...watch.consoleProblems,
        ...watch.externalRequests.map((r) => `external request: ${r}`),
        ...watch.failedResponses.map((r) => `failed response: ${r}`),
      ].filter((line) => !allow.some((pattern) => pattern.test(line)));
      if (problems.length > 0) throw new Error(`page was not clean:\n  ${problems.join('\n  ')}`);
    },
  };
  await context.route('**/*', (route, request) => {
    const url = request.url();
    // The page may be gone by the time a delayed request is let through: nothing left to answer then.
    const pass = () => route.continue().catch(() => undefined);
    if (url.startsWith('data:') || url.startsWith('blob:')) return pass();
    if (isOurs(new URL(url).origin)) {
      watch.requests.push(url);
      return pass();
    }
    watch.externalRequests.push(`${request.method()} ${url}`);
    return allowExternal ? pass() : route.abort('blockedbyclient').catch(() => undefined);
  });
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        watch.consoleProblems.push(`console.${message.type()}: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => watch.consoleProblems.push(`pageerror: ${error.stack ?? error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && isOurs(new URL(response.url()).origin)) watch.failedResponses.push(`${response.status()} ${response.url()}`);
    });
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return watch;
}

/** Resolves once the router hydrated (entry.client.tsx sets `window.__vitrineHydrated`). */
export async function waitForHydration(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(() => (window as Window & { __vitrineHydrated?: boolean }).__vitrineHydrated === true, undefined, { timeout: timeoutMs });
}
