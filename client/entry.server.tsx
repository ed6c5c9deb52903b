import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  RouterContextProvider,
  StaticRouterProvider,
  UNSAFE_defaultMapRouteProperties,
} from 'react-router';

import { AppConfigProvider } from '#client/components/app-config.tsx';
import { isPerContentVersion } from '#client/data/loader-helpers.ts';
import { DocumentAssets } from '#client/components/document-assets.tsx';
import { createRoutes, isEmbeddable } from '#client/routes.tsx';
import { ModelViewer } from '#client/features/model-viewer/index.ts';
import { createRichTextHtml } from '#client/features/rich-text/server.tsx';
import { isRenderedRichText } from '#shared/content/types.ts';
import { contentContext, requestInfoContext, richTextHtmlContext, searchContext } from '#shared/data/context.ts';
import { toScriptSafeJson } from '#shared/http/serialize.ts';

import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import type { DataRouteObject, DataRouter, LoaderFunction, StaticHandler, StaticHandlerContext } from 'react-router';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { RequestInfo } from '#shared/data/context.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { ServerAssets } from '#client/components/app-config.tsx';
import type { PublicConfig } from '#shared/public-config.ts';
import type { Locale } from '#shared/content/types.ts';
import type { RouteDataPayload, RouteDataResult } from '#shared/data/route-data.ts';

// Free of Express types: the server loads it with Vite's `ssrLoadModule` in dev, from the SSR bundle in production.
const LOADERS = import.meta.glob<LoaderFunction>(['./pages/*/*.server.ts', './layout/*.server.ts'], { eager: true, import: 'loader' });
const loaderFor = (name: string): LoaderFunction => {
  const loader = Object.entries(LOADERS).find(([path]) => path.endsWith(`/${name}.server.ts`))?.[1];
  if (!loader) throw new Error(`no loader ${name}.server.ts`);
  return loader;
};
// One route table per set of served locales (ADR 039): at most one per subset of LOCALES, so the map stays bounded.
const handlers = new Map<string, StaticHandler>();
const handlerFor = (locales: readonly Locale[]): StaticHandler => {
  const key = locales.join();
  let handler = handlers.get(key);
  if (!handler) handlers.set(key, (handler = createStaticHandler(createRoutes(loaderFor, locales), { mapRouteProperties: UNSAFE_defaultMapRouteProperties })));
  return handler;
};
const richTextHtml = createRichTextHtml((source, locale) => <ModelViewer source={source} locale={locale} />);

export interface RequestValues {
  content: ContentApi;
  info: RequestInfo;
  search?: SearchApi;
}

/** Built here so its keys are the very objects the loaders import (dev loads a second module graph). */
export function createRequestContext(values: RequestValues): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(contentContext, values.content);
  context.set(requestInfoContext, values.info);
  context.set(richTextHtmlContext, richTextHtml);
  if (values.search) context.set(searchContext, values.search);
  return context;
}

/** A `Response` means redirect (send as is). */
export function queryDocument(request: Request, requestContext: RouterContextProvider): Promise<StaticHandlerContext | Response> {
  return handlerFor(requestContext.get(requestInfoContext).locales).query(request, { requestContext });
}

