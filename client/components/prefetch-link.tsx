import { useEffect, useRef } from 'react';
import { Link, matchRoutes } from 'react-router';

import { networkInformation, whenIdleAfterLoad } from '#client/components/idle.ts';
import { prefetchRouteData } from '#client/data/data-strategy.ts';
import { PREFETCH_VIEWPORT_MARGIN_PX } from '#shared/constants.ts';

import type { ComponentProps } from 'react';
import type { RouteObject } from 'react-router';

let routeTable: RouteObject[] = [];
const done = new Set<string>();

export function setPrefetchRoutes(routes: RouteObject[]): void {
  routeTable = routes;
}

/** The data and route chunks of an internal href, once (for 30 s), unless the visitor asked to save data. */
export function prefetch(href: string): void {
  if (networkInformation()?.saveData || done.has(href)) return;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return;
  done.add(href);
  setTimeout(() => done.delete(href), 30_000);
  for (const match of matchRoutes(routeTable, url.pathname) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
  void prefetchRouteData(url.pathname + url.search).catch(() => undefined);
}

let observer: IntersectionObserver | null = null;

function getObserver(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const href = entry.target.getAttribute('href');
        // Like next/link and quicklink: viewport prefetches must not compete with the page's own load.
        if (href) whenIdleAfterLoad(() => prefetch(href));
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: `${PREFETCH_VIEWPORT_MARGIN_PX}px` },
  );
  return observer;
}

type Props = ComponentProps<typeof Link> & { to: string; prefetch?: 'viewport' | 'intent' };

/** Prefetches near the viewport (default, when idle after load) or on hover/focus (`intent`). */
export const PrefetchLink = import.meta.env.SSR ? ServerLink : BrowserLink;

// Paths React Router resolves to themselves: no `.`/`..`/empty segments, no backslash, no trailing slash, no bare `?`, no hash.
const PLAIN_PATH = /^(?:\/|(?:\/(?!\.\.?(?:[/?]|$))[^/?#\\]+)+)(?:\?[^#]+)?$/;

/** The very `<a>` React Router's `Link` renders for a plain path (same attributes, same order), without its hooks (ADR 056). */
export function ServerLink(props: Props) {
  const { prefetch: _mode, onMouseEnter: _enter, onFocus: _focus, onClick: _click, to, target, ...rest } = props;
  if (!PLAIN_PATH.test(to) || Object.keys(rest).some((key) => LINK_ONLY.has(key))) return <Link discover="none" {...props} />;
  return <a {...rest} href={to} target={target} />;
}

const LINK_ONLY = new Set([
  'discover',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
  'ref',
]);

function BrowserLink({ prefetch: mode = 'viewport', onMouseEnter, onFocus, ...props }: Props) {
  const ref = useRef<HTMLAnchorElement>(null);
  const { to } = props;

  useEffect(() => {
    const element = ref.current;
    const io = mode === 'viewport' ? getObserver() : null;
    if (!element || !io) return;
    io.observe(element);
    return () => io.unobserve(element);
  }, [mode, to]);

  const withPrefetch =
    <E,>(handler: ((event: E) => void) | undefined) =>
    (event: E) => {
      prefetch(to);
      handler?.(event);
    };
  return <Link ref={ref} discover="none" {...props} onMouseEnter={withPrefetch(onMouseEnter)} onFocus={withPrefetch(onFocus)} />;
}
