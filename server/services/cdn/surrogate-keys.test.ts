import { describe, expect, it } from 'vitest';

import { KEY_BUDGET, purgeKeysOf, SITE_KEY, surrogateKeyHeaders, surrogateKeys } from '#server/services/cdn/surrogate-keys.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `entry${String(i).padStart(4, '0')}abcdefghijklmnop`);

describe('surrogate keys', () => {
  it('names the site, every entry/asset id and marker, the same way in both headers', () => {
    const headers = surrogateKeyHeaders(['model-ostra', 'type:article', 'tag:oak', 'tags', 'hero-oak']);

    expect(headers['Surrogate-Key']).toBe(`${SITE_KEY} hero-oak model-ostra tag.oak tags type.article`);
    expect(headers['Cache-Tag']).toBe(`${SITE_KEY},hero-oak,model-ostra,tag.oak,tags,type.article`);
  });

  it('is stable whatever order the dependencies were read in', () => {
    expect(surrogateKeys(['b', 'type:x', 'a'])).toEqual(surrogateKeys(['a', 'b', 'type:x', 'a']));
  });

  it('hashes a dependency that is not a safe key instead of sending it', () => {
    const [, key] = surrogateKeys(['has space,comma']);

    expect(key).toMatch(/^vitrine\.h[0-9a-f]+$/);
  });

  it('falls back to bucket keys within the budget when a page depends on too much', () => {
    const keys = surrogateKeys(ids(2000));
    const header = surrogateKeyHeaders(ids(2000))['Surrogate-Key'];

    expect(keys[0]).toBe(SITE_KEY);
    expect(keys.slice(1).every((key) => /^vitrine\.b[0-9a-f]{1,2}$/.test(key))).toBe(true);
    expect(keys.length).toBeLessThanOrEqual(65);
    expect(header.length).toBeLessThanOrEqual(KEY_BUDGET);
  });

  it('keeps raw keys up to the budget', () => {
    const header = surrogateKeyHeaders(ids(70))['Surrogate-Key'];

    expect(header).toContain('entry0069abcdefghijklmnop');
    expect(header.length).toBeLessThanOrEqual(KEY_BUDGET);
  });

  it('purges a key that reaches the page whichever form the page carried', () => {
    const many = ids(2000);
    const small = ['entry0007abcdefghijklmnop', 'type:article'];
    const purge = purgeKeysOf(['entry0007abcdefghijklmnop']);

    expect(surrogateKeys(small).filter((key) => purge.includes(key))).toEqual(['entry0007abcdefghijklmnop']);
    expect(surrogateKeys(many).some((key) => purge.includes(key))).toBe(true);
    expect(purgeKeysOf(['type:model'])).toContain('type.model');
  });

  it('purges only the site key for a change that touches every page', () => {
    expect(purgeKeysOf(['a', 'b'], true)).toEqual([SITE_KEY]);
  });
});
