import { toFetchRequest } from '#server/ssr/fetch-request.ts';
import { ROUTE_DATA_PREFIX, ROUTE_DATA_ROUTES_PARAM } from '#shared/constants.ts';

import type { Config } from '#server/config.ts';
import type { SsrEntry, SsrEntryLoader } from '#server/ssr/entry.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { RouterContextProvider } from 'react-router';

const ROUTE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * `GET /_data/<page path>?<page query>&_routes=a,b`: the data of every
 * requested route for a client navigation, run by the same loaders as a
 * document request. Express adds a weak ETag and answers 304 itself.
 */
export function createRouteDataHandler(options: {
  config: Config;
  entry: SsrEntryLoader;
  createRequestContext(req: Request, res: Response, entry: SsrEntry): RouterContextProvider;
}): RequestHandler {
  return async (req, res) => {
    const entry = await options.entry.load();
    const pageUrl = new URL(req.originalUrl.slice(ROUTE_DATA_PREFIX.length) || '/', 'http://x');
    if (!pageUrl.pathname.startsWith('/')) pageUrl.pathname = `/${pageUrl.pathname}`;
    const routeIds = new Set((pageUrl.searchParams.get(ROUTE_DATA_ROUTES_PARAM) ?? '').split(',').filter(Boolean));
    if ([...routeIds].some((id) => !ROUTE_ID.test(id)) || routeIds.size > 16) {
      res.status(400).json({ error: { status: 400, message: `${ROUTE_DATA_ROUTES_PARAM} must list route ids`, requestId: req.id } });
      return;
    }
    pageUrl.searchParams.delete(ROUTE_DATA_ROUTES_PARAM);
    const request = toFetchRequest(req, res, options.config.publicUrl);
    const pageRequest = new Request(new URL(pageUrl.pathname + pageUrl.search, request.url), { headers: request.headers, signal: request.signal });
    const payload = await entry.queryData(pageRequest, options.createRequestContext(req, res, entry), routeIds);
    if (request.signal.aborted) return;
    if (payload.type === 'data' && payload.status >= 500) {
      // queryData keeps only a generic message for the browser; at least say which routes failed.
      const failed = Object.entries(payload.results).flatMap(([id, result]) => ('error' in result && result.error.status >= 500 ? [id] : []));
      req.log.error({ routeIds: failed, url: pageUrl.pathname }, 'route data failed');
    }
    const preview = res.locals.preview === true;
    const cacheable = payload.type === 'data' && payload.status < 500 && !preview;
    res.setHeader('Cache-Control', cacheable ? options.config.htmlCacheControl : 'private, no-store');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.json(payload);
  };
}
