import { PREFETCH_CACHE_MS, ROUTE_DATA_PREFIX, ROUTE_DATA_ROUTES_PARAM } from '#shared/constants.ts';

import type { RouteDataPayload } from '#shared/data/route-data.ts';

/**
 * Fetches route data from the server's `/_data` endpoint. One request per
 * navigation answers every matched route; prefetches are kept briefly so the
 * navigation that follows reuses them instead of asking again.
 */

interface Entry {
  promise: Promise<RouteDataPayload>;
  expiresAt: number;
}

const prefetched = new Map<string, Entry>();

/** The data URL for a page path (`/models?x=1` → `/_data/models?x=1`). */
export function toDataUrl(pathWithSearch: string, routeIds: string[] = []): string {
  const url = new URL(pathWithSearch, 'http://x');
  url.searchParams.delete(ROUTE_DATA_ROUTES_PARAM);
  if (routeIds.length > 0) url.searchParams.set(ROUTE_DATA_ROUTES_PARAM, [...routeIds].sort().join(','));
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${ROUTE_DATA_PREFIX}${path}${url.search}`;
}

async function fetchPayload(url: string, signal?: AbortSignal): Promise<RouteDataPayload> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok && response.headers.get('Content-Type')?.includes('application/json') !== true) {
    throw new Error(`Route data request failed with ${response.status}`);
  }
  return (await response.json()) as RouteDataPayload;
}

/** Starts (or reuses) a prefetch of every matched route's data for `pathWithSearch`. */
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

/**
 * Data for a navigation: a fresh prefetch of the whole page if there is one
 * (it answers every route), else one request for the routes that need loading.
 */
export function loadRouteData(pathWithSearch: string, routeIds: string[], signal: AbortSignal): Promise<RouteDataPayload> {
  const hit = prefetched.get(toDataUrl(pathWithSearch));
  if (hit && hit.expiresAt > Date.now()) {
    prefetched.delete(toDataUrl(pathWithSearch));
    return raceAbort(hit.promise, signal);
  }
  return fetchPayload(toDataUrl(pathWithSearch, routeIds), signal);
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Test hook: forget every prefetched result. */
export function clearPrefetched(): void {
  prefetched.clear();
}
