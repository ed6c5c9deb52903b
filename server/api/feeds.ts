import escapeHtml from 'escape-html';
import { Router } from 'express';

import { requestOrigin } from '#server/middleware/allowed-hosts.ts';
import { deadlineOf } from '#server/middleware/deadline.ts';
import { sendError } from '#server/middleware/errors.ts';
import { surrogateKeyHeaders } from '#server/services/cdn/surrogate-keys.ts';
import { trackDependencies } from '#server/services/content/dependencies.ts';
import { ContentUnavailableError, DEFAULT_RETRY_AFTER_S } from '#server/services/content/errors.ts';
import { localeFromPath, paths, switchLocalePath } from '#shared/urls.ts';

import type { Config } from '#server/config.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { Locale } from '#shared/content/types.ts';
import type { Request, Response } from 'express';

/** Characters XML 1.0 cannot carry even as references: one in a title made the whole feed malformed (ADR 018). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xml = (text: string) => escapeHtml(text.replace(NOT_XML, ''));

const SITEMAP_HEAD = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';
const RSS_HEAD = '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** `/robots.txt`, `/sitemap.xml` and `/rss.xml` per served locale (ADR 039). */
export function createFeedsRouter(config: Config, content: ContentApi, servedLocales: () => readonly Locale[]): Router {
  const router = Router();
  const options = (locale: Locale, res: Response) => ({ locale, preview: false, deadline: deadlineOf(res) });

  router.get('/robots.txt', (req, res) => {
    const origin = requestOrigin(req, config.publicUrl);
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /_data/\nDisallow: /search\n\nSitemap: ${origin}${paths.sitemap()}\n`);
  });

  router.get(paths.sitemap(), async (req, res) => {
    await send(req, res, 'application/xml', () => buildSitemap(requestOrigin(req, config.publicUrl), servedLocales(), res));
  });

  async function buildSitemap(origin: string, locales: readonly Locale[], res: Response): Promise<string> {
    const o = options('en-US', res);
    const [pages, articles, models, tags] = await Promise.all([
      content.listPages(o),
      content.listArticles({ limit: 1000 }, o),
      content.listModels({}, o),
      content.listTags(o),
    ]);
    const urls: Array<{ path: string; lastmod?: string }> = [
      { path: paths.home('en-US') },
      { path: paths.models('en-US') },
      { path: paths.articles('en-US') },
      ...pages.map((p) => ({ path: paths.page('en-US', p.slug), lastmod: p.updatedAt })),
      ...articles.items.map((a) => ({ path: paths.article('en-US', a.slug), lastmod: a.updatedAt })),
      ...models.map((m) => ({ path: paths.model('en-US', m.slug), lastmod: m.updatedAt })),
      ...tags.map((t) => ({ path: paths.tag('en-US', t.id) })),
    ];
    // One language has no alternates, like its pages (client/components/seo.tsx).
    const alternateLocales = locales.length > 1 ? locales : [];
    const url = (path: string, lastmod: string | undefined) => {
      const alternates = alternateLocales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(origin + switchLocalePath(path, l))}"/>`);
      return `<url><loc>${xml(origin + path)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}${alternates.join('')}</url>`;
    };
    const body = urls.flatMap(({ path, lastmod }) => locales.map((locale) => url(switchLocalePath(path, locale), lastmod)));
    return `${XML_DECLARATION}${SITEMAP_HEAD}\n${body.join('\n')}\n</urlset>\n`;
  }

  router.get(['/rss.xml', '/:prefix/rss.xml'], async (req, res, next) => {
    // A prefix the site does not serve reads as the default locale, so `/de/rss.xml` of an English-only space falls through to 404.
    const locale = localeFromPath(req.path, servedLocales());
    if (req.params.prefix && paths.home(locale) === '/') return next();
    await send(req, res, 'application/rss+xml', () => buildRss(requestOrigin(req, config.publicUrl), locale, res));
  });

  async function buildRss(origin: string, locale: Locale, res: Response): Promise<string> {
    const o = options(locale, res);
    const [site, articles] = await Promise.all([content.getSiteSettings(o), content.listArticles({ limit: 50 }, o)]);
    const items = articles.items.map((a) => {
      const link = xml(origin + paths.article(locale, a.slug));
      const creator = a.author ? `<dc:creator>${xml(a.author.name)}</dc:creator>` : '';
      const date = new Date(a.publishDate).toUTCString();
      const text = `<title>${xml(a.title)}</title><link>${link}</link><description>${xml(a.excerpt)}</description>`;
      return `<item>${text}<guid isPermaLink="true">${link}</guid><pubDate>${date}</pubDate>${creator}</item>`;
    });
    const self = `<atom:link href="${xml(origin + paths.rss(locale))}" rel="self" type="application/rss+xml"/>`;
    const channel = `<title>${xml(site.name)}</title><link>${xml(origin + paths.home(locale))}</link><description>${xml(site.description)}</description>`;
    return `${XML_DECLARATION}${RSS_HEAD}<channel>${channel}<language>${locale}</language>${self}\n${items.join('\n')}\n</channel></rss>\n`;
  }

  /** Tagged like the pages (ADR 052); content that cannot be read (a replica not loaded yet) answers 503. */
  async function send(req: Request, res: Response, type: string, build: () => Promise<string>): Promise<void> {
    try {
      const { result, deps } = await trackDependencies(build);
      res.type(type).setHeader('Cache-Control', config.htmlCacheControl).set(surrogateKeyHeaders(deps)).send(result);
    } catch (error) {
      if (!(error instanceof ContentUnavailableError)) throw error;
      sendError(req, res, 503, 'This document is temporarily unavailable. Please try again shortly.', { 'Retry-After': String(DEFAULT_RETRY_AFTER_S) });
    }
  }

  return router;
}
