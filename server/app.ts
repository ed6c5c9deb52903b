import { join } from 'node:path';

import express from 'express';

import { createOpsRouter } from '#server/api/ops.ts';
import { createHttpLogger } from '#server/logger.ts';
import { allowedHosts, requestOrigin } from '#server/middleware/allowed-hosts.ts';
import { compressResponses } from '#server/middleware/compression.ts';
import { deadlineOf, requestDeadline } from '#server/middleware/deadline.ts';
import { errorHandler, noStoreErrors, notFound } from '#server/middleware/errors.ts';
import { warnAboutProxyTrust } from '#server/middleware/rate-limit.ts';
import { pageMethods, requestGuards } from '#server/middleware/request-guards.ts';
import { decoderWorkerPolicy, nonce, securityHeaders } from '#server/middleware/security.ts';
import { hideSourceMaps, staticFiles } from '#server/middleware/static-files.ts';
import { pageCacheInFront } from '#server/ssr/cached-page.ts';
import { createDocumentHandler } from '#server/ssr/document-handler.ts';
import { withRouteErrors } from '#server/ssr/error-status.ts';
import { createRenderGate } from '#server/ssr/render-gate.ts';
import { createRouteDataHandler } from '#server/ssr/route-data-handler.ts';
import { CONTENTFUL_WEBHOOK_PATH, ROUTE_DATA_PREFIX } from '#shared/constants.ts';
import { LOCALES } from '#shared/content/types.ts';

import type { Readiness } from '#server/api/ops.ts';
import type { Config } from '#server/config.ts';
import type { AssetResolver, SsrEntry, SsrEntryLoader } from '#server/ssr/assets.ts';
import type { PageCache } from '#server/ssr/page-cache.ts';
import type { RenderGate } from '#server/ssr/render-gate.ts';
import type { Locale } from '#shared/content/types.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/** Each optional, so tests mount only what they need. */
type RouterName = 'previewCookie' | 'assets' | 'searchApi' | 'insights' | 'spaceGate' | 'feeds' | 'contentJson' | 'preview' | 'webhook';
export type AppRouters = { [name in RouterName]?: RequestHandler | undefined };

export interface AppDeps {
  logger: Logger;
  content: ContentApi;
  search?: SearchApi;
  ssr: { entry: SsrEntryLoader; assets: AssetResolver; buildId: string };
  /** Production; Vite's middlewares in development. */
  clientDir?: string;
  viteMiddlewares?: RequestHandler;
  readiness: Readiness;
  isShuttingDown?: () => boolean;
  routers?: AppRouters;
  pageCache?: PageCache;
  /** ADR 039; default: every one Vitrine can. */
  locales?: () => readonly Locale[];
  renderGate?: RenderGate;
}

/** Without listening (supertest drives it); middleware and routers in the order requests meet them. */
export function createApp(config: Config, deps: AppDeps): express.Express {
  const { routers = {} } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  warnAboutProxyTrust(config, deps.logger);
  app.set('etag', 'weak');

  app.use(createHttpLogger(deps.logger, config.trustProxy));
  // Counted from arrival: whatever Contentful does, content work stops in time to answer within SSR_ABORT_MS.
  app.use(requestDeadline(config.ssrAbortMs));
  app.use(nonce());
  app.use(securityHeaders(config));
  app.use(noStoreErrors());
  app.use(decoderWorkerPolicy());
  // After the security headers, so the 400/413/414 answers carry them too.
  app.use(requestGuards({ maxBodyBytes: config.maxBodyBytes }));
  // Before anything that builds a URL or a page: other hosts get 421. Probes come by pod IP.
  app.use(allowedHosts(config, { exemptPaths: ['/healthz', '/readyz'] }));
  app.use(compressResponses());

  if (deps.viteMiddlewares) app.use(deps.viteMiddlewares);
  if (deps.clientDir) {
    if (!config.sourceMapsPublic) app.use(hideSourceMaps());
    // pageMethods first: serve-static's own 405 (fallthrough: false) has no body and no request id.
    const assetOptions = { immutable: true, maxAge: '1y', index: false, fallthrough: false, redirect: false };
    app.use('/assets', pageMethods(), express.static(join(deps.clientDir, 'assets'), assetOptions));
    app.use(staticFiles(deps.clientDir, { index: false, maxAge: '1h' }));
  }

  app.use(createOpsRouter(deps.readiness, deps.isShuttingDown));
  if (routers.previewCookie) app.use(routers.previewCookie);
  if (routers.assets) app.use('/content-assets', routers.assets);
  if (routers.searchApi) app.use(routers.searchApi);
  if (routers.insights) app.use(config.insights.basePath, routers.insights);
  if (routers.spaceGate) app.use(routers.spaceGate);
  if (routers.feeds) app.use(routers.feeds);
  if (routers.contentJson) app.use('/api/content', routers.contentJson);
  if (routers.preview) app.use('/api/preview', routers.preview);
  if (routers.webhook) app.use(CONTENTFUL_WEBHOOK_PATH, routers.webhook);

  const routeContent = withRouteErrors(deps.content);
  const { locales = () => LOCALES } = deps;
  const createRequestContext = (req: Request, res: Response, entry: SsrEntry, served: readonly Locale[]) =>
    entry.createRequestContext({
      content: routeContent,
      search: deps.search,
      info: { origin: requestOrigin(req, config.publicUrl), preview: res.locals.preview === true, deadline: deadlineOf(res), locales: served },
    });
  const { entry, assets, buildId } = deps.ssr;
  // One per process, shared by documents and route data: both run loaders and hold their answer until it is sent.
  const renderGate = deps.renderGate ?? createRenderGate(config.renderGate);
  app.get(`${ROUTE_DATA_PREFIX}{/*path}`, createRouteDataHandler({ config, entry, createRequestContext, locales, renderGate }));
  app.use(pageMethods());
  app.get(
    '/{*path}',
    pageCacheInFront({ config, buildId, locales, renderGate, pageCache: deps.pageCache }),
    createDocumentHandler({ config, entry, assets, buildId, createRequestContext }),
  );

  app.use(notFound());
  app.use(errorHandler({ isDev: config.isDev }));
  return app;
}
