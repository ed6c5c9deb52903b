import { describe, expect, it } from 'vitest';

import { MAX_REDIRECT_LENGTH, toSafeRedirectPath, toSameOriginPath } from './safe-redirect.ts';

/**
 * Open-redirect bypass forms, from our own review (ADR 011) and the public lists (OWASP
 * "Unvalidated Redirects" cheat sheet, PortSwigger's URL validation bypass
 * cheat sheet, PayloadsAllTheThings "Open Redirect"), rewritten as values a
 * `path` parameter could carry.
 */
const BYPASSES: Array<[string, unknown]> = [
  ['dot segment then //', '/..//evil.example'],
  ['encoded dots then //', '/%2e%2e//evil.example'],
  ['climbing out of a segment', '/x/../..//evil.example'],
  ['mixed encoded dot, path and query', '/.%2e//evil.example/path?q=1'],
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with path', '//evil.example/de/models'],
  ['triple slash', '///evil.example'],
  ['absolute http URL', 'http://evil.example'],
  ['absolute https URL', 'https://evil.example/'],
  ['scheme without slashes', 'https:evil.example'],
  ['javascript scheme', 'javascript:alert(1)'],
  ['javascript scheme behind a slash', '/javascript:alert(1)'],
  ['data scheme', 'data:text/html,<script>alert(1)</script>'],
  ['backslash host', '/\\evil.example'],
  ['double backslash', '\\\\evil.example'],
  ['backslash then slash', '\\/evil.example'],
  ['slash backslash slash', '/\\/evil.example'],
  ['tab between slashes', '/\t/evil.example'],
  ['newline between slashes', '/\n/evil.example'],
  ['carriage return between slashes', '/\r/evil.example'],
  ['header injection', '/de\r\nSet-Cookie: a=1'],
  ['NUL byte', '/de\u0000'],
  ['encoded slash slash', '/%2f%2fevil.example'],
  ['encoded slash slash, upper case', '/%2F%2Fevil.example'],
  ['leading encoded slash', '%2f%2fevil.example'],
  ['double-encoded slash slash', '/%252f%252fevil.example'],
  ['triple-encoded slash slash', '/%25252f%25252fevil.example'],
  ['encoded backslash', '/%5cevil.example'],
  ['encoded backslash, upper case', '/%5C%5Cevil.example'],
  ['encoded tab', '/%09/evil.example'],
  ['encoded newline', '/%0a/evil.example'],
  ['encoded CRLF', '/de%0d%0aLocation:%20//evil.example'],
  ['encoded NUL', '/de%00'],
  ['encoded line separator between slashes', '/%E2%80%A8/evil.example'],
  ['encoded at-sign trick', '/%2f%2fuser@evil.example'],
  ['lone percent', '/de/%'],
  ['bad hex escape', '/de/%zz'],
  ['truncated UTF-8', '/%E0%A4%A'],
  ['overlong UTF-8 slash', '/%c0%af%c0%afevil.example'],
  ['overlong UTF-8 dot', '/%c0%ae%c0%ae/evil.example'],
  ['encoded dot-dot-slash', '/..%2f..%2f/evil.example'],
  ['fullwidth solidus', '/\uff0fevil.example'],
  ['fullwidth reverse solidus', '/\uff3cevil.example'],
  ['fullwidth percent escape', '/\uff05\uff12\uff46\uff05\uff12\uff46evil.example'],
  ['encoded fullwidth solidus', '/%EF%BC%8Fevil.example'],
  ['fraction slash', '/\u2044evil.example'],
  ['division slash', '/\u2215evil.example'],
  ['small reverse solidus', '/\ufe68evil.example'],
  ['zero-width space between slashes', '/\u200b/evil.example'],
  ['right-to-left override', '/\u202eelpmaxe.live//'],
  ['no-break space between slashes', '/\u00a0/evil.example'],
  ['ideographic space', '/\u3000/evil.example'],
  ['leading space', ' /de'],
  ['relative path', 'de/models'],
  ['dot path', './//evil.example'],
  ['query only', '?next=//evil.example'],
  ['fragment only', '#//evil.example'],
  ['empty string', ''],
  ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
  ['not a string', 42],
  ['an array', ['/']],
  ['undefined', undefined],
];

const ALLOWED: Array<[string, string]> = [
  ['/', '/'],
  ['/de', '/de'],
  ['/articles?page=2', '/articles?page=2'],
  ['/de/models/x?q=1#h', '/de/models/x?q=1#h'],
  ['/articles/k%C3%BCche', '/articles/k%C3%BCche'],
  ['/articles/küche', '/articles/k%C3%BCche'],
  ['/search?q=%E2%9C%93', '/search?q=%E2%9C%93'],
  ['/search?q=a+b', '/search?q=a+b'],
  ['/search?next=//elsewhere', '/search?next=//elsewhere'],
  ['/a/../b', '/b'],
  ['/%2e%2e/de', '/de'],
  ['/../de', '/de'],
  ['/de/models/a%2Fb', '/de/models/a%2Fb'],
  ['/content-assets/a%20b.jpg?w=128', '/content-assets/a%20b.jpg?w=128'],
  ['/%20/not-a-host', '/%20/not-a-host'],
];

describe('toSafeRedirectPath', () => {
  it.each(BYPASSES)('refuses %s', (_name, value) => {
    expect(toSafeRedirectPath(value)).toBeUndefined();
  });

  it('covers at least 40 bypass forms', () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(ALLOWED)('keeps %j as %j', (value, expected) => {
    expect(toSafeRedirectPath(value)).toBe(expected);
  });

  it.each(ALLOWED.map(([value]) => value))('is idempotent for %j', (value) => {
    const once = toSafeRedirectPath(value);

    expect(toSafeRedirectPath(once)).toBe(once);
  });

  it('always answers a path a browser resolves on the same origin', () => {
    for (const [, value] of [...BYPASSES, ...ALLOWED]) {
      const path = toSafeRedirectPath(value);
      if (path === undefined) continue;

      expect(new URL(path, 'https://vitrine.example').origin).toBe('https://vitrine.example');
    }
  });
});

describe('toSameOriginPath', () => {
  const ORIGIN = 'https://vitrine.example';

  it.each([
    ['/de/models/x?q=1#h', '/de/models/x?q=1#h'],
    ['https://vitrine.example/articles', '/articles'],
    ['/a/../b', '/b'],
  ])('keeps %j as %j', (value, expected) => {
    expect(toSameOriginPath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    '//evil.example',
    'https://evil.example/',
    '/..//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https://vitrine.example//evil.example',
    'javascript:alert(1)',
    'http://[',
  ])('sends %j home', (value) => {
    expect(toSameOriginPath(value, ORIGIN)).toBe('/');
  });
});
