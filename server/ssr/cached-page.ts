import { requestOrigin } from '#server/middleware/allowed-hosts.ts';
import { updatePolicy } from '#server/middleware/security.ts';
import { requestTarget } from '#server/ssr/fetch-adapter.ts';
import { enterRenderGate } from '#server/ssr/render-gate.ts';
import { toCanonicalPage } from '#shared/canonical-url.ts';

import type { Config } from '#server/config.ts';
import type { CachedPage, PageCache, PageToStore } from '#server/ssr/page-cache.ts';
import type { RenderGate } from '#server/ssr/render-gate.ts';
import type { Locale } from '#shared/content/types.ts';
import type { Request, RequestHandler, Response } from 'express';

/** What the piece in front of the SSR handler hands it in `res.locals.page`. */
export interface PageRequest {
  /** Canonical (known query parameters only), and with the locales read once: page, ETag and cache key agree. */
  target: string;
  locales: readonly Locale[];
  /** A page rendered for other served locales has other routes, language links and alternates. */
  served: string;
  origin: string;
  /** Absent when this request may not fill the cache. */
  store?: (page: Omit<PageToStore, 'generation'>) => void;
}

/** A hit is answered here; a miss for a page under render waits for its store (ADR 059); a render waits for the render gate (ADR 055). */
export function pageCacheInFront(options: {
  config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port' | 'ssrAbortMs'>;
  buildId: string;
  locales(): readonly Locale[];
  pageCache?: PageCache;
  renderGate?: RenderGate;
}): RequestHandler {
  const { config, pageCache } = options;
  // ADR 013. Without PUBLIC_URL, only origins of exact ALLOWED_HOSTS names on the default port or PORT: a leading-dot entry or a
  // free port would let one client mint endless origins.
  const names = new Set(config.allowedHosts.filter((entry) => !entry.startsWith('.')));
  const ports = new Set(['', String(config.port)]);
  const isBoundedOrigin = (origin: string) => {
    const url = new URL(origin);
    return names.has(url.hostname.replace(/^\[|\]$/g, '')) && ports.has(url.port);
  };
  // Settled once the render's response closed and its store ended.
  const leaders = new Map<string, Promise<void>>();

  return async (req, res, next) => {
    const canonical = toCanonicalPage(requestTarget(req.originalUrl));
    const locales = options.locales();
    const served = `${canonical.target}|${locales.join()}`;
    const origin = requestOrigin(req, config.publicUrl);
    const page: PageRequest = { target: canonical.target, locales, served, origin };
    res.locals.page = page;
    const cacheable =
      pageCache && canonical.cacheable && res.locals.preview !== true && !req.headers.authorization && (config.publicUrl || isBoundedOrigin(origin));
    const cacheKey = cacheable ? `${options.buildId}|${origin}|${served}` : undefined;
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

/** At most `maxWaitMs` in all, following a new leader if the first stored nothing. Undefined: render it yourself. */
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

export function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  updatePolicy(res, { nonce: undefined, scriptHashes: page.scriptHashes, styleHashes: page.styleHashes, ...page.policy });
  res.set({ ...page.headers, ETag: page.etag, Vary: 'Accept-Encoding, Cookie' });
  if (req.fresh) return void res.status(304).end();
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
  const body = page[encoding];
  res.status(page.status).setHeader('Content-Type', 'text/html; charset=utf-8');
  // The compression middleware leaves responses that already carry a Content-Encoding alone.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** `res` itself (writes, backpressure, compression's flush), except that it keeps a copy of every byte for `onEnd`. */
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
