import { data, redirect, redirectDocument } from 'react-router';

import { loadRouteData } from '#client/data/route-data-client.ts';
import { ROUTE_DATA_TIMEOUT_MS } from '#shared/constants.ts';
import { toSameOriginPath } from '#shared/http/safe-redirect.ts';

import type { DataStrategyFunction, DataStrategyResult } from 'react-router';

/**
 * Browser data strategy: instead of running loaders in the browser, ask the
 * server once for all matched routes that need data. Loaders' server-only
 * work (Contentful, caches) therefore never ships to the browser.
 *
 * After ROUTE_DATA_TIMEOUT_MS (or on a network failure) the navigation falls
 * back to a full document load of the target URL, which the server renders.
 */
export const dataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  const toLoad = matches.filter((m) => m.shouldCallHandler());
  const results: Record<string, DataStrategyResult> = {};
  if (toLoad.length === 0) return results;

  const url = new URL(request.url);
  const target = url.pathname + url.search;
  const timeout = AbortSignal.timeout(ROUTE_DATA_TIMEOUT_MS);
  const signal = AbortSignal.any([request.signal, timeout]);

  let payload;
  try {
    payload = await loadRouteData(
      target,
      toLoad.map((m) => m.route.id),
      signal,
    );
  } catch (error) {
    if (request.signal.aborted) throw error;
    // Slow or unreachable: let the server render the page as a document.
    // A document load of a path like `//host` would leave the site.
    const fallback = redirectDocument(toSameOriginPath(target, url.origin));
    for (const match of toLoad) results[match.route.id] = { type: 'data', result: fallback };
    return results;
  }

  if (payload.type === 'redirect') {
    // The server passed it through toSafeRedirectPath; this keeps a bad payload on our origin all the same.
    const location = toSameOriginPath(payload.location, url.origin);
    const response = payload.reloadDocument ? redirectDocument(location, payload.status) : redirect(location, payload.status);
    for (const match of toLoad) results[match.route.id] = { type: 'data', result: response };
    return results;
  }

  await Promise.all(
    toLoad.map(async (match) => {
      const entry = payload.results[match.route.id];
      // resolve() also loads the route's lazy module, so code and data arrive in parallel.
      results[match.route.id] = await match.resolve(async () => {
        if (!entry) return null;
        if ('error' in entry) throw data(entry.error.data, { status: entry.error.status, statusText: entry.error.statusText });
        return entry.data;
      });
    }),
  );
  return results;
};
