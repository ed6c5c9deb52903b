import { data } from 'react-router';

import { contentContext, requestInfoContext, richTextHtmlContext } from '#shared/data/context.ts';
import { localeFromPath } from '#shared/urls.ts';

import type { RouterContextProvider } from 'react-router';
import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { RequestInfo, RichTextHtml } from '#shared/data/context.ts';
import type { Locale, RenderedRichText, RichText } from '#shared/content/types.ts';

/** What every loader needs: the content API, query options for this request, and request facts. */
export function getLoaderContext(
  request: Request,
  context: Readonly<RouterContextProvider>,
): { content: ContentApi; options: QueryOptions; info: RequestInfo; url: URL; richText: RichTextHtml } {
  const url = new URL(request.url);
  const info = context.get(requestInfoContext);
  return {
    content: context.get(contentContext),
    options: { locale: localeFromPath(url.pathname), preview: info.preview, signal: request.signal, deadline: info.deadline },
    info,
    url,
    richText: context.get(richTextHtmlContext),
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
  return richText.render(value, entry.locale, `${entry.id}-${field}-${entry.locale}-${entry.updatedAt}-${hashString(JSON.stringify(value.links ?? null))}`);
}

/** A short, fast, non-cryptographic hash (FNV-1a, 32 bit) for cache keys. */
function hashString(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Throws the 404 that the route's error element renders. */
export function notFound(what: string): never {
  throw data({ message: `${what} was not found` }, { status: 404, statusText: 'Not Found' });
}