/** `validator` (the ETag's input) is the hydration JSON with each perContentVersion answer replaced by its `digest`. */
export function describeDocument(context: StaticHandlerContext, digest?: (json: string) => string) {
  const headers = new Headers();
  for (const match of context.matches) for (const [name, value] of context.loaderHeaders[match.route.id] ?? []) headers.set(name, value);
  const chunks = context.matches.flatMap((m) => (m.route.handle as { chunk?: string } | undefined)?.chunk ?? []);
  const rest = `"actionData":${toScriptSafeJson(context.actionData ?? null)},"errors":${toScriptSafeJson(serializeErrors(context.errors))}`;
  const json: string[] = [];
  const validator: string[] = [];
  for (const [id, data] of Object.entries(context.loaderData)) {
    if (data === undefined) continue;
    const part = routeJson(data);
    const name = toScriptSafeJson(id);
    json.push(`${name}:${part.json}`);
    // A digest is never JSON (it starts with #), so the validator tells a digested answer from one that is not.
    validator.push(`${name}:${part.memo && digest ? (part.memo.digest ??= `#${digest(part.json)}`) : part.json}`);
  }
  return {
    headers,
    chunks,
    embeddable: isEmbeddable(context.matches),
    hydration: `{"loaderData":{${json.join(',')}},${rest}}`,
    validator: `{${validator.join(',')}}${rest}`,
  };
}

/** A perContentVersion answer is serialized and hashed once, not per request (ADR 056). */
interface RouteJson {
  json: string;
  digest?: string;
}
const routeJsonMemo = new WeakMap<object, RouteJson>();
function routeJson(data: unknown): { json: string; memo?: RouteJson } {
  if (!isPerContentVersion(data)) return { json: toScriptSafeJson(withoutRenderedHtml(data)) };
  let memo = routeJsonMemo.get(data);
  if (!memo) routeJsonMemo.set(data, (memo = { json: toScriptSafeJson(withoutRenderedHtml(data)) }));
  return { json: memo.json, memo };
}

export interface RenderOptions extends Pick<RenderToPipeableStreamOptions, 'onShellReady' | 'onShellError' | 'onAllReady' | 'onError'> {
  nonce: string;
  /** describeDocument's hydration JSON for this context. */
  hydration: string;
  bootstrapModules: string[];
  /** Subresource Integrity by href (production builds). */
  integrity?: Record<string, string>;
  publicConfig: PublicConfig;
  assets: ServerAssets;
}

export function renderDocument(
  context: StaticHandlerContext,
  { nonce, hydration, bootstrapModules, integrity, publicConfig, assets, ...callbacks }: RenderOptions,
) {
  const router = staticRouter(handlerFor(publicConfig.locales), context);
  // The browser adopts the canonical URL the page was rendered for (shared/canonical-url.ts) instead of shipping the rule.
  const url = context.location.pathname + context.location.search;
  let config = configJson.get(publicConfig);
  if (config === undefined) configJson.set(publicConfig, (config = toScriptSafeJson(publicConfig)));
  const bootstrap = [`window.__staticRouterHydrationData=${hydration}`, `window.__vitrineConfig=${config}`, `window.__vitrineUrl=${toScriptSafeJson(url)}`];
  return renderToPipeableStream(
    <StrictMode>
      <AppConfigProvider value={publicConfig} assets={{ ...assets, head: <DocumentAssets assets={assets} /> }}>
        <StaticRouterProvider router={router} context={context} nonce={nonce} hydrate={false} />
      </AppConfigProvider>
    </StrictMode>,
    {
      // One nonce for inline scripts and <style> elements (the inlined stylesheets of ADR 009).
      nonce: { script: nonce, style: nonce },
      bootstrapScriptContent: `${bootstrap.join(';')};`,
      bootstrapModules: bootstrapModules.map((src) => (integrity?.[src] ? { src, integrity: integrity[src] } : src)),
      ...callbacks,
    },
  );
}

/** The loaders of `routeIds` (all matched when empty) for the browser's data strategy; `onError` sees the unexpected errors the payload hides. */
export async function queryData(
  request: Request,
  requestContext: RouterContextProvider,
  routeIds: Set<string>,
  options: { onError?(error: unknown, routeId: string): void } = {},
): Promise<RouteDataPayload> {
  const wanted = (id: string) => routeIds.size === 0 || routeIds.has(id);
  const handler = handlerFor(requestContext.get(requestInfoContext).locales);
  const context = await handler.query(request, { requestContext, filterMatchesToLoad: (match) => wanted(match.route.id), skipLoaderErrorBubbling: true });
  if (context instanceof Response) {
    const location = context.headers.get('Location') ?? '/';
    return { type: 'redirect', status: context.status, location, reloadDocument: context.headers.has('X-Remix-Reload-Document') };
  }
  const results: Record<string, RouteDataResult> = {};
  for (const { route } of context.matches) {
    if (!wanted(route.id)) continue;
    const error = context.errors?.[route.id];
    if (error !== undefined) {
      if (!isRouteErrorResponse(error)) options.onError?.(error, route.id);
      results[route.id] = { error: toErrorData(error) };
    } else if (route.id in context.loaderData) results[route.id] = { data: context.loaderData[route.id] };
  }
  return { type: 'data', status: context.statusCode, results };
}

// The server hands every request the same config object per set of served locales.
const configJson = new WeakMap<PublicConfig, string>();

// createStaticRouter converts the route table on every call (ADR 056); the handler's table already is one, built with the same route properties.
const manifests = new WeakMap<StaticHandler, DataRouter['manifest']>();
function staticRouter(handler: StaticHandler, context: StaticHandlerContext): DataRouter {
  let manifest = manifests.get(handler);
  if (!manifest) manifests.set(handler, (manifest = byId(handler.dataRoutes, {})));
  return Object.defineProperties(createStaticRouter([], context), { routes: { value: handler.dataRoutes }, manifest: { value: manifest } });
}
function byId(routes: DataRouteObject[], into: DataRouter['manifest']): DataRouter['manifest'] {
  for (const route of routes) {
    into[route.id] = route;
    if (route.children) byId(route.children, into);
  }
  return into;
}

/**
 * The browser reads rendered rich text from the HTML, so the data carries no second copy. A copy, not a JSON.stringify
 * replacer: that sent the whole serialization down V8's slow path.
 */
function withoutRenderedHtml(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'toJSON' in value) return value;
  if (isRenderedRichText(value)) return { ...value, html: null };
  let copy: Record<string, unknown> | unknown[] | undefined;
  for (const [key, child] of Object.entries(value)) {
    const stripped = withoutRenderedHtml(child);
    if (stripped === child) continue;
    copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...value };
    (copy as Record<string, unknown>)[key] = stripped;
  }
  return copy ?? value;
}

/** Never ship an unexpected error's message or stack to the browser. */
function toErrorData(error: unknown) {
  if (isRouteErrorResponse(error)) return { status: error.status, statusText: error.statusText, data: error.data };
  return { status: 500, statusText: 'Internal Server Error', data: 'Unexpected error' };
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  const serialize = (error: unknown) =>
    isRouteErrorResponse(error) ? { ...error, __type: 'RouteErrorResponse' } : { message: 'Unexpected Server Error', __type: 'Error' };
  return errors && Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, serialize(error)]));
}
