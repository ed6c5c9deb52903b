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
  /** Stores a freshly rendered page (compression happens off the request path). */
  store(
    key: string,
    page: { status: number; etag: string; headers: Record<string, string>; html: string; nonce: string; deps: Iterable<string>; policy?: StoredPolicy },
  ): Promise<void>;
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

  return {
    get: (key) => (enabled ? lru.get(key) : undefined),
    async store(key, page) {
      if (!enabled) return;
      const html = page.html.replaceAll(` nonce="${page.nonce}"`, '');
      const identity = Buffer.from(html);
      const [gz, br] = await Promise.all([
        gzipAsync(identity, { level: 6 }),
        brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ]);
      const deps = [...page.deps];
      const { status, etag, headers, policy = STRICT_POLICY } = page;
      const hashes = { scriptHashes: inlineScriptHashes(html), styleHashes: inlineStyleHashes(html) };
      lru.set(key, { status, etag, headers, ...hashes, policy, identity, gzip: gz, br, deps });
      if (lru.has(key)) index.set(key, deps);
    },
    invalidate(ids) {
      const keys = index.keysOf(ids);
      for (const key of keys) lru.delete(key);
      if (keys.size > 0) log.info({ pages: keys.size }, 'pages evicted');
      return keys.size;
    },
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
  };
}
