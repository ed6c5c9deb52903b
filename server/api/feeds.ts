import { Router } from 'express';

import { createLastGoodSender } from '#server/api/last-good.ts';
import { deadlineOf } from '#server/middleware/deadline.ts';
import { requestOrigin } from '#server/ssr/fetch-adapter.ts';
import { LOCALES } from '#shared/content/types.ts';
import { localeFromPath, paths, switchLocalePath } from '#shared/urls.ts';

import type { Config } from '#server/config.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { Locale } from '#shared/content/types.ts';
import type { Response } from 'express';

/**
 * Characters XML 1.0 cannot carry even as references (C0 controls but tab,
 * LF and CR; U+FFFE/FFFF; lone surrogates): one in a title made the whole
 * feed malformed, so readers dropped it (issue 12, tests/security/xss/).
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xml = (s: string) =>
  s.replace(NOT_XML, '').replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

/**
 * `/robots.txt`, `/sitemap.xml` (every locale, lastmod, hreflang alternates) and `/rss.xml` per locale.
 * While Contentful is unavailable the feeds and the sitemap answer their last good copy, else 503.
 */
export function createFeedsRouter(config: Config, content: ContentApi): Router {
  const router = Router();
  const options = (locale: Locale, res: Response) => ({ locale, preview: false, deadline: deadlineOf(res) });
  const send = createLastGoodSender();

  router.get('/robots.txt', (req, res) => {
    const origin = requestOrigin(req, config.publicUrl);
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /_data/\nDisallow: /search\n\nSitemap: ${origin}/sitemap.xml\n`);
  });

  router.get('/sitemap.xml', async (req, res) => {
    const origin = requestOrigin(req, config.publicUrl);
    await send(req, res, {
      key: `${origin}/sitemap.xml`,
      type: 'application/xml',
      cacheControl: config.htmlCacheControl,
      build: () => buildSitemap(origin, res),
    });
  });

  async function buildSitemap(origin: string, res: Response): Promise<string> {
    const o = options('en-US', res);
    const [pages, articles, models, tags] = await Promise.all([
      content.listPages(o),
      content.listArticles({ limit: 1000 }, o),
      content.listModels({}, o),
      content.listTags(o),
    ]);
    const urls: Array<{ path: string; lastmod?: string }> = [
      { path: '/' },
      { path: '/models' },
      { path: '/articles' },
      ...pages.map((p) => ({ path: paths.page('en-US', p.slug), lastmod: p.updatedAt })),
      ...articles.items.map((a) => ({ path: paths.article('en-US', a.slug), lastmod: a.updatedAt })),
      ...models.map((m) => ({ path: paths.model('en-US', m.slug), lastmod: m.updatedAt })),
      ...tags.map((t) => ({ path: paths.tag('en-US', t.id) })),
    ];
    const body = urls
      .flatMap(({ path, lastmod }) =>
        LOCALES.map((locale) => {
          const loc = origin + switchLocalePath(path, locale);
          const alternates = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xml(origin + switchLocalePath(path, l))}"/>`).join('');
          return `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}${alternates}</url>`;
        }),
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
  }

  router.get(['/rss.xml', '/:prefix/rss.xml'], async (req, res, next) => {
    const locale = localeFromPath(req.path);
    if (req.params.prefix && paths.home(locale) === '/') return next();
    const origin = requestOrigin(req, config.publicUrl);
    await send(req, res, {
      key: `${origin}${paths.rss(locale)}`,
      type: 'application/rss+xml',
      cacheControl: config.htmlCacheControl,
      build: () => buildRss(origin, locale, res),
    });
  });

  async function buildRss(origin: string, locale: Locale, res: Response): Promise<string> {
    const o = options(locale, res);
    const [site, articles] = await Promise.all([content.getSiteSettings(o), content.listArticles({ limit: 50 }, o)]);
    const items = articles.items
      .map((a) => {
        const link = origin + paths.article(locale, a.slug);
        return `<item><title>${xml(a.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><description>${xml(a.excerpt)}</description><pubDate>${new Date(a.publishDate).toUTCString()}</pubDate>${a.author ? `<dc:creator>${xml(a.author.name)}</dc:creator>` : ''}</item>`;
      })
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(site.name)}</title><link>${xml(origin + paths.home(locale))}</link><description>${xml(site.description)}</description><language>${locale}</language><atom:link href="${xml(origin + paths.rss(locale))}" rel="self" type="application/rss+xml"/>\n${items}\n</channel></rss>\n`;
  }

  return router;
}
