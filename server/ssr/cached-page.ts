import { requestOrigin } from '#server/middleware/allowed-hosts.ts';
import { updatePolicy } from '#server/middleware/security.ts';
import { requestTarget } from '#server/ssr/fetch-adapter.ts';
import { enterRenderGate } from '#server/ssr/render-gate.ts';
import { toCanonicalPage } from '#shared/canonical-url.ts';

import type { Config } from '#server/config.ts';
import type { CachedPage, PageCache } from '#server/ssr/page-cache.ts';
import type { RenderGate } from '#server/ssr/render-gate.ts';
import type { CanonicalPage } from '#shared/canonical-url.ts';
import type { Locale } from '#shared/content/types.ts';
import type { Request, RequestHandler, Response } from 'express';

/** What the piece in front of the SSR handler hands it in `res.locals.page`. */
export interface PageRequest {
  /** The canonical target (known query parameters only): the loaders see it, so the page, its ETag and its cache key agree. */
  target: string;
  /** The locales the site serves now (ADR 039), read once, so query, render, ETag and cache key agree. */
  locales: readonly Locale[];
  /** The target and those locales: a page rendered for other served locales has other routes, language links and alternates. */
  served: string;
  origin: string;
  /** Stores the rendered 200 page; absent when this request may not fill the cache. */
  store?: (page: Omit<Parameters<PageCache['store']>[1], 'generation'>) => void;
}

export interface PageCacheFrontOptions {
  config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port' | 'ssrAbortMs'>;
  buildId: string;
  locales(): readonly Locale[];
  /** Published pages (absent: every request renders). */
  pageCache?: PageCache;
  /** Renders in flight; a page-cache hit never waits for it. */
  renderGate?: RenderGate;
}

/**
 * In front of the SSR handler, in one piece: a page-cache hit is answered here; a miss for a page another request is rendering waits
 * for that render's store (coalescing, ADR 059); a render waits for a slot of the render gate (ADR 055) or gets 503. What passes
 * goes to the handler with `res.locals.page`, and `x-cache` says which way it went (`cacheStatus`).
 */
export function pageCacheInFront(options: PageCacheFrontOptions): RequestHandler {
  const { config, pageCache } = options;
  const cacheKeyFor = createPageCacheKey(config, options.buildId);
  // Renders of a cacheable page under way, by key: settled once the render's response closed and its store ended.
  const leaders = new Map<string, Promise<void>>();

  return async (req, res, next) => {
    const canonical = toCanonicalPage(requestTarget(req.originalUrl));
    const locales = options.locales();
    const served = `${canonical.target}|${locales.join()}`;
    const origin = requestOrigin(req, config.publicUrl);
    const page: PageRequest = { target: canonical.target, locales, served, origin };
    res.locals.page = page;
    const cacheKey = pageCache ? cacheKeyFor(req, res, origin, { ...canonical, target: served }) : undefined;
    const cached = cacheKey ? pageCache?.get(cacheKey) : undefined;
    res.locals.cacheStatus = cached ? 'HIT' : cacheKey ? 'MISS' : 'BYPASS';
    if (cached) return sendCachedPage(req, res, cached);
    if (cacheKey && pageCache) {
      // Most misses find no render of their page under way: no await for them.
      const joined = leaders.has(cacheKey) ? await joinRender(leaders, cacheKey, pageCache, config.ssrAbortMs) : undefined;
      if (joined) {
        res.locals.cacheStatus = 'COALESCED';
        return sendCachedPage(req, res, joined);
      }
      if (req.socket.destroyed) return;
      // This request renders the page; others for it wait for its store instead of rendering it again.
      let storing: Promise<void> | undefined;
      const rendered = new Promise<void>((settle) =>
        res.once('close', () => {
          void (storing ?? Promise.resolve()).finally(() => {
            if (leaders.get(cacheKey) === rendered) leaders.delete(cacheKey);
            settle();
          });
        }),
      );
      leaders.set(cacheKey, rendered);
      // Content that changes from here on may be in this render: its store is then skipped.
      const { generation } = pageCache;
      page.store = (html) => {
        storing = pageCache.store(cacheKey, { ...html, generation }).catch((error: unknown) => req.log.error({ err: error }, 'page cache store failed'));
      };
    }
    if (options.renderGate && !(await enterRenderGate(options.renderGate, req, res))) return;
    next();
  };
}

/**
 * Waits while another request renders this page (at most `maxWaitMs` in all, following a new leader if the first stored
 * nothing) and returns the page it stored. A burst of misses for one page (a cache just cleared under traffic) renders it once
 * instead of once per request. Undefined: render it yourself.
 */
async function joinRender(leaders: Map<string, Promise<void>>, key: string, pageCache: PageCache, maxWaitMs: number): Promise<CachedPage | undefined> {
  const deadline = Date.now() + maxWaitMs;
  for (let leader = leaders.get(key); leader && Date.now() < deadline; leader = leaders.get(key)) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([leader, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
    clearTimeout(timer);
    const page = pageCache.get(key);
    if (page) return page;
  }
  return undefined;
}

/**
 * The page-cache key (ADR 013): build, canonical origin and canonical target, so junk query
 * parameters and Host spellings share one entry. `undefined` keeps a page out: preview and credentialed
 * requests, open-ended query values, and, without PUBLIC_URL, origins outside the exact ALLOWED_HOSTS
 * names on the default port or PORT (a leading-dot entry or a free port would let one client mint endless origins).
 */
export function createPageCacheKey(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>, buildId: string) {
  const names = new Set(config.allowedHosts.filter((entry) => !entry.startsWith('.')));
  const ports = new Set(['', String(config.port)]);
  const isBoundedOrigin = (origin: string) => {
    const url = new URL(origin);
    return names.has(url.hostname.replace(/^\[|\]$/g, '')) && ports.has(url.port);
  };
  return (req: Request, res: Response, origin: string, page: CanonicalPage): string | undefined => {
    if (res.locals.preview === true || req.headers.authorization || !page.cacheable) return undefined;
    if (!config.publicUrl && !isBoundedOrigin(origin)) return undefined;
    return `${buildId}|${origin}|${page.target}`;
  };
}

/**
 * Answers from the page cache: the same bytes for everyone, so the CSP allows the page's inline scripts
 * and `<style>` elements by hash instead of a nonce, with the route's own framing policy.
 */
export function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  updatePolicy(res, { nonce: undefined, scriptHashes: page.scriptHashes, styleHashes: page.styleHashes, ...page.policy });
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader('ETag', page.etag);
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  if (req.fresh) return void res.status(304).end();
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
  const body = page[encoding];
  res.status(page.status).setHeader('Content-Type', 'text/html; charset=utf-8');
  // The compression middleware leaves responses that already carry a Content-Encoding alone.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A pipe target for React that is `res` itself (writes, backpressure, compression's flush) except that
 * it keeps a copy of every byte; `onEnd` receives the whole document once React ends it.
 */
export function captureInto(res: Response, onEnd: (html: string) => void): NodeJS.WritableStream {
  const chunks: Buffer[] = [];
  const write = (chunk: Uint8Array | string) => (chunks.push(Buffer.from(chunk)), res.write(chunk));
  const end = () => {
    res.end();
    onEnd(Buffer.concat(chunks).toString('utf8'));
  };
  return new Proxy(res, {
    get(target, key) {
      if (key === 'write') return write;
      if (key === 'end') return end;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
