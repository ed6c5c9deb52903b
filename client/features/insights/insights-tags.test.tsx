import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { AppConfigProvider } from '#client/components/app-config.tsx';

import { NAVIGATION_EVENT } from './page.ts';
import { InsightsTags } from './insights-tags.tsx';

import type { Root } from 'react-dom/client';
import type { ServerAssets } from '#client/components/app-config.tsx';
import type { PublicConfig } from '#shared/public-config.ts';

const baseConfig: PublicConfig = {
  locales: ['en-US', 'de-DE'],
  algolia: { appId: 'embedded', searchKey: 'embedded', indexPrefix: 'vitrine', embedded: true },
  insights: { enabled: true, basePath: '/_insights', sampleRate: 0.5, selfHosted: true },
  livePreview: { origins: [] },
};
const serverAssets: ServerAssets = { nonce: 'r4nd0mN0nce', stylesheets: [], modulePreloads: [] };

function Shell() {
  return (
    <html lang="en">
      <head>
        <InsightsTags />
      </head>
      <body>
        <Outlet />
      </body>
    </html>
  );
}

function createRouter(path: string) {
  const children = [
    { path: 'models/:slug', Component: () => <main>model</main> },
    { path: 'articles', Component: () => <main>articles</main> },
  ];
  return createMemoryRouter([{ path: '/', Component: Shell, children }], { initialEntries: [path] });
}

function App({
  path,
  config = baseConfig,
  assets = null,
  router = createRouter(path),
}: {
  path: string;
  config?: PublicConfig;
  assets?: ServerAssets | null;
  router?: ReturnType<typeof createRouter>;
}) {
  return (
    <AppConfigProvider value={config} assets={assets}>
      <RouterProvider router={router} />
    </AppConfigProvider>
  );
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const actGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('InsightsTags', () => {
  let root: Root | undefined;
  const previousActEnvironment = actGlobal.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => {
    actGlobal.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    actGlobal.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = undefined;
  });

  it('renders the route meta and two deferred, nonce-carrying scripts on the server', () => {
    const doc = parse(renderToString(<App path="/models/chair" assets={serverAssets} />));

    expect(doc.querySelector('meta[name="vitrine:route"]')?.getAttribute('content')).toBe('/models/:slug');
    const scripts = [...doc.querySelectorAll('script[src]')];
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['/_insights/insights/script.js', '/_insights/speed-insights/script.js']);
    for (const script of scripts) {
      expect(script.hasAttribute('defer')).toBe(true);
      expect(script.hasAttribute('async')).toBe(false);
      expect(script.getAttribute('nonce')).toBe('r4nd0mN0nce');
      expect(script.getAttribute('data-sample-rate')).toBe('0.5');
    }
  });

  it('points the scripts at an external base path unchanged', () => {
    const config = { ...baseConfig, insights: { ...baseConfig.insights, basePath: 'https://stats.example.com/_vercel' } };

    const doc = parse(renderToString(<App path="/articles" config={config} assets={serverAssets} />));

    expect([...doc.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'))).toEqual([
      'https://stats.example.com/_vercel/insights/script.js',
      'https://stats.example.com/_vercel/speed-insights/script.js',
    ]);
  });

  it('renders nothing when insights are disabled', () => {
    const config = { ...baseConfig, insights: { ...baseConfig.insights, enabled: false } };

    const doc = parse(renderToString(<App path="/articles" config={config} assets={serverAssets} />));

    expect(doc.querySelector('meta[name="vitrine:route"]')).toBeNull();
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('hydrates without warnings and announces client navigations with their route', async () => {
    const html = renderToString(<App path="/models/chair" assets={serverAssets} />);
    const serverDoc = parse(html);
    document.documentElement.lang = 'en';
    document.head.innerHTML = serverDoc.head.innerHTML;
    document.body.innerHTML = serverDoc.body.innerHTML;
    // Browsers hide a nonce from the DOM once the element is connected.
    for (const script of document.querySelectorAll('script')) script.setAttribute('nonce', '');
    const announced: unknown[] = [];
    document.addEventListener(NAVIGATION_EVENT, (event) => announced.push((event as CustomEvent).detail));
    const router = createRouter('/models/chair');

    await act(async () => {
      root = hydrateRoot(document, <App path="/models/chair" router={router} />, { onRecoverableError: (error) => console.error(error) });
    });
    await act(() => router.navigate('/articles'));
    await act(() => router.navigate('/articles?page=2'));

    expect(announced).toEqual([{ route: '/models/:slug' }, { route: '/articles' }]);
    expect(document.querySelector('meta[name="vitrine:route"]')?.getAttribute('content')).toBe('/articles');
    expect(document.querySelectorAll('script[src]')).toHaveLength(2);
    // A hydration mismatch would have been logged, and the console guard fails the test on it.
    expect(console.error).not.toHaveBeenCalled();
  });
});
