import { sendError } from '#server/middleware/errors.ts';
import { surrogateKeyHeaders } from '#server/services/cdn/surrogate-keys.ts';
import { trackDependencies } from '#server/services/content/dependencies.ts';
import { DEFAULT_RETRY_AFTER_S } from '#server/services/content/errors.ts';
import { toFetchRequest, toSafeLocation } from '#server/ssr/fetch-adapter.ts';
import { enterRenderGate } from '#server/ssr/render-gate.ts';
import { toCanonicalPage } from '#shared/canonical-url.ts';
import { ROUTE_DATA_PREFIX, ROUTE_DATA_ROUTES_PARAM } from '#shared/constants.ts';

import type { Config } from '#server/config.ts';
import type { SsrEntry, SsrEntryLoader } from '#server/ssr/assets.ts';
import type { RenderGate } from '#server/ssr/render-gate.ts';
import type { RouteDataResult } from '#shared/data/route-data.ts';
import type { Locale } from '#shared/content/types.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { RouterContextProvider } from 'react-router';

const ROUTE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** `GET /_data/<page path>?<page query>&_routes=a,b` for a client navigation; Express adds a weak ETag and answers 304 itself. */
export function createRouteDataHandler(options: {
  config: Config;
  entry: SsrEntryLoader;
  createRequestContext(req: Request, res: Response, entry: SsrEntry, locales: readonly Locale[]): RouterContextProvider;
  locales(): readonly Locale[];
  renderGate?: RenderGate;
}): RequestHandler {
  return async (req, res) => {
    const entry = await options.entry.load();
    // Appended to an origin, not resolved against one: `/_data//?…` made `//?…` a URL with an empty host (a TypeError, 500).
    const rest = req.originalUrl.slice(ROUTE_DATA_PREFIX.length);
    const pageUrl = new URL(`http://x${/^[/?]/.test(rest) ? rest : `/${rest}`}`);
    const routeIds = new Set((pageUrl.searchParams.get(ROUTE_DATA_ROUTES_PARAM) ?? '').split(',').filter(Boolean));
    if ([...routeIds].some((id) => !ROUTE_ID.test(id)) || routeIds.size > 16) return sendError(req, res, 400, `${ROUTE_DATA_ROUTES_PARAM} must list route ids`);
    pageUrl.searchParams.delete(ROUTE_DATA_ROUTES_PARAM);
    if (options.renderGate && !(await enterRenderGate(options.renderGate, req, res))) return;
    const request = toFetchRequest(req, res, options.config.publicUrl);
    // Concatenated so a target starting with `//` names no host.
    const pageTarget = toCanonicalPage(pageUrl.pathname + pageUrl.search).target;
    const pageRequest = new Request(new URL(`${new URL(request.url).origin}${pageTarget}`), { headers: request.headers, signal: request.signal });
    // One loader error can fail several routes (a shared promise): one log line per error.
    const unexpected = new Map<unknown, string[]>();
    const onError = (error: unknown, routeId: string) => void unexpected.set(error, [...(unexpected.get(error) ?? []), routeId]);
    const context = options.createRequestContext(req, res, entry, options.locales());
    const { result: payload, deps } = await trackDependencies(() => entry.queryData(pageRequest, context, routeIds, { onError }));
    if (request.signal.aborted) return;
    if (payload.type === 'data') logFailures(req, options.entry, payload.results, unexpected, pageUrl.pathname);
    // The browser follows this like a Location header.
    if (payload.type === 'redirect') payload.location = toSafeLocation(res, payload.location);
    // A not-found page's data is no more storable than its document (ADR 017).
    const cacheable = payload.type === 'data' && payload.status < 400 && res.locals.preview !== true;
    res.setHeader('Cache-Control', cacheable ? options.config.htmlCacheControl : 'private, no-store');
    // The same keys as the document, so one purge drops both (ADR 052).
    if (cacheable) res.set(surrogateKeyHeaders(deps));
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    // Content could not be read (preview, or a replica not loaded yet); the browser reads the JSON body either way.
    if (payload.type === 'data' && payload.status === 503) res.status(503).setHeader('Retry-After', String(DEFAULT_RETRY_AFTER_S));
    res.json(payload);
  };
}

/** The browser gets a generic message for an unexpected loader error, the log the error; expected 5xx (a thrown `data()`) still name their routes. */
function logFailures(
  req: Request,
  loader: SsrEntryLoader,
  results: Record<string, RouteDataResult>,
  unexpected: ReadonlyMap<unknown, string[]>,
  url: string,
): void {
  for (const [err, routeIds] of unexpected) {
    if (err instanceof Error) loader.fixStack?.(err);
    req.log.error({ err, routeIds, url }, 'route data failed');
  }
  const logged = new Set([...unexpected.values()].flat());
  const failed = Object.entries(results).flatMap(([id, result]) => ('error' in result && result.error.status >= 500 && !logged.has(id) ? [id] : []));
  if (failed.length > 0) req.log.error({ routeIds: failed, url }, 'route data failed');
}
