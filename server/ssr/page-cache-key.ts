import type { Config } from '#server/config.ts';
import type { CanonicalPage } from '#shared/canonical-url.ts';
import type { Request, Response } from 'express';

/** Decides which rendered pages the shared page cache holds, and under which key. */
export type PageCacheKeyFor = (req: Request, res: Response, origin: string, page: CanonicalPage) => string | undefined;

/**
 * The page-cache key (issue 12, item 3): build, canonical origin and canonical
 * target (`toCanonicalPage`), so junk query parameters and Host spellings share
 * one entry. `undefined` keeps a page out of the cache: preview and credentialed
 * requests (their own rendering), open-ended query values, and, without
 * PUBLIC_URL, origins outside a bounded set: the exact ALLOWED_HOSTS names on
 * the default port or PORT. A leading-dot entry or a free port would let one
 * client mint endless origins (`a1.localhost`, `localhost:1…65535`) that each
 * render fine but would each take a cache entry.
 */
export function createPageCacheKey(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>, buildId: string): PageCacheKeyFor {
  const names = new Set(config.allowedHosts.filter((entry) => !entry.startsWith('.')));
  const ports = new Set(['', String(config.port)]);
  const isBoundedOrigin = (origin: string) => {
    const url = new URL(origin);
    return names.has(url.hostname.replace(/^\[|\]$/g, '')) && ports.has(url.port);
  };
  return (req, res, origin, page) => {
    if (res.locals.preview === true || req.headers.authorization || !page.cacheable) return undefined;
    if (!config.publicUrl && !isBoundedOrigin(origin)) return undefined;
    return `${buildId}|${origin}|${page.target}`;
  };
}
