import { join } from 'node:path';

import compression from 'compression';
import express from 'express';

import { createOpsRouter } from '#server/api/ops.ts';
import { createHttpLogger } from '#server/logger.ts';
import { allowedHosts } from '#server/middleware/allowed-hosts.ts';
import { noStoreErrors } from '#server/middleware/cache-control.ts';
import { warnAboutProxyTrust } from '#server/middleware/client-address.ts';
import { deadlineOf, requestDeadline } from '#server/middleware/deadline.ts';
import { errorHandler, notFound } from '#server/middleware/errors.ts';
import { pageMethods, requestGuards } from '#server/middleware/request-guards.ts';
import { decoderWorkerPolicy, nonce, securityHeaders } from '#server/middleware/security.ts';
import { hideSourceMaps, staticFiles } from '#server/middleware/static-files.ts';
import { createDocumentHandler } from '#server/ssr/document-handler.ts';
import { requestOrigin } from '#server/ssr/fetch-request.ts';
import { createRouteDataHandler } from '#server/ssr/route-data-handler.ts';
import { ROUTE_DATA_PREFIX } from '#shared/constants.ts';

import type { Readiness } from '#server/api/ops.ts';
import type { Config } from '#server/config.ts';
import type { AssetResolver } from '#server/ssr/assets.ts';
import type { PageCache } from '#server/ssr/page-cache.ts';
import type { SsrEntry, SsrEntryLoader } from '#server/ssr/entry.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/** Everything the app needs from outside; tests build their own. */
export interface AppDeps {
  logger: Logger;
  content: ContentApi;
  /** Server-side search for the search page loader (embedded engine or Algolia). */
  search?: SearchApi;
  ssr: { entry: SsrEntryLoader; assets: AssetResolver; buildId: string };
  /** Production: the built client folder. Dev: Vite's middlewares instead. */
  clientDir?: string;
  viteMiddlewares?: RequestHandler;
  readiness: Readiness;
  isShuttingDown?: () => boolean;
  /** Feature routers mounted before the SSR catch-all (search API, webhooks, insights…). */
  routers?: Array<{ path: string; handler: RequestHandler }>;
  /** Rendered-page cache for published pages (absent: every request renders). */
  pageCache?: PageCache;
  /** Per-request middleware that runs before routers and pages (e.g. the preview cookie). */
  beforePages?: RequestHandler[];
}

/**
 * Builds the Express app without listening (supertest drives it). Order per
 * DESIGN.md: request id + logs → nonce + helmet → guards → compression →
 * static → ops → feature routers → route data → SSR → not-found → errors.
 */
export function createApp(config: Config, deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  warnAboutProxyTrust(config, deps.logger);
  app.set('etag', 'weak');

  app.use(countBytes());
  app.use(createHttpLogger(deps.logger, config.trustProxy));
  // Counted from arrival: whatever Contentful does, content work stops in time to answer within SSR_ABORT_MS.
  app.use(requestDeadline(config.ssrAbortMs));
  app.use(nonce());
  app.use(securityHeaders(config));
  app.use(noStoreErrors());
  app.use(decoderWorkerPolicy());
  // After the security headers, so the 400/413/414 answers carry them too.
  app.use(requestGuards({ maxBodyBytes: config.maxBodyBytes }));
  // Before anything that builds a URL or a page: other hosts get 421 (issue 12, item 4). Probes come by pod IP.
  app.use(allowedHosts(config, { exemptPaths: ['/healthz', '/readyz'] }));
  app.use(compression());

  if (deps.viteMiddlewares) app.use(deps.viteMiddlewares);
  if (deps.clientDir) {
    if (!config.sourceMapsPublic) app.use(hideSourceMaps());
    // pageMethods first: serve-static's own 405 (fallthrough: false) has no body and no request id.
    // redirect: false, no `/assets/dir` → `/assets/dir/`: the app's only redirects go through toSafeRedirectPath.
    const assetOptions = { immutable: true, maxAge: '1y', index: false, fallthrough: false, redirect: false };
    app.use('/assets', pageMethods(), express.static(join(deps.clientDir, 'assets'), assetOptions));
    app.use(staticFiles(deps.clientDir, { index: false, maxAge: '1h' }));
  }

  app.use(createOpsRouter(deps.readiness, deps.isShuttingDown));
  for (const handler of deps.beforePages ?? []) app.use(handler);
  for (const { path, handler } of deps.routers ?? []) app.use(path, handler);

  const createRequestContext = (req: Request, res: Response, entry: SsrEntry) =>
    entry.createRequestContext({
      content: deps.content,
      ...(deps.search ? { search: deps.search } : {}),
      info: { origin: requestOrigin(req, config.publicUrl), preview: res.locals.preview === true, deadline: deadlineOf(res) },
    });

  app.get(`${ROUTE_DATA_PREFIX}{/*path}`, createRouteDataHandler({ config, entry: deps.ssr.entry, createRequestContext }));
  app.use(pageMethods());
  app.get(
    '/{*path}',
    createDocumentHandler({
      config,
      entry: deps.ssr.entry,
      assets: deps.ssr.assets,
      buildId: deps.ssr.buildId,
      createRequestContext,
      ...(deps.pageCache ? { pageCache: deps.pageCache } : {}),
    }),
  );

  app.use(notFound());
  app.use(errorHandler({ isDev: config.isDev }));
  return app;
}

/** Records how many bytes went out for this response (for the request log, compression included). */
function countBytes(): RequestHandler {
  return (req, res, next) => {
    const socket = req.socket;
    const start = socket.bytesWritten;
    res.on('finish', () => {
      res.locals.bytesWritten = socket.bytesWritten - start;
    });
    next();
  };
}
