import { isbot } from 'isbot';
import { isRouteErrorResponse } from 'react-router';

import { publicConfig } from '#server/config.ts';
import { requestOrigin } from '#server/middleware/allowed-hosts.ts';
import { updatePolicy } from '#server/middleware/security.ts';
import { renderErrorPage } from '#server/middleware/errors.ts';
import { trackDependencies } from '#server/services/content/dependencies.ts';
import { DEFAULT_RETRY_AFTER_S } from '#server/services/content/errors.ts';
import { surrogateKeyHeaders } from '#server/services/cdn/surrogate-keys.ts';
import { captureInto, createPageCacheKey, sendCachedPage } from '#server/ssr/cached-page.ts';
import { coalesceWrites } from '#server/ssr/coalesced-writes.ts';
import { requestTarget, sendFetchResponse, toFetchRequest } from '#server/ssr/fetch-adapter.ts';
import { pageEtag, routeDigest } from '#server/ssr/page-etag.ts';
import { enterRenderGate } from '#server/ssr/render-gate.ts';
import { toCanonicalPage } from '#shared/canonical-url.ts';

import type { Config } from '#server/config.ts';
import type { AssetResolver, SsrEntry, SsrEntryLoader } from '#server/ssr/assets.ts';
import type { CachedPage, PageCache } from '#server/ssr/page-cache.ts';
import type { RenderGate } from '#server/ssr/render-gate.ts';
import type { Locale } from '#shared/content/types.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { RouterContextProvider, StaticHandlerContext } from 'react-router';

export interface DocumentHandlerOptions {
  config: Config;
  entry: SsrEntryLoader;
  assets: AssetResolver;
  buildId: string;
  createRequestContext(req: Request, res: Response, entry: SsrEntry, locales: readonly Locale[]): RouterContextProvider;
  /** The locales the site serves now (ADR 039); read once per request, so query, render, ETag and cache key agree. */
  locales(): readonly Locale[];
  /** Rendered published pages; absent or bypassed for preview and credentialed requests. */
  pageCache?: PageCache;
  /** Renders in flight; a page-cache hit never waits for it. */
  renderGate?: RenderGate;
}

/**
 * The SSR catch-all. Per request:
 * 1. answer from the page cache, or adapt to a Fetch Request and run the matched loaders (`query`);
 * 2. send a redirect Response as is;
 * 3. answer If-None-Match with 304 from the data's ETag, before rendering;
 * 4. stream the document (streamDocument).
 */
