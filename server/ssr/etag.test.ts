import { describe, expect, it } from 'vitest';

import { etagMatches, pageEtag } from '#server/ssr/etag.ts';

describe('pageEtag', () => {
  it('is a weak validator that depends on build, URL and data only', () => {
    const etag = pageEtag('build1', '/models', { a: 1 });

    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(pageEtag('build1', '/models', { a: 1 })).toBe(etag);
    expect(pageEtag('build2', '/models', { a: 1 })).not.toBe(etag);
    expect(pageEtag('build1', '/models?page=2', { a: 1 })).not.toBe(etag);
    expect(pageEtag('build1', '/models', { a: 2 })).not.toBe(etag);
  });
});

describe('etagMatches', () => {
  const etag = 'W/"abc"';

  it.each([
    [undefined, false],
    ['', false],
    ['*', true],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['W/"abd"', false],
  ])('If-None-Match %j → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
