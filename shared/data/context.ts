import { createContext } from 'react-router';

import { LOCALES } from '#shared/content/types.ts';

import type { ContentApi, Deadline } from '#shared/data/content-api.ts';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { Locale, RenderedRichText, RichText } from '#shared/content/types.ts';

export interface RequestInfo {
  /** For canonical and Open Graph URLs. */
  origin: string;
  preview: boolean;
  /** Server only. */
  deadline?: Deadline | undefined;
  /** ADR 039. */
  locales: readonly Locale[];
}

export const contentContext = createContext<ContentApi>();
export const requestInfoContext = createContext<RequestInfo>({ origin: 'http://localhost', preview: false, locales: LOCALES });
/** `null` when the app runs without one (some tests). */
export const searchContext = createContext<SearchApi | null>(null);

export interface RichTextHtml {
  /** `key` must identify the field's content (entry id, field, locale, updatedAt). */
  render(value: RichText, locale: Locale, key: string, origin?: string): RenderedRichText;
}

export const richTextHtmlContext = createContext<RichTextHtml>();
