import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import { LRUCache } from 'lru-cache';

import { createDependencyIndex } from '#server/services/content/dependencies.ts';
import { createRenderGate } from '#server/ssr/render-gate.ts';

import type { Logger } from 'pino';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A rendered page, stored once with its compressed variants. */
export interface CachedPage {
  status: number;
  etag: string;
  headers: Record<string, string>;
  /** CSP sources (`'sha256-…'`) of the page's inline scripts and `<style>` elements: cached pages carry no nonce. */
  scriptHashes: string[];
  styleHashes: string[];
  policy: StoredPolicy;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  deps: string[];
}

/** The route's CSP relaxations, decided when the page was rendered. */
interface StoredPolicy {
  frameAncestors: string;
}

export interface PageToStore {
  status: number;
  etag: string;
  headers: Record<string, string>;
  html: string;
  nonce: string;
  deps: Iterable<string>;
  policy?: StoredPolicy;
  /** `generation` read before the render's content was loaded: the store keeps nothing if content changed since. */
  generation?: number;
}

export type PageCache = ReturnType<typeof createPageCache>;

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const STYLE_ELEMENT = /<style(\s[^>]*)?>([\s\S]*?)<\/style>/g;
const STRICT_POLICY: StoredPolicy = { frameAncestors: "'none'" };

/**
 * A burst of misses once ran a brotli encoder per concurrent render, each holding megabytes outside the V8 heap: ~700 MB at the
 * 200-connection peak (docs/memory.md). Waiting stores hold their HTML (≤ 32 × a page).
 */
const COMPRESSIONS = 2;
const STORE_QUEUE_MAX = 32;

/** Within the format's bounds: the same output as the default 4 MB window for a smaller page, with a fraction of the memory and half the CPU. */
export const brotliWindowBits = (bytes: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(Math.max(1, bytes)))));

const toHashSource = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/** JSON data blocks run nothing, so they need no hash. */
function inlineHashes(html: string, element: RegExp): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(element)) {
    if (!/\btype=["']?application\/(ld\+)?json/.test(attributes)) hashes.add(toHashSource(body));
  }
  return [...hashes];
}

/**
 * Published pages without their nonce (inline scripts and styles are allowed by hash), so the same bytes and their compressed
 * variants serve every visitor. Bounded in bytes and by TTL; evicted by content id.
 */
export function createPageCache(options: { maxBytes: number; ttlMs: number; logger: Logger }) {
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
  /** Stores started, skipped as duplicates or past the bound, and stale (content changed during the render). */
  const stores = { stored: 0, duplicate: 0, overflow: 0, stale: 0 };
  const storing = new Set<string>();
  const compressions = createRenderGate({ concurrency: COMPRESSIONS, maxWaiting: STORE_QUEUE_MAX });

  return {
    get: (key: string) => (enabled ? lru.get(key) : undefined),
    /** Counts invalidations and clears. */
    get generation() {
      return generation;
    },
    stores,
    /** Compresses off the request path; one store per key at once, the same ETag not twice, compressions bounded. */
    async store(key: string, page: PageToStore): Promise<void> {
      if (!enabled) return;
      if (storing.has(key) || lru.peek(key)?.etag === page.etag) return void stores.duplicate++;
      const started = page.generation ?? generation;
      storing.add(key);
      const release = await compressions.acquire().catch(() => undefined);
      if (!release) {
        storing.delete(key);
        return void stores.overflow++;
      }
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
        const hashes = { scriptHashes: inlineHashes(html, INLINE_SCRIPT), styleHashes: inlineHashes(html, STYLE_ELEMENT) };
        lru.set(key, { status, etag, headers, ...hashes, policy, identity, gzip: gz, br, deps });
        if (lru.has(key)) index.set(key, deps);
        stores.stored++;
      } finally {
        storing.delete(key);
        release();
      }
    },
    /** Evicts every page built from any of these content ids; returns how many. */
    invalidate(ids: Iterable<string>): number {
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
