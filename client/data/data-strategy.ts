import { data, redirect, redirectDocument } from 'react-router';

import { PREFETCH_CACHE_MS, ROUTE_DATA_PREFIX, ROUTE_DATA_ROUTES_PARAM, ROUTE_DATA_TIMEOUT_MS } from '#shared/constants.ts';
import { toSameOriginPath } from '#shared/http/safe-redirect.ts';

import { responsiveTimeout } from '#client/data/responsive-timeout.ts';

import type { DataStrategyFunction, DataStrategyResult } from 'react-router';
import type { RouteDataPayload } from '#shared/data/route-data.ts';

/** One `/_data` request per navigation answers every matched loader, so no loader code ships; on timeout or failure, a document load. */
export const dataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  const toLoad = matches.filter((m) => m.shouldCallHandler());
  const routeIds = toLoad.map((m) => m.route.id);
  const results: Record<string, DataStrategyResult> = {};
  if (toLoad.length === 0) return results;
  const answerAll = (result: Response) => {
    for (const match of toLoad) results[match.route.id] = { type: 'data', result };
    return results;
  };

  const url = new URL(request.url);
  const target = url.pathname + url.search;
  // Counts only time the page could run code (a main thread busy with a 3D model is no slow server).
  const signal = AbortSignal.any([request.signal, responsiveTimeout(ROUTE_DATA_TIMEOUT_MS)]);
  let payload: RouteDataPayload;
  try {
    payload = await loadRouteData(target, routeIds, signal);
  } catch (error) {
    if (request.signal.aborted) throw error;
    // Slow or unreachable: the server renders the page as a document (a path like `//host` would leave the site).
    return answerAll(redirectDocument(toSameOriginPath(target, url.origin)));
  }

  if (payload.type === 'redirect') {
    // The server gated it already (toSafeRedirectPath); this keeps a bad payload on our origin all the same.
    const location = toSameOriginPath(payload.location, url.origin);
    return answerAll(payload.reloadDocument ? redirectDocument(location, payload.status) : redirect(location, payload.status));
  }

  await Promise.all(
    toLoad.map(async (match) => {
      const entry = payload.results[match.route.id];
      // resolve() also loads the route's lazy module: code and data arrive in parallel.
      results[match.route.id] = await match.resolve(async () => {
        if (!entry) return null;
        if ('error' in entry) throw data(entry.error.data, { status: entry.error.status, statusText: entry.error.statusText });
        return entry.data;
      });
    }),
  );
  return results;
};

const prefetched = new Map<string, { promise: Promise<RouteDataPayload>; expiresAt: number }>();

/** `/models?x=1` → `/_data/models?x=1` */
function toDataUrl(pathWithSearch: string, routeIds: string[] = []): string {
  const url = new URL(pathWithSearch, 'http://x');
  url.searchParams.delete(ROUTE_DATA_ROUTES_PARAM);
  if (routeIds.length > 0) url.searchParams.set(ROUTE_DATA_ROUTES_PARAM, [...routeIds].sort().join(','));
  return `${ROUTE_DATA_PREFIX}${url.pathname === '/' ? '' : url.pathname}${url.search}`;
}

async function fetchPayload(url: string, signal?: AbortSignal): Promise<RouteDataPayload> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok && response.headers.get('Content-Type')?.includes('application/json') !== true) {
    throw new Error(`/_data ${response.status}`);
  }
  return (await response.json()) as RouteDataPayload;
}

export function prefetchRouteData(pathWithSearch: string): Promise<RouteDataPayload> {
  const url = toDataUrl(pathWithSearch);
  const now = Date.now();
  const existing = prefetched.get(url);
  if (existing && existing.expiresAt > now) return existing.promise;
  const promise = fetchPayload(url);
  prefetched.set(url, { promise, expiresAt: now + PREFETCH_CACHE_MS });
  // A failed prefetch must not poison the navigation: forget it and let the navigation fetch.
  promise.catch(() => prefetched.delete(url));
  if (prefetched.size > 50) prefetched.delete(prefetched.keys().next().value as string);
  return promise;
}

/** A fresh prefetch answers every route, else one request for the routes that need loading. */
async function loadRouteData(pathWithSearch: string, routeIds: string[], signal: AbortSignal): Promise<RouteDataPayload> {
  const url = toDataUrl(pathWithSearch);
  const hit = prefetched.get(url);
  if (!hit || hit.expiresAt <= Date.now()) return fetchPayload(toDataUrl(pathWithSearch, routeIds), signal);
  prefetched.delete(url);
  signal.throwIfAborted();
  return Promise.race([hit.promise, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))]);
}
