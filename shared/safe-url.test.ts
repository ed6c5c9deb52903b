import { describe, expect, it } from 'vitest';

import { isSafePath, toLinkHref, toSafeAssetUrl, toSafeHref } from '#shared/safe-url.ts';

describe('toSafeHref', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['http://example.com', 'http://example.com/'],
    ['  https://example.com/trimmed  ', 'https://example.com/trimmed'],
    ['HTTPS://EXAMPLE.COM/', 'https://example.com/'],
    ['mailto:studio@example.com?subject=Hi', 'mailto:studio@example.com?subject=Hi'],
    ['tel:+49-30-123456', 'tel:+49-30-123456'],
  ])('keeps %j', (input, expected) => {
    expect(toSafeHref(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'javascript\u0000:alert(1)',
    'javascript://example.com/%0aalert(1)',
    'javascript&colon;alert(1)',
    'javascript&#58;alert(1)',
    '%6A%61%76%61script:alert(1)',
    '\uFF4A\uFF41\uFF56\uFF41script:alert(1)',
    'java\u200Bscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    'ftp://example.com/file',
    '//evil.example/path',
    '\\\\evil.example/path',
    '/\\evil.example',
    '/relative/path',
    'relative',
    '#fragment',
    'https://example.com@evil.example/',
    'https://user:pass@example.com/',
    'https://exa\u0085mple.com/',
    '',
    '   ',
    `https://example.com/${'a'.repeat(5000)}`,
    null,
    42,
    { toString: () => 'https://example.com' },
  ])('refuses %j', (input) => {
    expect(toSafeHref(input)).toBeNull();
  });
});

describe('toSafeAssetUrl', () => {
  it('keeps our asset paths and https URLs and upgrades protocol-relative ones', () => {
    expect(toSafeAssetUrl('/content-assets/images.ctfassets.net/s/a/t/x.jpg')).toBe('/content-assets/images.ctfassets.net/s/a/t/x.jpg');
    expect(toSafeAssetUrl('//images.ctfassets.net/s/a/t/x.jpg')).toBe('https://images.ctfassets.net/s/a/t/x.jpg');
    expect(toSafeAssetUrl('https://downloads.ctfassets.net/s/a/t/x.pdf')).toBe('https://downloads.ctfassets.net/s/a/t/x.pdf');
  });

  it('refuses scripts, mail links and backslash tricks', () => {
    for (const url of ['javascript:alert(1)', 'mailto:a@b.c', '/\\evil.example', '//', undefined]) expect(toSafeAssetUrl(url)).toBeNull();
  });
});

describe('isSafePath', () => {
  it('accepts origin-relative paths only', () => {
    expect(isSafePath('/models/chair')).toBe(true);
    expect(isSafePath('//evil.example')).toBe(false);
    expect(isSafePath('/\\evil.example')).toBe(false);
    expect(isSafePath('/a\nb')).toBe(false);
    expect(isSafePath('javascript:alert(1)')).toBe(false);
  });
});

describe('toLinkHref', () => {
  const origin = 'https://vitrine.example';

  it.each([
    ['/models', '/models'],
    ['/de/about#team', '/de/about#team'],
    ['  /search?q=oak chair  ', '/search?q=oak%20chair'],
    ['/a/../b', '/b'],
    ['?q=x', '?q=x'],
    ['#section', '#section'],
    ['#a b', '#a%20b'],
    ['https://vitrine.example/models?page=2#grid', '/models?page=2#grid'],
    ['HTTPS://VITRINE.EXAMPLE', '/'],
    ['//vitrine.example/about', '/about'],
  ])('makes %j a link into the site: %j', (input, expected) => {
    expect(toLinkHref(input, origin)).toBe(expected);
  });

  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://vitrine.example/about', 'http://vitrine.example/about'],
    ['https://vitrine.example:8443/about', 'https://vitrine.example:8443/about'],
    ['https://shop.vitrine.example/', 'https://shop.vitrine.example/'],
    ['//evil.example/path', 'https://evil.example/path'],
    ['mailto:studio@example.com', 'mailto:studio@example.com'],
    ['tel:+4930123456', 'tel:+4930123456'],
    ['https://vitrine.example//evil.example/x', 'https://vitrine.example//evil.example/x'],
  ])('keeps %j absolute: %j', (input, expected) => {
    expect(toLinkHref(input, origin)).toBe(expected);
  });

  it('leaves same-origin URLs absolute without an origin to compare with', () => {
    expect(toLinkHref('https://vitrine.example/about')).toBe('https://vitrine.example/about');
    expect(toLinkHref('https://vitrine.example/about', 'not a url')).toBe('https://vitrine.example/about');
  });

  it.each([
    'models',
    './models',
    '../models',
    '/\\evil.example',
    '\\\\evil.example',
    '//',
    '//user@vitrine.example/',
    '/.//evil.example/x',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/a\u0000b',
    '?q=\u0007x',
    '#a\nb',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '//javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'javascript&colon;alert(1)',
    `/${'a'.repeat(5000)}`,
    '',
    null,
  ])('refuses %j', (input) => {
    expect(toLinkHref(input, origin)).toBeNull();
  });
});
