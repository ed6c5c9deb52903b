import { DEFAULT_LOCALE, LOCALE_PREFIX, LOCALES } from '#shared/content/types.ts';

import type { Locale } from '#shared/content/types.ts';

/** Below the locale prefix: the only place URL shapes are spelled out. */
export const ROUTE_PATHS = {
  home: '/',
  models: '/models',
  model: '/models/:slug',
  modelEmbed: '/models/:slug/embed',
  articles: '/articles',
  article: '/articles/:slug',
  tag: '/tags/:tag',
  search: '/search',
  page: '/:slug',
} as const;

function withLocale(locale: Locale, path: string): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lone surrogates become U+FFFD: one in a CMS slug made encodeURIComponent throw and failed every list linking to it (ADR 018). */
const encode = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));

/** A route pattern with its one parameter filled in, under the locale's prefix. */
const fill = (locale: Locale, pattern: string, value = '') => withLocale(locale, pattern.replace(/:\w+/, encode(value)));

export const paths = {
  home: (locale: Locale) => withLocale(locale, ROUTE_PATHS.home),
  models: (locale: Locale, category?: string) => withLocale(locale, ROUTE_PATHS.models) + (category ? `?category=${encode(category)}` : ''),
  model: (locale: Locale, slug: string) => fill(locale, ROUTE_PATHS.model, slug),
  modelEmbed: (locale: Locale, slug: string) => fill(locale, ROUTE_PATHS.modelEmbed, slug),
  articles: (locale: Locale, page = 1) => withLocale(locale, ROUTE_PATHS.articles) + (page > 1 ? `?page=${page}` : ''),
  article: (locale: Locale, slug: string) => fill(locale, ROUTE_PATHS.article, slug),
  tag: (locale: Locale, tag: string) => fill(locale, ROUTE_PATHS.tag, tag),
  page: (locale: Locale, slug: string) => fill(locale, ROUTE_PATHS.page, slug),
  search: (locale: Locale) => withLocale(locale, ROUTE_PATHS.search),
  rss: (locale: Locale) => withLocale(locale, '/rss.xml'),
  sitemap: () => '/sitemap.xml',
};

/** A locale's RSS feed whether the site serves that locale or not. */
export const isFeedPath = (pathname: string) => pathname === paths.sitemap() || LOCALES.some((locale) => pathname === paths.rss(locale));

/** A prefix the site does not serve (ADR 039) belongs to the default locale, whose not-found page answers it. */
export function localeFromPath(pathname: string, served: readonly Locale[] = LOCALES): Locale {
  for (const locale of served) {
    const prefix = LOCALE_PREFIX[locale];
    if (prefix && (pathname === `/${prefix}` || pathname.startsWith(`/${prefix}/`))) return locale;
  }
  return DEFAULT_LOCALE;
}

export function switchLocalePath(pathname: string, to: Locale): string {
  const fromPrefix = LOCALE_PREFIX[localeFromPath(pathname)];
  const bare = fromPrefix ? pathname.slice(fromPrefix.length + 1) || '/' : pathname;
  return withLocale(to, bare);
}
