import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { NAVIGATION_EVENT, ROUTE_META_NAME } from './page.ts';
import { startPageViews } from './page-views.ts';

import type { PageViewEvent } from '#shared/insights.ts';

const endpoint = 'http://localhost:3000/_insights/insights/events';

function setRoute(route: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${ROUTE_META_NAME}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = ROUTE_META_NAME;
    document.head.append(meta);
  }
  meta.content = route;
}

function navigate(path: string, route: string): void {
  window.history.pushState(null, '', path);
  setRoute(route);
  document.dispatchEvent(new CustomEvent(NAVIGATION_EVENT, { detail: { route } }));
}

function batches(transport: ReturnType<typeof vi.fn>): Array<{ events: PageViewEvent[] }> {
  return transport.mock.calls.map(([, body]) => JSON.parse(body as string) as { events: PageViewEvent[] });
}

const hide = () => window.dispatchEvent(new Event('pagehide'));

describe('startPageViews', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/models/chair?utm_source=mail#top');
    document.documentElement.lang = 'en';
    setRoute('/models/:slug');
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://news.example.org/some/article?id=7');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('queues the document load and sends it on pagehide', () => {
    const transport = vi.fn();

    const started = startPageViews({ endpoint, sampleRate: 1, transport });
    expect(transport).not.toHaveBeenCalled();
    hide();

    expect(started).toBe(true);
    expect(transport).toHaveBeenCalledWith(endpoint, expect.any(String));
    expect(batches(transport)).toEqual([
      {
        events: [
          {
            type: 'pageview',
            route: '/models/:slug',
            path: '/models/chair',
            locale: 'en',
            referrer: 'news.example.org',
            viewport: 'desktop',
            navigation: 'load',
          },
        ],
      },
    ]);
  });

  it('counts client navigations once per new pathname', () => {
    const transport = vi.fn();
    startPageViews({ endpoint, sampleRate: 1, transport });

    navigate('/models/chair', '/models/:slug');
    navigate('/articles', '/articles');
    navigate('/articles?page=2', '/articles');
    navigate('/de/models/lamp', '/de/models/:slug');
    document.dispatchEvent(new Event('visibilitychange'));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));

    const events = batches(transport).flatMap((batch) => batch.events);
    expect(events.map((event) => [event.navigation, event.path, event.route, event.referrer])).toEqual([
      ['load', '/models/chair', '/models/:slug', 'news.example.org'],
      ['navigation', '/articles', '/articles', null],
      ['navigation', '/de/models/lamp', '/de/models/:slug', null],
    ]);
  });

  it('sends nothing when Do-Not-Track is on', () => {
    vi.stubGlobal('navigator', { ...navigator, doNotTrack: '1' });
    const transport = vi.fn();

    const started = startPageViews({ endpoint, sampleRate: 1, transport });
    navigate('/articles', '/articles');
    hide();

    expect(started).toBe(false);
    expect(transport).not.toHaveBeenCalled();
  });

  it('sends nothing when Global Privacy Control is on', () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    const transport = vi.fn();

    const started = startPageViews({ endpoint, sampleRate: 1, transport });
    hide();

    expect(started).toBe(false);
    expect(transport).not.toHaveBeenCalled();
  });

  it('drops the whole page load when it is sampled out', () => {
    const transport = vi.fn();

    const out = startPageViews({ endpoint, sampleRate: 0.25, transport, random: () => 0.3 });
    const kept = startPageViews({ endpoint, sampleRate: 0.25, transport, random: () => 0.2 });
    hide();

    expect(out).toBe(false);
    expect(kept).toBe(true);
    expect(batches(transport)).toHaveLength(1);
  });

  it('flushes a few seconds after the first event without waiting for pagehide', () => {
    vi.useFakeTimers();
    const transport = vi.fn();

    startPageViews({ endpoint, sampleRate: 1, transport, flushAfterMs: 5000 });
    vi.advanceTimersByTime(4999);
    expect(transport).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);

    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('classifies the viewport and omits a same-site referrer', () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/articles`);
    const transport = vi.fn();

    startPageViews({ endpoint, sampleRate: 1, transport });
    hide();

    expect(batches(transport)[0]?.events[0]).toMatchObject({ viewport: 'mobile', referrer: null });
  });
});
