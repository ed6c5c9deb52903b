import { describe, expect, it } from 'vitest';

import { joinPlainUrl } from '#shared/http/plain-url.ts';

const origins = [
  'https://vitrine.example',
  'http://127.0.0.1:3000',
  'http://localhost:80',
  'https://VITRINE.example',
  'http://127.1:3000',
  'http://[::1]:3000',
];
const urls = [
  '/',
  '/articles/behind-the-vitrine',
  '/content-assets/images.ctfassets.net/vitrine-demo/a1/tok/chair.jpg',
  '/search?q=lamp&page=2',
  '/de/modelle/st%C3%BChl',
  // Rewritten by the URL parser: the join must not be taken for these.
  '/de/modelle/stühl',
  '/a b/c',
  "/it's?q=it's",
  '/a/./b/../c',
  '/a/..',
  '/a/.',
  '/a\\b',
  '//evil.test/x',
  '/\\evil.test/x',
  '/a?q=<b>',
  '/a#top',
  'relative/path',
  'https://images.ctfassets.net/x/y.jpg',
];

describe('joinPlainUrl', () => {
  it.each(origins.flatMap((origin) => urls.map((url) => ({ origin, url }))))('is new URL($url, $origin)', ({ origin, url }) => {
    expect(joinPlainUrl(url, origin)).toBe(new URL(url, origin).toString());
  });
});
