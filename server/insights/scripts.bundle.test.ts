// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { pageViewBatchSchema } from '#shared/insights.ts';
import { bundleInsightsScript } from './scripts.ts';

import type { InsightsScriptName } from './scripts.ts';

/**
 * Builds the real bundles and runs them in jsdom: they must be classic,
 * self-contained scripts, and what they send must pass the collector's
 * schema (the contract between client/insights and this folder).
 */
const bundles = new Map<InsightsScriptName, string>();

function runAsScriptTag(code: string, src: string): void {
  const script = document.createElement('script');
  script.setAttribute('src', src);
  script.dataset.sampleRate = '1';
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  new Function(code)();
}

describe('insights script bundles', () => {
  beforeAll(async () => {
    for (const name of ['insights', 'speed-insights', 'speed-insights-vitals'] as const) bundles.set(name, await bundleInsightsScript(name));
  }, 30_000);

  afterEach(() => vi.unstubAllGlobals());

  it('are self-contained: two classic scripts, and the vitals module the speed-insights script imports', () => {
    for (const name of ['insights', 'speed-insights'] as const) {
      const code = bundles.get(name) ?? '';
      expect(code.startsWith('(function(){')).toBe(true);
      expect(code).not.toMatch(/^\s*(import|export)\s/m);
      expect(code).not.toContain('@vitejs');
    }
    expect(bundles.get('insights')).not.toMatch(/\bimport\(/);
    // The loader stays small: web-vitals is only in the module, imported by URL after `load`.
    expect(bundles.get('speed-insights')).not.toContain('largest-contentful-paint');
    expect(bundles.get('speed-insights')).toContain('vitals.js');
    const vitals = bundles.get('speed-insights-vitals') ?? '';
    expect(vitals).toContain('largest-contentful-paint');
    expect(vitals).toMatch(/export\s*\{[^}]*startSpeedInsights/);
    expect(vitals).not.toMatch(/^\s*import\s/m);
  });

  it('sends a page view the collector accepts', () => {
    window.history.replaceState(null, '', '/models/chair?q=secret');
    document.head.innerHTML = '<meta name="vitrine:route" content="/models/:slug">';
    document.documentElement.lang = 'en';
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });

    runAsScriptTag(bundles.get('insights') ?? '', '/_insights/insights/script.js');
    window.dispatchEvent(new Event('pagehide'));

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe(`${window.location.origin}/_insights/insights/events`);
    const parsed = pageViewBatchSchema.safeParse(JSON.parse(body ?? ''));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.events[0]).toMatchObject({ route: '/models/:slug', path: '/models/chair', navigation: 'load' });
  });
});