export function createDocumentHandler(options: DocumentHandlerOptions): RequestHandler {
  const { config } = options;
  const cacheKeyFor = createPageCacheKey(config, options.buildId);
  // One per set of served locales, the same object each time: the SSR entry keeps its JSON by identity.
  const publicConfigs = new Map<string, PublicConfig>();
  const publicConfigFor = (locales: readonly Locale[]) => {
    let value = publicConfigs.get(locales.join());
    if (!value) publicConfigs.set(locales.join(), (value = publicConfig(config, locales)));
    return value;
  };
  // Renders of a cacheable page under way, by page-cache key: settled once the render's response closed and its store ended.
  const leaders = new Map<string, Promise<void>>();

  return async (req, res) => {
    // The loaders see the canonical URL (known query parameters only), so the page, its ETag and its cache key agree.
    const page = toCanonicalPage(requestTarget(req.originalUrl));
    const locales = options.locales();
    // A page rendered for other served locales has other routes, language links and alternates.
    const served = `${page.target}|${locales.join()}`;
    const origin = requestOrigin(req, config.publicUrl);
    const cacheKey = options.pageCache ? cacheKeyFor(req, res, origin, { ...page, target: served }) : undefined;
    const cached = cacheKey ? options.pageCache?.get(cacheKey) : undefined;
    res.locals.cacheStatus = cached ? 'HIT' : cacheKey ? 'MISS' : 'BYPASS';
    if (cached) return sendCachedPage(req, res, cached);
    let storing: Promise<void> | undefined;
    if (cacheKey && options.pageCache) {
      // Most misses find no render of their page under way: no await for them.
      const joined = leaders.has(cacheKey) ? await joinRender(leaders, cacheKey, options.pageCache, config.ssrAbortMs) : undefined;
      if (joined) {
        res.locals.cacheStatus = 'COALESCED';
        return sendCachedPage(req, res, joined);
      }
      if (req.socket.destroyed) return;
      // This request renders the page; others for it wait for its store instead of rendering it again.
      const rendered: Promise<void> = new Promise<void>((settle) =>
        res.once('close', () => {
          void (storing ?? Promise.resolve()).finally(() => {
            if (leaders.get(cacheKey) === rendered) leaders.delete(cacheKey);
            settle();
          });
        }),
      );
      leaders.set(cacheKey, rendered);
    }
    if (options.renderGate && !(await enterRenderGate(options.renderGate, req, res))) return;

    // Content that changes from here on may be in this render: its store is then skipped.
    const generation = options.pageCache?.generation;
    const entry = await options.entry.load();
    const request = toFetchRequest(req, res, config.publicUrl, page.target);
    const requestContext = options.createRequestContext(req, res, entry, locales);
    const { result: context, deps } = await trackDependencies(() => entry.queryDocument(request, requestContext));
    if (context instanceof Response) return sendFetchResponse(res, context);
    if (request.signal.aborted) return;
    // The static handler turns a loader's unexpected throw into route data; log it here or nobody will.
    for (const [routeId, error] of Object.entries(context.errors ?? {})) {
      if (!isRouteErrorResponse(error)) req.log.error({ err: error, routeId }, 'loader failed');
    }

    const document = entry.describeDocument(context, routeDigest);
    const etag = pageEtag({ buildId: options.buildId, served, origin }, document.validator);
    for (const [name, value] of document.headers) res.setHeader(name, value);
    // Error pages are never stored: a CDN would keep a 404 after the entry is published (docs/decisions/017-security-headers.md).
    const preview = res.locals.preview === true;
    res.setHeader('Cache-Control', preview ? 'private, no-store' : context.statusCode >= 400 ? 'no-store' : config.htmlCacheControl);
    // What a CDN purges this page by (ADR 052); a page no cache may keep needs none.
    const keys: Record<string, string> = preview || context.statusCode >= 400 ? {} : surrogateKeyHeaders(deps);
    for (const [name, value] of Object.entries(keys)) res.setHeader(name, value);
    // The routes say whether this page may be framed (the embed); no page compiles wasm (ADR 004).
    const policy = { frameAncestors: document.embeddable ? config.embedFrameAncestors : "'none'" };
    updatePolicy(res, policy);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    // Contentful is down and the page was never cached: say when to come back (a loader's 503 may already name the time).
    if (context.statusCode === 503 && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(DEFAULT_RETRY_AFTER_S));
    if (context.statusCode === 200 && req.fresh) return void res.status(304).end();

    const { pageCache } = options;
    const headers = Object.fromEntries([...document.headers, ['cache-control', config.htmlCacheControl], ...Object.entries(keys)]);
    const stored = { status: 200, etag, headers, deps, policy, generation };
    const store =
      cacheKey && pageCache && context.statusCode === 200
        ? (html: string, nonce: string) =>
            void (storing = pageCache
              .store(cacheKey, { ...stored, html, nonce })
              .catch((error: unknown) => req.log.error({ err: error }, 'page cache store failed')))
        : undefined;
    const { chunks, hydration } = document;
    streamDocument(req, res, options, { entry, context, chunks, hydration, signal: request.signal, store, publicConfig: publicConfigFor(locales) });
  };
}

/**
 * Waits while another request renders this page (at most `maxWaitMs` in all, following a new leader if the first stored
 * nothing) and returns the page it stored. A burst of misses for one page (a cache just cleared under traffic) renders it once
 * instead of once per request (ADR 059). Undefined: render it yourself.
 */
