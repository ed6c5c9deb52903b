import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { brotliWindowBits, createPageCache } from './page-cache.ts';

const logger = pino({ level: 'silent' });

function page(deps: string[], etag = 'W/"x"') {
  return { status: 200, etag, headers: {}, html: '<!DOCTYPE html><p>page</p>', nonce: 'n', deps };
}

describe('createPageCache', () => {
  it('evicts exactly the pages that recorded an invalidated tag or taxonomy marker', async () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, logger });
    await cache.store('oak', page(['article-oak', 'type:article', 'tag:craft', 'tag:materials']));
    await cache.store('light', page(['article-light', 'type:article', 'tag:lighting']));
    await cache.store('chair', page(['model-chair', 'type:model', 'tag:craft', 'taxonomy']));
    await cache.store('about', page(['page-about', 'type:page']));

    const tagged = cache.invalidate(['tag:craft', 'tags']);
    const categorised = cache.invalidate(['taxonomy']);

    expect(tagged).toBe(2);
    expect(categorised).toBe(0);
    expect(cache.get('oak')).toBeUndefined();
    expect(cache.get('chair')).toBeUndefined();
    expect(cache.get('light')).toBeDefined();
    expect(cache.get('about')).toBeDefined();
  });

  it('compresses a page once when many renders of it finish together, and stores a new version', async () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, logger });
    await Promise.all(Array.from({ length: 50 }, () => cache.store('oak', page(['article-oak']))));
    await cache.store('oak', page(['article-oak']));

    expect(cache.stores).toEqual({ stored: 1, duplicate: 50, overflow: 0, stale: 0 });
    await cache.store('oak', page(['article-oak'], 'W/"y"'));
    expect(cache.stores.stored).toBe(2);
    expect(cache.get('oak')?.etag).toBe('W/"y"');
  });

  it('runs a bounded number of compressions and skips stores past its queue, which a later miss stores', async () => {
    const cache = createPageCache({ maxBytes: 64 * 1024 * 1024, ttlMs: 60_000, logger });
    await Promise.all(Array.from({ length: 100 }, (_, i) => cache.store(`page-${i}`, page([`entry-${i}`]))));

    expect(cache.stores.stored + cache.stores.overflow).toBe(100);
    expect(cache.stores.overflow).toBeGreaterThan(0);
    expect(cache.stores.stored).toBeLessThanOrEqual(2 + 32);
    expect(cache.size).toBe(cache.stores.stored);
    const skipped = Array.from({ length: 100 }, (_, i) => `page-${i}`).find((key) => cache.get(key) === undefined)!;
    await cache.store(skipped, page(['again']));
    expect(cache.get(skipped)).toBeDefined();
  });

  it('keeps nothing from a render during which content changed', async () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, logger });
    const before = cache.generation;
    cache.invalidate([]);
    expect(cache.generation).toBe(before);

    cache.invalidate(['article-oak']);
    await cache.store('oak', { ...page(['article-oak']), generation: before });
    const during = cache.store('light', page(['article-light']));
    cache.clear();
    await during;

    expect(cache.get('oak')).toBeUndefined();
    expect(cache.get('light')).toBeUndefined();
    expect(cache.stores).toEqual({ stored: 0, duplicate: 0, overflow: 0, stale: 2 });
  });

  it('stores compressed variants that decode to the page without its nonce, with a window sized to the page', async () => {
    const cache = createPageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, logger });
    const html = `<!DOCTYPE html><script nonce="n">1</script>${'<p>Walnut and steel.</p>'.repeat(2000)}`;
    await cache.store('oak', { ...page([]), html });
    const stored = cache.get('oak')!;
    const expected = html.replace(' nonce="n"', '');

    expect(stored.identity.toString()).toBe(expected);
    expect(gunzipSync(stored.gzip).toString()).toBe(expected);
    expect(brotliDecompressSync(stored.br).toString()).toBe(expected);
    expect([1, 1024, 1025, 40_000, 2 ** 24, 2 ** 30].map(brotliWindowBits)).toEqual([10, 10, 11, 16, 24, 24]);
  });
});
