import { Router } from 'express';

import { deadlineOf } from '#server/middleware/deadline.ts';
import { surrogateKeyHeaders } from '#server/services/cdn/surrogate-keys.ts';
import { trackDependencies } from '#server/services/content/dependencies.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { DEFAULT_LOCALE } from '#shared/content/types.ts';

import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { Locale } from '#shared/content/types.ts';
import type { Request, Response } from 'express';

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The JSON API for integrators (README "JSON API"). */
export function createContentJsonRouter(content: ContentApi, cacheControl: string, servedLocales: () => readonly Locale[]): Router {
  const router = Router();

  function options(req: Request, res: Response): QueryOptions {
    const locale = req.query.locale ?? DEFAULT_LOCALE;
    // Only what the site serves (ADR 039): a locale the space lacks would fail upstream as a 500.
    const locales = servedLocales();
    if (typeof locale !== 'string' || !(locales as readonly string[]).includes(locale)) throw new HttpError(400, `locale must be one of ${locales.join(', ')}`);
    return { locale: locale as Locale, preview: false, deadline: deadlineOf(res) };
  }
  function int(value: unknown, name: string, fallback: number, max: number): number {
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) > max)
      throw new HttpError(400, `${name} must be a whole number from 0 to ${max}`);
    return Number(value);
  }
  const optionalParam = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 100) : undefined);

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', cacheControl);
    next();
  });

  // Cacheable like the pages, so a webhook's CDN purge covers it (ADR 052).
  async function sendJson(res: Response, build: () => Promise<unknown>): Promise<void> {
    const { result, deps } = await trackDependencies(build);
    res.set(surrogateKeyHeaders(deps)).json(result);
  }
  const items = async (list: Promise<unknown[]>) => ({ items: await list });

  router.get('/articles', async (req, res) => {
    const query = { skip: int(req.query.skip, 'skip', 0, 10_000), limit: int(req.query.limit, 'limit', 10, 100), tag: optionalParam(req.query.tag) };
    await sendJson(res, () => content.listArticles(query, options(req, res)));
  });
  router.get('/models', async (req, res) => {
    const query = { category: optionalParam(req.query.category), tag: optionalParam(req.query.tag) };
    await sendJson(res, () => items(content.listModels(query, options(req, res))));
  });
  router.get('/pages', (req, res) => sendJson(res, () => items(content.listPages(options(req, res)))));
  router.get('/tags', (req, res) => sendJson(res, () => items(content.listTags(options(req, res)))));
  router.get('/categories', (req, res) => sendJson(res, () => items(content.listCategories(options(req, res)))));

  router.get('/:type/:slug', async (req, res) => {
    const { type, slug } = req.params;
    const getters = { article: content.getArticle, model: content.getModel, page: content.getPage } as const;
    const get = getters[type as keyof typeof getters];
    if (!get) throw new HttpError(400, 'type must be article, model or page');
    if (!SLUG.test(slug)) throw new HttpError(400, 'slug may contain only lowercase letters, digits and hyphens');
    await sendJson(res, async () => {
      const item = await get(slug, options(req, res));
      if (!item) throw new HttpError(404, `No ${type} with slug ${slug}`);
      return item;
    });
  });

  // Not the SSR catch-all's HTML 404 page.
  router.use((req) => {
    throw new HttpError(404, `No content API at ${req.path.slice(0, 100)}`);
  });
  return router;
}
