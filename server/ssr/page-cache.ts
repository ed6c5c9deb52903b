import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import { LRUCache } from 'lru-cache';

import { createDependencyIndex } from '#server/services/content/dependencies.ts';

import type { Logger } from 'pino';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A rendered page, stored once with its compressed variants. */
export interface CachedPage {
  status: number;
  etag: string;
  headers: Record<string, string>;
  /** CSP sources (`'sha256-…'`) of the page's inline scripts: cached pages carry no nonce. */
  scriptHashes: string[];
  /** The same for its `<style>` elements (the inlined stylesheets). */
  styleHashes: string[];
  /** The route's CSP relaxations, decided when the page was rendered. */
  policy: StoredPolicy;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  deps: string[];
}

/** What a cached page's CSP needs besides its hashes. */
export interface StoredPolicy {
  frameAncestors: string;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /**
   * Counts invalidations and clears: read it before a render's content is loaded and pass it to `store`, which then keeps
   * nothing if content changed in between (the page may show the old version).
   */
  readonly generation: number;
  /**
   * Stores a freshly rendered page (compression happens off the request path). At most one store per key runs at once, the same
   * ETag is not stored twice, and compressions are bounded (COMPRESSIONS, STORE_QUEUE_MAX): a store past the bound is skipped,
   * and the page's next miss stores it.
   */
  store(
    key: string,
    page: {
      status: number;
      etag: string;
      headers: Record<string, string>;
      html: string;
      nonce: string;
      deps: Iterable<string>;
      policy?: StoredPolicy;
      generation?: number;
    },
  ): Promise<void>;
  /** Stores started, skipped as duplicates or past the bound, and stale (content changed during the render). */
  readonly stores: { stored: number; duplicate: number; overflow: number; stale: number };
  /** Evicts every page built from any of these content ids; returns how many. */
  invalidate(ids: Iterable<string>): number;
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const STYLE_ELEMENT = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g;
/** A page rendered without a policy of its own gets the strict one. */
const STRICT_POLICY: StoredPolicy = { frameAncestors: "'none'" };

/**
 * Compressions at once and stores waiting for one. A burst of misses (a cache just cleared, 200 connections) once ran a brotli
 * encoder per concurrent render, each holding megabytes outside the V8 heap until the busy main thread closed it: ~700 MB at the
 * 200-connection peak (heaptrack, docs/memory.md). Waiting stores hold their HTML (≤ 32 × a page).
 */
const COMPRESSIONS = 2;
const STORE_QUEUE_MAX = 32;

/**
 * Brotli's window sized to the page (2^10 to 2^24 bytes, the format's bounds): the same output as the default 4 MB window for a
 * page smaller than it, with a fraction of the encoder's memory and about half its CPU (its tables are set up for the window).
 */
export const brotliWindowBits = (bytes: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(Math.max(1, bytes)))));

const toHashSource = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/** The CSP hash sources of every executable inline script in `html`. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\btype=["']?application\/(ld\+)?json/.test(attributes)) continue;
    hashes.add(toHashSource(body));
  }
  return [...hashes];
}

/** The CSP hash sources of every `<style>` element in `html`. */
function inlineStyleHashes(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(STYLE_ELEMENT), ([, body = '']) => toHashSource(body)))];
}

/**
 * The rendered-page cache: published pages per key (build + origin + URL) without their nonce; inline scripts
 * and `<style>` elements are allowed by hash instead, so the same bytes (and their gzip/brotli variants,
 * computed once) serve every visitor. Bounded in bytes and by TTL; evicted by content id.
 */
export function createPageCache(options: { maxBytes: number; ttlMs: number; logger: Logger }): PageCache {
  const index = createDependencyIndex();
  const log = options.logger.child({ module: 'page-cache' });
  const lru = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 512,
    ttl: Math.max(1, options.ttlMs),
    dispose: (_page, key) => index.remove(key),
  });
  const enabled = options.maxBytes > 0 && options.ttlMs > 0;
  let generation = 0;
  const stores = { stored: 0, duplicate: 0, overflow: 0, stale: 0 };
  const storing = new Set<string>();
  let compressing = 0;
  const waiting: (() => void)[] = [];
  const compressionSlot = async () => {
    if (compressing < COMPRESSIONS) return void compressing++;
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // The slot passes straight to the next waiter, so `compressing` never drops below the number running.
  const releaseSlot = () => (waiting.length > 0 ? waiting.shift()!() : void compressing--);

  return {
    get: (key) => (enabled ? lru.get(key) : undefined),
    get generation() {
      return generation;
    },
    stores,
    async store(key, page) {
      if (!enabled) return;
      if (storing.has(key) || lru.peek(key)?.etag === page.etag) return void stores.duplicate++;
      if (compressing >= COMPRESSIONS && waiting.length >= STORE_QUEUE_MAX) return void stores.overflow++;
      const started = page.generation ?? generation;
      storing.add(key);
      await compressionSlot();
      try {
        if (generation !== started) return void stores.stale++;
        const html = page.html.replaceAll(` nonce="${page.nonce}"`, '');
        const identity = Buffer.from(html);
        const [gz, br] = await Promise.all([
          gzipAsync(identity, { level: 6 }),
          brotliAsync(identity, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_LGWIN]: brotliWindowBits(identity.length),
              [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
        ]);
        // Content changed while the page was compressed: it may show the old version.
        if (generation !== started) return void stores.stale++;
        const deps = [...page.deps];
        const { status, etag, headers, policy = STRICT_POLICY } = page;
        const hashes = { scriptHashes: inlineScriptHashes(html), styleHashes: inlineStyleHashes(html) };
        lru.set(key, { status, etag, headers, ...hashes, policy, identity, gzip: gz, br, deps });
        if (lru.has(key)) index.set(key, deps);
        stores.stored++;
      } finally {
        storing.delete(key);
        releaseSlot();
      }
    },
    invalidate(ids) {
      const changed = [...ids];
      if (changed.length === 0) return 0;
      generation++;
      const keys = index.keysOf(changed);
      for (const key of keys) lru.delete(key);
      if (keys.size > 0) log.info({ pages: keys.size }, 'pages evicted');
      return keys.size;
    },
    clear: () => {
      generation++;
      lru.clear();
    },
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
  };
}
