import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';

import { usePublicConfig, useServerAssets } from '#client/components/app-config.tsx';

import { NAVIGATION_EVENT, PAGE_VIEWS_SCRIPT, ROUTE_META_NAME, SPEED_INSIGHTS_SCRIPT } from './constants.ts';
import { toRoutePattern } from './route-pattern.ts';

import type { NavigationDetail } from './constants.ts';

/**
 * Head tags for insights: the route pattern as `<meta name="vitrine:route">`
 * and the two deferred scripts from `INSIGHTS_BASE_PATH` (nothing at all
 * when INSIGHTS_ENABLED=false). After each committed client navigation it
 * dispatches `vitrine:navigation` so the page-view script counts it.
 *
 * The scripts carry the request's CSP nonce on the server only; the browser
 * hides nonce attributes after load and the client has no nonce, so
 * `suppressHydrationWarning` keeps React from reporting the difference
 * (plain `<script defer>` is not a React resource; only `async` ones are).
 */
export function InsightsTags() {
  const { insights } = usePublicConfig();
  const nonce = useServerAssets()?.nonce;
  const route = useRoutePattern();
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

function useRoutePattern(): string {
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  return deepest ? toRoutePattern(deepest.pathname, deepest.params) : '/';
}
