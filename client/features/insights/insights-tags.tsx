import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';

import { usePublicConfig, useServerAssets } from '#client/components/app-config.tsx';
import { tryDecode } from '#shared/http/safe-redirect.ts';

import { NAVIGATION_EVENT, PAGE_VIEWS_SCRIPT, ROUTE_META_NAME, SPEED_INSIGHTS_SCRIPT } from './page.ts';

import type { NavigationDetail } from './page.ts';

/** Only the server knows the nonce (browsers hide it after load), hence `suppressHydrationWarning`. */
export function InsightsTags() {
  const { insights } = usePublicConfig();
  const nonce = useServerAssets()?.nonce;
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  const route = deepest ? toRoutePattern(deepest.pathname, deepest.params) : '/';
  const { pathname } = useLocation();

  useEffect(() => {
    if (!insights.enabled) return;
    document.dispatchEvent(new CustomEvent<NavigationDetail>(NAVIGATION_EVENT, { detail: { route } }));
    // A new pathname is a new page view; a changed search or hash is not.
  }, [pathname, route, insights.enabled]);

  if (!insights.enabled) return null;
  const sampleRate = String(insights.sampleRate);
  return (
    <>
      <meta name={ROUTE_META_NAME} content={route} />
      <script defer src={`${insights.basePath}${PAGE_VIEWS_SCRIPT}`} nonce={nonce} data-sample-rate={sampleRate} suppressHydrationWarning />
      <script defer src={`${insights.basePath}${SPEED_INSIGHTS_SCRIPT}`} nonce={nonce} data-sample-rate={sampleRate} suppressHydrationWarning />
    </>
  );
}

/** Params folded back right to left, as Vercel's `computeRoute` does. */
export function toRoutePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const segments = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
  const splat = params['*'];
  if (splat) {
    const splatSegments = splat.split('/').filter(Boolean).length;
    segments.splice(segments.length - splatSegments, splatSegments, '*');
  }
  const named = Object.entries(params).filter((entry): entry is [string, string] => entry[0] !== '*' && typeof entry[1] === 'string' && entry[1] !== '');
  let searchFrom = segments.length - 1;
  for (const [name, value] of named.reverse()) {
    for (let index = searchFrom; index > 0; index -= 1) {
      const segment = segments[index] ?? '';
      if ((tryDecode(segment) ?? segment) === value) {
        segments[index] = `:${name}`;
        searchFrom = index - 1;
        break;
      }
    }
  }
  return segments.join('/') || '/';
}
