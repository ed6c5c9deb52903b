import { data } from 'react-router';

import { contentContext, requestInfoContext, richTextHtmlContext, searchContext } from '#shared/data/context.ts';
import { fnv1a } from '#shared/hash.ts';
import { localeFromPath } from '#shared/urls.ts';

import type { LoaderFunctionArgs, Params } from 'react-router';
import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { RequestInfo, RichTextHtml } from '#shared/data/context.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { Locale, RenderedRichText, RichText } from '#shared/content/types.ts';

export interface LoaderContext {
  content: ContentApi;
  options: QueryOptions;
  info: RequestInfo;
  url: URL;
  params: Params;
  richText: RichTextHtml;
  search: SearchApi | null;
}

/** Loaders never import services: the server puts them in the router context. */
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

export function renderField(
  richText: RichTextHtml,
  value: RichText,
  entry: { id: string; updatedAt: string; locale: Locale },
  field: string,
): RenderedRichText {
  // Linked entries (cards, chips, embedded models) change without the entry's own updatedAt moving.
  return richText.render(value, entry.locale, `${entry.id}-${field}-${entry.locale}-${entry.updatedAt}-${linksHash(value.links)}`);
}

// Once per content version, not per request (ADR 054: it was the profile's top self time).
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
/** Origins times a model's variants; more only when Host values vary without bound (dev hosts, ports). */
const KEYS_PER_SOURCE = 32;

/**
 * A loader's answer made once per content version (ADR 056): the content service hands every request the same `sources` until the
 * content changes (preview reads are new each time). `key` is everything else it depends on, each part bounded; past KEYS_PER_SOURCE
 * a source starts over, so unbounded Host values cost rebuilds, not memory. The SSR entry serializes such an answer once too.
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

export function isPerContentVersion(value: unknown): value is object {
  return typeof value === 'object' && value !== null && perVersion.has(value);
}

export function notFound(what: string): never {
  throw data({ message: `${what} was not found` }, { status: 404, statusText: 'Not Found' });
}
