import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { createPageCache } from './page-cache.ts';

const logger = pino({ level: 'silent' });

function page(deps: string[]) {
  return { status: 200, etag: 'W/"x"', headers: {}, html: '<!DOCTYPE html><p>page</p>', nonce: 'n', deps };
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
});
