import { DEFAULT_LOCALE, LOCALE_PREFIX, LOCALES } from '#shared/content/types.ts';

import type { Locale } from '#shared/content/types.ts';

/**
 * Typed path builders: the only place URL shapes are spelled out. Links,
 * loaders, the sitemap and search records all build paths here.
 */
function withLocale(locale: Locale, path: string): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A path segment or query value. Lone surrogates become U+FFFD first: one in
 * a slug or tag from the CMS made encodeURIComponent throw, and a single bad
 * entry failed every list that links to it (issue 12).
 */
const encode = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));

export const paths = {
  home: (locale: Locale) => withLocale(locale, '/'),
  models: (locale: Locale, category?: string) => withLocale(locale, '/models') + (category ? `?category=${encode(category)}` : ''),
  model: (locale: Locale, slug: string) => withLocale(locale, `/models/${encode(slug)}`),
  modelEmbed: (locale: Locale, slug: string) => withLocale(locale, `/models/${encode(slug)}/embed`),
  articles: (locale: Locale, page = 1) => withLocale(locale, '/articles') + (page > 1 ? `?page=${page}` : ''),
  article: (locale: Locale, slug: string) => withLocale(locale, `/articles/${encode(slug)}`),
  tag: (locale: Locale, tag: string) => withLocale(locale, `/tags/${encode(tag)}`),
  page: (locale: Locale, slug: string) => withLocale(locale, `/${encode(slug)}`),
  search: (locale: Locale, query = '') => withLocale(locale, '/search') + (query ? `?q=${encode(query)}` : ''),
  rss: (locale: Locale) => withLocale(locale, '/rss.xml'),
};

/** The locale a pathname belongs to (`/de/...` → de-DE, everything else the default). */
export function localeFromPath(pathname: string): Locale {
  for (const locale of LOCALES) {
    const prefix = LOCALE_PREFIX[locale];
    if (prefix && (pathname === `/${prefix}` || pathname.startsWith(`/${prefix}/`))) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The same page in another locale: swaps the locale prefix of a pathname. */
export function switchLocalePath(pathname: string, to: Locale): string {
  const from = localeFromPath(pathname);
  const fromPrefix = LOCALE_PREFIX[from];
  const bare = fromPrefix ? pathname.slice(fromPrefix.length + 1) || '/' : pathname;
  return withLocale(to, bare);
}
