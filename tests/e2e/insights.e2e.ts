import { expect, test, waitForHydration } from './support/fixtures.ts';

import type { RunningServer } from './support/fixtures.ts';

/**
 * Insights in a real browser against the production build: the two deferred
 * scripts load under the CSP, the document load and a client navigation
 * arrive as page-view log lines with their route patterns, Web Vitals arrive
 * when the page is hidden, nothing is set in cookies, and Global Privacy
 * Control silences both scripts.
 */

const TOKEN = 'e2e-insights-token';

type LogLine = Record<string, unknown>;

async function waitForLines(server: RunningServer, predicate: (line: LogLine) => boolean, count: number): Promise<LogLine[]> {
  await expect
    .poll(() => server.logs.filter(predicate).length, { message: `expected ${count} matching log lines`, timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return server.logs.filter(predicate);
}

const isPageView = (line: LogLine) => line.msg === 'insights event' && line.event === 'pageview';
const isVital = (line: LogLine) => line.msg === 'insights event' && line.event === 'vital';

test('page views and Web Vitals reach the self-hosted collector', async ({ page, context, watch, server }) => {
  const app = await server({ env: { INSIGHTS_TOKEN: TOKEN } });
  // The speed-insights script imports web-vitals after `load`; vitals start being observed then.
  const vitalsModule = page.waitForResponse((response) => new URL(response.url()).pathname === '/_insights/speed-insights/vitals.js');
  await page.goto(`${app.url}/`);
  await waitForHydration(page);
  expect((await vitalsModule).status()).toBe(200);
  // web-vitals reads buffered entries (navigation, paint) in observer callbacks a task later.
  await page.waitForFunction(() => new Promise((done) => setTimeout(() => done(true), 100)));
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[src*="/_insights/"]')].map((s) => ({
      src: new URL(s.src).pathname,
      defer: s.defer,
      hasNonce: s.nonce.length > 0,
    })),
  );
  expect(scripts).toEqual([
    { src: '/_insights/insights/script.js', defer: true, hasNonce: true },
    { src: '/_insights/speed-insights/script.js', defer: true, hasNonce: true },
  ]);

  // The app announces a client navigation (on document) in an effect after the commit; under load that can come after
  // the heading shows, and leaving before it would lose the page view (a test race, not a product one).
  await page.evaluate(() => {
    document.addEventListener('vitrine:navigation', () => ((window as Window & { __e2eNavigated?: boolean }).__e2eNavigated = true), { once: true });
  });
  await page.locator('a[href="/models"]').first().click();
  await page.waitForURL(`${app.url}/models`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => (window as Window & { __e2eNavigated?: boolean }).__e2eNavigated === true);
  // Hiding the page flushes both queues. The page stays alive: a beacon sent while it unloads can be cancelled with it in
  // the watch's request interception, which lost every line on a loaded CI machine.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  const views = await waitForLines(app, isPageView, 2);
  expect(views.map((line) => [line.navigation, line.path, line.route])).toEqual([
    ['load', '/', '/'],
    ['navigation', '/models', '/models'],
  ]);
  const vitals = await waitForLines(app, isVital, 2);
  expect(
    vitals.every((line) => line.path === '/' && line.route === '/'),
    JSON.stringify(vitals),
  ).toBe(true);
  expect(vitals.map((line) => line.name)).toContain('TTFB');
  const collectorLines = app.logs.filter((line) => line.msg === 'insights event' || JSON.stringify(line.req ?? '').includes('/_insights/'));
  expect(JSON.stringify(collectorLines), 'a collector log line carries the client address').not.toContain('127.0.0.1');

  const summary = await fetch(`${app.url}/_insights/summary`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(summary.status).toBe(200);
  const body = (await summary.json()) as { windows: { hour: { views: number } } };
  expect(body.windows.hour.views).toBe(2);
  expect(await context.cookies()).toEqual([]);
  watch.expectClean();
});

test('Global Privacy Control keeps both scripts silent', async ({ page, watch, server }) => {
  const app = await server({ env: { INSIGHTS_TOKEN: TOKEN } });
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const before = app.logs.filter((line) => line.msg === 'insights event').length;

  await page.goto(`${app.url}/models`);
  await waitForHydration(page);
  await page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, 1000));

  expect(watch.requests.filter((url) => url.endsWith('/events'))).toHaveLength(0);
  expect(app.logs.filter((line) => line.msg === 'insights event')).toHaveLength(before);
  watch.expectClean();
});

test('INSIGHTS_ENABLED=false renders no insights tags and mounts no collector', async ({ server }) => {
  const app = await server({ env: { INSIGHTS_ENABLED: 'false' } });

  const html = await (await fetch(`${app.url}/`)).text();
  const script = await fetch(`${app.url}/_insights/insights/script.js`);

  expect(html).not.toContain('/_insights/');
  expect(html).not.toContain('vitrine:route');
  expect(script.status).toBe(404);
});
