import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ROUTE_META_NAME } from './page.ts';
import { startSpeedInsights } from './speed-insights.ts';

import type { MetricType } from 'web-vitals';
import type { VitalsSource } from './speed-insights.ts';
import type { VitalEvent } from '#shared/insights.ts';

const endpoint = '/_insights/speed-insights/events';

function createFakeVitals() {
  const callbacks: Array<(metric: MetricType) => void> = [];
  const subscribe = vi.fn((callback: (metric: MetricType) => void) => {
    callbacks.push(callback);
  });
  const source = { onCLS: subscribe, onFCP: subscribe, onINP: subscribe, onLCP: subscribe, onTTFB: subscribe } as unknown as VitalsSource;
  const emit = (metric: Partial<MetricType>) => {
    for (const callback of callbacks)
      callback({ id: 'v5-1', delta: 0, entries: [], navigationId: 1, navigationType: 'navigate', rating: 'good', ...metric } as MetricType);
  };
  return { source, subscribe, emit };
}

describe('startSpeedInsights', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/articles/hello');
    const meta = document.createElement('meta');
    meta.name = ROUTE_META_NAME;
    meta.content = '/articles/:slug';
    document.head.replaceChildren(meta);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('subscribes to all five vitals and sends them with the route of the load', () => {
    const vitals = createFakeVitals();
    const transport = vi.fn();

    startSpeedInsights({ endpoint, sampleRate: 1, transport, vitals: vitals.source, flushAfterMs: 0 });
    vitals.subscribe.mock.calls[2]?.[0]({ name: 'LCP', value: 1234.5, rating: 'good', id: 'v5-lcp', navigationType: 'navigate' } as MetricType);
    vitals.subscribe.mock.calls[3]?.[0]({ name: 'CLS', value: 0.12, rating: 'needs-improvement', id: 'v5-cls', navigationType: 'navigate' } as MetricType);
    document.head.querySelector('meta')?.setAttribute('content', '/articles');
    window.dispatchEvent(new Event('pagehide'));

    expect(vitals.subscribe).toHaveBeenCalledTimes(5);
    const [batch] = transport.mock.calls.map(([, body]) => JSON.parse(body as string) as { events: VitalEvent[] });
    expect(batch?.events).toEqual([
      {
        type: 'vital',
        name: 'LCP',
        value: 1234.5,
        rating: 'good',
        id: 'v5-lcp',
        route: '/articles/:slug',
        path: '/articles/hello',
        viewport: 'desktop',
        navigationType: 'navigate',
      },
      {
        type: 'vital',
        name: 'CLS',
        value: 0.12,
        rating: 'needs-improvement',
        id: 'v5-cls',
        route: '/articles/:slug',
        path: '/articles/hello',
        viewport: 'desktop',
        navigationType: 'navigate',
      },
    ]);
  });

  it('flushes on visibilitychange to hidden', () => {
    const vitals = createFakeVitals();
    const transport = vi.fn();
    startSpeedInsights({ endpoint, sampleRate: 1, transport, vitals: vitals.source, flushAfterMs: 0 });

    vitals.emit({ name: 'TTFB', value: 80 });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));

    expect(transport).toHaveBeenCalledTimes(1);
  });
});
