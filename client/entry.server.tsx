import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, RouterContextProvider, StaticRouterProvider } from 'react-router';

import { AppConfigProvider } from '#client/components/app-config.tsx';
import { DocumentAssets } from '#client/components/document-assets.tsx';
import { serverLoaders } from '#client/route-loaders.ts';
import { getDocumentPolicy } from '#client/route-policy.ts';
import { createRoutes } from '#client/routes.tsx';
import { ModelViewer } from '#client/features/model-viewer/index.ts';
import { createRichTextHtml } from '#client/features/rich-text/server.tsx';
import { isRenderedRichText } from '#shared/content/types.ts';
import { contentContext, requestInfoContext, richTextHtmlContext, searchContext } from '#shared/data/context.ts';
import { toScriptSafeJson } from '#shared/http/serialize.ts';

import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import type { StaticHandlerContext } from 'react-router';
import type { DocumentPolicy } from '#client/route-policy.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { RequestInfo } from '#shared/data/context.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { ServerAssets } from '#client/components/app-config.tsx';
import type { PublicConfig } from '#shared/public-config.ts';
import type { RouteDataPayload, RouteDataResult } from '#shared/data/route-data.ts';

/**
 * The SSR entry: everything the server needs from the client tree, with no
 * Express types. The server loads it through Vite's `ssrLoadModule` in dev
 * and from the SSR bundle in production (STYLE.md section 2).
 */

// 1. One static handler for the life of the process.
const handler = createStaticHandler(createRoutes(serverLoaders));
const richTextHtml = createRichTextHtml({ renderModel: (source, locale) => <ModelViewer source={source} locale={locale} /> });

/** What the server provides to loaders for one request. */
export interface RequestValues {
  content: ContentApi;
  info: RequestInfo;
  /** Server-side search for the search page (absent in apps built without one). */
  search?: SearchApi;
}

/**
 * Builds the router context for one request. It lives here, not in the
 * server, so the context keys are the very objects the loaders import: in
 * dev Vite loads this module graph separately from the server's own.
 */
export function createRequestContext(values: RequestValues): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(contentContext, values.content);
  context.set(requestInfoContext, values.info);
  context.set(richTextHtmlContext, richTextHtml);
  if (values.search) context.set(searchContext, values.search);
  return context;
}

/** Runs the matched loaders for a document request. A `Response` means redirect (send as is). */
export function queryDocument(request: Request, requestContext: RouterContextProvider): Promise<StaticHandlerContext | Response> {
  return handler.query(request, { requestContext });
}

/** The chunk (Vite manifest key) of each matched route, deepest last, for modulepreload. */
export function matchedChunks(context: StaticHandlerContext): string[] {
  return context.matches.flatMap((m) => {
    const chunk = (m.route.handle as { chunk?: string } | undefined)?.chunk;
    return chunk ? [chunk] : [];
  });
}

/** Headers to send with a document: the deepest match's loader headers win. */
export function documentHeaders(context: StaticHandlerContext): Headers {
  const headers = new Headers();
  for (const match of context.matches) {
    const loaderHeaders = context.loaderHeaders[match.route.id];
    if (loaderHeaders) for (const [name, value] of loaderHeaders) headers.set(name, value);
  }
  return headers;
}

/** What the matched routes need from the page's CSP (framing, for the embed). */
export function documentPolicy(context: StaticHandlerContext): DocumentPolicy {
  return getDocumentPolicy(context.matches);
}

export interface RenderOptions extends Pick<RenderToPipeableStreamOptions, 'onShellReady' | 'onShellError' | 'onAllReady' | 'onError'> {
  nonce: string;
  bootstrapModules: string[];
  /** Subresource Integrity of bootstrap modules by href (production builds). Default: none. */
  integrity?: Record<string, string>;
  publicConfig: PublicConfig;
  /** Stylesheets and module preloads of the matched routes; React hoists them into <head>. */
  assets: ServerAssets;
}

