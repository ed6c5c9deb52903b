import { describe, expect, it } from 'vitest';

import { parseSearchPageParams } from '#shared/search.ts';
import { toCanonicalPage } from '#shared/canonical-url.ts';

describe('toCanonicalPage', () => {
  it.each([
    ['/?utm_source=news&fbclid=abc', '/'],
    ['/articles/oak?ref=x', '/articles/oak'],
    ['/articles?page=2&utm_medium=mail', '/articles?page=2'],
    ['/de/articles?utm=1&page=3', '/de/articles?page=3'],
    ['/models?category=seating&x=1', '/models?category=seating'],
    ['/tags/wood?page=2', '/tags/wood'],
    ['/about?q=ignored', '/about'],
  ])('keeps only the parameters the route reads: %s', (input, expected) => {
    expect(toCanonicalPage(input).target).toBe(expected);
  });

  it('keeps every search page parameter, sorted by name, repeated values in order', () => {
    const { target } = toCanonicalPage('/search?tag=b&utm=1&type=model&q=oak%20chair&tag=a&page=2&type=article');

    expect(target).toBe('/search?page=2&q=oak+chair&tag=b&tag=a&type=model&type=article');
    expect(parseSearchPageParams(new URL(target, 'http://x').searchParams)).toEqual({
      query: 'oak chair',
      page: 2,
      types: ['model', 'article'],
      tags: ['b', 'a'],
    });
  });

  it('maps differently encoded query values to one target', () => {
    const variants = ['/search?q=caf%C3%A9+au+lait', '/search?q=caf%c3%a9%20au%20lait', '/search?q=café au lait'];

    expect(new Set(variants.map((v) => toCanonicalPage(v).target))).toEqual(new Set(['/search?q=caf%C3%A9+au+lait']));
  });

  it('normalises percent-encoding in the path without decoding a slash', () => {
    expect(toCanonicalPage('/articles/%6F%61k').target).toBe('/articles/oak');
    expect(toCanonicalPage('/articles/caf%c3%a9').target).toBe('/articles/caf%C3%A9');
    expect(toCanonicalPage('/articles/a%2Fb').target).toBe('/articles/a%2Fb');
    expect(toCanonicalPage('/articles/%E0%A4%A').target).toBe('/articles/%E0%A4%A');
  });

  it('folds the case of route keywords and drops a trailing slash, as the router matches them', () => {
    expect(toCanonicalPage('/DE/Models/Chair/EMBED/').target).toBe('/de/models/Chair/embed');
    expect(toCanonicalPage('/ARTICLES/?PAGE=2&page=3').target).toBe('/articles?page=3');
    expect(toCanonicalPage('/de/').target).toBe('/de');
  });

  it('keeps paths the router reads literally', () => {
    expect(toCanonicalPage('/').target).toBe('/');
    expect(toCanonicalPage('//evil.test//bar').target).toBe('//evil.test//bar');
    expect(toCanonicalPage('/About-Us').target).toBe('/About-Us');
  });

  it('drops a fragment', () => {
    expect(toCanonicalPage('/articles?page=2#top').target).toBe('/articles?page=2');
  });

  it("keeps a model page's ?variant= and drops the view parameters the browser alone reads", () => {
    expect(toCanonicalPage('/models/chair?hotspot=seat&variant=oak&view=30,60,2&utm=1').target).toBe('/models/chair?variant=oak');
    expect(toCanonicalPage('/de/models/chair?view=1,2,3').target).toBe('/de/models/chair');
    expect(toCanonicalPage('/models/chair/embed?variant=oak').target).toBe('/models/chair/embed');
  });

  it('keeps 10,000 distinct ?variant= values out of the page cache, so they cannot evict hot pages', () => {
    const pages = Array.from({ length: 10_000 }, (_, i) => toCanonicalPage(`/models/chair?variant=${i.toString(36)}-x`));

    expect(new Set(pages.map((page) => page.target)).size).toBe(10_000);
    expect(pages.filter((page) => page.cacheable)).toEqual([]);
    expect(toCanonicalPage('/models/chair?utm=1').cacheable).toBe(true);
  });

  it('marks open-ended query values as not shareable through the page cache', () => {
    expect(toCanonicalPage('/search?q=anything').cacheable).toBe(false);
    expect(toCanonicalPage('/models?category=anything').cacheable).toBe(false);
    expect(toCanonicalPage('/search?utm=1').cacheable).toBe(true);
    expect(toCanonicalPage('/articles?page=4').cacheable).toBe(true);
    expect(toCanonicalPage('/models').cacheable).toBe(true);
  });
});