async function joinRender(leaders: Map<string, Promise<void>>, key: string, pageCache: PageCache, maxWaitMs: number): Promise<CachedPage | undefined> {
  const deadline = Date.now() + maxWaitMs;
  for (let leader = leaders.get(key); leader && Date.now() < deadline; leader = leaders.get(key)) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([leader, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
    clearTimeout(timer);
    const page = pageCache.get(key);
    if (page) return page;
  }
  return undefined;
}

interface DocumentToStream {
  entry: SsrEntry;
  context: StaticHandlerContext;
  chunks: string[];
  hydration: string;
  /** The Fetch request's signal: aborted when the client went away. */
  signal: AbortSignal;
  store: ((html: string, nonce: string) => void) | undefined;
  publicConfig: PublicConfig;
}

/**
 * Streams the rendered document: browsers at onShellReady, crawlers at onAllReady, under one abort
 * deadline that also fires when the client goes away. A complete 200 page is handed to `store`.
 */
function streamDocument(req: Request, res: Response, options: DocumentHandlerOptions, page: DocumentToStream): void {
  const { config } = options;
  const { entry, context, chunks, store } = page;
  const nonce = res.locals.nonce as string;
  const assets = options.assets.forChunks(chunks);
  const waitForAll = isbot(req.get('user-agent') ?? '');
  let renderFailed = false;
  let started = false;

  const start = () => {
    if (started || res.headersSent) return;
    started = true;
    res.status(renderFailed ? 500 : context.statusCode);
    if (renderFailed) {
      // An incomplete page must not be stored by a CDN or revalidated against a good one.
      res.setHeader('Cache-Control', 'no-store');
      res.removeHeader('ETag');
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (!store || renderFailed) return void stream.pipe(coalesceWrites(res));
    stream.pipe(coalesceWrites(captureInto(res, (html) => renderFailed || store(html, nonce))));
  };

  const stream = entry.renderDocument(context, {
    nonce,
    hydration: page.hydration,
    // DocumentAssets loads them after the LCP image (ADR 058), so React must not.
    bootstrapModules: [],
    publicConfig: page.publicConfig,
    assets: {
      nonce,
      stylesheets: assets.stylesheets,
      modulePreloads: assets.modulePreloads,
      bootstrapModules: assets.bootstrapModules,
      ...(assets.integrity ? { integrity: assets.integrity } : {}),
      ...(assets.inlineStyles ? { inlineStyles: assets.inlineStyles } : {}),
    },
    onShellReady() {
      if (!waitForAll) start();
    },
    onAllReady() {
      // Deferred: when the deadline's abort() completes the render, React is still inside abort()
      // and piping from here makes it report an abortable task at the root.
      if (waitForAll) setImmediate(start);
    },
    onShellError(error: unknown) {
      clearTimeout(deadline);
      if (error instanceof Error) options.entry.fixStack?.(error);
      req.log.error({ err: error }, 'shell render failed');
      if (res.headersSent) return res.destroy();
      res.status(500).setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.removeHeader('ETag');
      res.end(renderErrorPage(500, 'This page could not be rendered. Please try again.', String(req.id), nonce));
    },
    onError(error: unknown) {
      renderFailed = true;
      if (page.signal.aborted) return;
      if (error instanceof Error) options.entry.fixStack?.(error);
      req.log.error({ err: error }, 'render error');
    },
  });

  // One named deadline: unfinished Suspense boundaries fall back to client rendering.
  const deadline = setTimeout(() => stream.abort(new Error(`render exceeded ${config.ssrAbortMs} ms`)), config.ssrAbortMs);
  deadline.unref();
  res.on('close', () => {
    clearTimeout(deadline);
    if (!res.writableFinished) stream.abort(new Error('client disconnected'));
  });
  res.on('finish', () => clearTimeout(deadline));
}
