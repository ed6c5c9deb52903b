import { data } from 'react-router';

import { contentContext, requestInfoContext, richTextHtmlContext, searchContext } from '#shared/data/context.ts';
import { fnv1a } from '#shared/hash.ts';
import { localeFromPath } from '#shared/urls.ts';

import type { LoaderFunctionArgs, Params } from 'react-router';
import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { RequestInfo, RichTextHtml } from '#shared/data/context.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { Locale, RenderedRichText, RichText } from '#shared/content/types.ts';

/** What every loader reads: the content API and query options for this request, request facts, and the URL. */
export interface LoaderContext {
  content: ContentApi;
  options: QueryOptions;
  info: RequestInfo;
  url: URL;
  params: Params;
  richText: RichTextHtml;
  /** Server-side search; `null` when the app runs without one. */
  search: SearchApi | null;
}

/** A route loader over the services the server put in the router context (loaders never import them). */
export function contentLoader<T>(load: (context: LoaderContext) => Promise<T>): (args: LoaderFunctionArgs) => Promise<T> {
  return ({ request, context, params }) => {
    const url = new URL(request.url);
    const info = context.get(requestInfoContext);
    const options = { locale: localeFromPath(url.pathname, info.locales), preview: info.preview, signal: request.signal, deadline: info.deadline };
    const [content, html, search] = [context.get(contentContext), context.get(richTextHtmlContext), context.get(searchContext)];
    // Rich text links to this origin come out relative (ADR 042).
    const richText: RichTextHtml = { render: (value, locale, key) => html.render(value, locale, key, info.origin) };
    return load({ content, options, info, url, params, richText, search });
  };
}

/** Renders one rich-text field of an entry to HTML, cached by entry, field, locale, version and linked content. */
export function renderField(
  richText: RichTextHtml,
  value: RichText,
  entry: { id: string; updatedAt: string; locale: Locale },
  field: string,
): RenderedRichText {
  // Linked entries (cards, chips, embedded models) change without the entry's own updatedAt moving.
  return richText.render(value, entry.locale, `${entry.id}-${field}-${entry.locale}-${entry.updatedAt}-${linksHash(value.links)}`);
}

/**
 * The content cache hands every request the same objects until the content changes, and a change brings new ones: so the
 * links' hash is taken once per content version, not per request (ADR 054: it was the profile's top self time).
 */
const linksHashes = new WeakMap<object, string>();
function linksHash(links: RichText['links'] | undefined): string {
  if (!links) return fnv1a('null').toString(36);
  let hash = linksHashes.get(links);
  if (hash === undefined) linksHashes.set(links, (hash = fnv1a(JSON.stringify(links)).toString(36)));
  return hash;
}

interface Derived {
  next?: WeakMap<object, Derived>;
  values?: Map<string, object>;
}
const derived = new WeakMap<object, Derived>();
const perVersion = new WeakSet<object>();
/** Keys per source: origins times a model's variants, and more only when Host values vary without bound (dev hosts, ports). */
const KEYS_PER_SOURCE = 32;

/**
 * A loader's answer made once per content version instead of per request. `sources` are what the content service returned: it hands
 * every request the same objects until the content changes, and a change brings new ones (preview reads are new each time, so they
 * are made each time). `key` is everything else the answer depends on, each part bounded (the origin is an allowed host; a query
 * parameter once validated); a source with more keys than KEYS_PER_SOURCE starts over, so Host values varied without bound
 * cost rebuilds, not memory. Answers live as long as their sources. The same answer each time lets the SSR entry serialize it
 * once too (isPerContentVersion; ADR 056).
 */
export function perContentVersion<T extends object>(sources: readonly object[], key: string, build: () => T): T {
  let level = derived;
  let node: Derived | undefined;
  for (const [i, source] of sources.entries()) {
    node = level.get(source);
    if (!node) level.set(source, (node = {}));
    if (i < sources.length - 1) level = node.next ??= new WeakMap();
  }
  if (!node) return build();
  const values = (node.values ??= new Map());
  let value = values.get(key) as T | undefined;
  if (value === undefined) {
    if (values.size >= KEYS_PER_SOURCE) values.clear();
    value = build();
    values.set(key, value);
    perVersion.add(value);
  }
  return value;
}

/** Whether `value` is a perContentVersion answer: the same object until its content changes. */
export function isPerContentVersion(value: unknown): value is object {
  return typeof value === 'object' && value !== null && perVersion.has(value);
}

/** Throws the 404 that the route's error element renders. */
export function notFound(what: string): never {
  throw data({ message: `${what} was not found` }, { status: 404, statusText: 'Not Found' });
}
