import { describe, expect, it } from 'vitest';

import { isSafePath, toSafeAssetUrl, toSafeHref } from '#shared/safe-url.ts';

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
