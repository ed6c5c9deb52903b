import { isbot } from 'isbot';
import { isRouteErrorResponse } from 'react-router';

import { publicConfig } from '#server/config.ts';
import { updatePolicy } from '#server/middleware/security.ts';
import { renderErrorPage } from '#server/middleware/errors.ts';
import { trackDependencies } from '#server/services/content/dependencies.ts';
import { DEFAULT_RETRY_AFTER_S } from '#server/services/content/errors.ts';
import { surrogateKeyHeaders } from '#server/services/cdn/surrogate-keys.ts';
import { captureInto } from '#server/ssr/cached-page.ts';
import { coalesceWrites } from '#server/ssr/coalesced-writes.ts';
import { sendFetchResponse, toFetchRequest } from '#server/ssr/fetch-adapter.ts';
import { pageEtag, routeDigest } from '#server/ssr/page-etag.ts';

import type { Config } from '#server/config.ts';
import type { AssetResolver, SsrEntry, SsrEntryLoader } from '#server/ssr/assets.ts';
import type { PageRequest } from '#server/ssr/cached-page.ts';
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
}

/** Behind `pageCacheInFront`, which hands it `res.locals.page`: runs the loaders, answers 304 from the data's ETag before rendering, streams. */
export function createDocumentHandler(options: DocumentHandlerOptions): RequestHandler {
  const { config } = options;
  // The same object each time: the SSR entry keeps its JSON by identity.
  const publicConfigs = new Map<string, PublicConfig>();
  const publicConfigFor = (locales: readonly Locale[]) => {
    let value = publicConfigs.get(locales.join());
    if (!value) publicConfigs.set(locales.join(), (value = publicConfig(config, locales)));
    return value;
  };

  return async (req, res) => {
    const page = res.locals.page as PageRequest;
    const entry = await options.entry.load();
    const request = toFetchRequest(req, res, config.publicUrl, page.target);
    const requestContext = options.createRequestContext(req, res, entry, page.locales);
    const { result: context, deps } = await trackDependencies(() => entry.queryDocument(request, requestContext));
    if (context instanceof Response) return sendFetchResponse(res, context);
    if (request.signal.aborted) return;
    // The static handler turns a loader's unexpected throw into route data: log it here or nobody will.
    for (const [routeId, error] of Object.entries(context.errors ?? {})) {
      if (!isRouteErrorResponse(error)) req.log.error({ err: error, routeId }, 'loader failed');
    }

    const document = entry.describeDocument(context, routeDigest);
    const etag = pageEtag({ buildId: options.buildId, served: page.served, origin: page.origin }, document.validator);
    for (const [name, value] of document.headers) res.setHeader(name, value);
    // A CDN would keep a 404 after the entry is published (ADR 017).
    const preview = res.locals.preview === true;
    res.setHeader('Cache-Control', preview ? 'private, no-store' : context.statusCode >= 400 ? 'no-store' : config.htmlCacheControl);
    // ADR 052; a page no cache may keep needs none.
    const keys: Record<string, string> = preview || context.statusCode >= 400 ? {} : surrogateKeyHeaders(deps);
    res.set(keys);
    // Preview pages may be framed by Contentful's Live Preview only.
    const policy = { frameAncestors: preview ? config.preview.frameAncestors.join(' ') : document.embeddable ? config.embedFrameAncestors : "'none'" };
    updatePolicy(res, policy);
    res.set({ ETag: etag, Vary: 'Accept-Encoding, Cookie' });
    // A loader's 503 may already name the time.
    if (context.statusCode === 503 && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(DEFAULT_RETRY_AFTER_S));
    if (context.statusCode === 200 && req.fresh) return void res.status(304).end();

    const headers = Object.fromEntries([...document.headers, ['cache-control', config.htmlCacheControl], ...Object.entries(keys)]);
    const store =
      page.store && context.statusCode === 200
        ? (html: string, nonce: string) => page.store?.({ status: 200, etag, headers, deps, policy, html, nonce })
        : undefined;
    const { chunks, hydration } = document;
    streamDocument(req, res, options, { entry, context, chunks, hydration, signal: request.signal, store, publicConfig: publicConfigFor(page.locales) });
  };
}

interface DocumentToStream {
  entry: SsrEntry;
  context: StaticHandlerContext;
  chunks: string[];
  hydration: string;
  /** Aborted when the client went away. */
  signal: AbortSignal;
  store: ((html: string, nonce: string) => void) | undefined;
  publicConfig: PublicConfig;
}

/** Browsers get the document at onShellReady, crawlers at onAllReady, under one abort deadline. */
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
    assets: { nonce, ...assets },
    onShellReady() {
      if (!waitForAll) start();
    },
    onAllReady() {
      // Deferred: when the deadline's abort() completes the render, React is still inside abort(), and piping from here
      // makes it report an abortable task at the root.
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
