import { createContext } from 'react-router';

import { LOCALES } from '#shared/content/types.ts';

import type { ContentApi, Deadline } from '#shared/data/content-api.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { Locale, RenderedRichText, RichText } from '#shared/content/types.ts';

/** Facts about the current request that loaders need besides content. */
export interface RequestInfo {
  /** Origin used for canonical and Open Graph URLs, e.g. `https://vitrine.example`. */
  origin: string;
  /** The visitor is in preview mode (drafts, no caches). */
  preview: boolean;
  /** When content work must be done to answer in time (server only; loaders pass it to content queries). */
  deadline?: Deadline | undefined;
  /** The locales the site serves (ADR 039): a path under another locale's prefix belongs to the default locale. */
  locales: readonly Locale[];
}

/** The ContentService, set per request by the server (never imported by loaders). */
export const contentContext = createContext<ContentApi>();
export const requestInfoContext = createContext<RequestInfo>({ origin: 'http://localhost', preview: false, locales: LOCALES });
/** Server-side search for the search page loader; `null` when the app runs without one (some tests). */
export const searchContext = createContext<SearchApi | null>(null);

/** Renders rich text to HTML on the server (see `RenderedRichText`). */
export interface RichTextHtml {
  /** `key` must identify the field's content (entry id, field, locale, updatedAt); hyperlinks to `origin` come out relative. */
  render(value: RichText, locale: Locale, key: string, origin?: string): RenderedRichText;
}

export const richTextHtmlContext = createContext<RichTextHtml>();