/** Streams the document for a queried context. Hydration data rides in one nonce'd script. */
export function renderDocument(context: StaticHandlerContext, options: RenderOptions) {
  // 2. A static router over the handler's routes and the queried context.
  const router = createStaticRouter(handler.dataRoutes, context);
  const hydration = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
  // 3. Stream it; React inserts the bootstrap script (with the nonce) after the shell.
  return renderToPipeableStream(
    <StrictMode>
      <AppConfigProvider value={options.publicConfig} assets={{ ...options.assets, head: <DocumentAssets assets={options.assets} /> }}>
        <StaticRouterProvider router={router} context={context} nonce={options.nonce} hydrate={false} />
      </AppConfigProvider>
    </StrictMode>,
    {
      // One nonce for inline scripts and <style> elements (the inlined stylesheets of ADR 009).
      nonce: { script: options.nonce, style: options.nonce },
      bootstrapScriptContent: `window.__staticRouterHydrationData=${toScriptSafeJson(hydration, withoutRenderedHtml)};window.__vitrineConfig=${toScriptSafeJson(options.publicConfig)};window.__vitrineUrl=${toScriptSafeJson(canonicalTarget(context))};`,
      bootstrapModules: options.bootstrapModules.map((src) => {
        const integrity = options.integrity?.[src];
        return integrity ? { src, integrity } : src;
      }),
      onShellReady: options.onShellReady,
      onShellError: options.onShellError,
      onAllReady: options.onAllReady,
      onError: options.onError,
    },
  );
}

export interface QueryDataOptions {
  /**
   * Called with each unexpected loader error (anything but a thrown Response
   * or `data()`) and its route id. The payload carries only a generic
   * message for it, so this is where the server logs the error and its stack.
   */
  onError?(error: unknown, routeId: string): void;
}

/**
 * Runs the loaders of `routeIds` for a client navigation and returns their
 * results as JSON-ready data (the browser's dataStrategy reads this).
 */
export async function queryData(
  request: Request,
  requestContext: RouterContextProvider,
  routeIds: Set<string>,
  options: QueryDataOptions = {},
): Promise<RouteDataPayload> {
  const context = await handler.query(request, {
    requestContext,
    filterMatchesToLoad: (match) => routeIds.size === 0 || routeIds.has(match.route.id),
    skipLoaderErrorBubbling: true,
  });
  if (context instanceof Response) {
    return {
      type: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
      reloadDocument: context.headers.has('X-Remix-Reload-Document'),
    };
  }
  const results: Record<string, RouteDataResult> = {};
  for (const match of context.matches) {
    const id = match.route.id;
    if (routeIds.size > 0 && !routeIds.has(id)) continue;
    const error = context.errors?.[id];
    if (error !== undefined) {
      if (!isRouteErrorResponse(error)) options.onError?.(error, id);
      results[id] = toErrorResult(error);
    } else if (id in context.loaderData) results[id] = { data: context.loaderData[id] };
  }
  return { type: 'data', status: context.statusCode, results };
}

/**
 * The URL the page was rendered for: the server canonicalised the request
 * (shared/canonical-url.ts: junk query parameters dropped, route words lower
 * case) before the loaders ran. The browser adopts it before hydrating, so
 * links built from the location match the HTML without shipping the rule.
 */
function canonicalTarget(context: StaticHandlerContext): string {
  return context.location.pathname + context.location.search;
}

/** Rendered rich text is already in the HTML; the browser reads it from the DOM, so the data carries no second copy. */
function withoutRenderedHtml(_key: string, value: unknown): unknown {
  return isRenderedRichText(value) ? { ...value, html: null } : value;
}

function toErrorResult(error: unknown): RouteDataResult {
  if (isRouteErrorResponse(error)) return { error: { status: error.status, statusText: error.statusText, data: error.data } };
  return { error: { status: 500, statusText: 'Internal Server Error', data: 'Unexpected error' } };
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { ...error, __type: 'RouteErrorResponse' };
    // Never ship an unexpected error's message or stack to the browser.
    else out[id] = { message: 'Unexpected Server Error', __type: 'Error' };
  }
  return out;
}
