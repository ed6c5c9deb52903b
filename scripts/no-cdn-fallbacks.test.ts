import { describe, expect, it } from 'vitest';

import { CDN_HOSTS, rewriteCdnFallbacks } from './no-cdn-fallbacks.ts';

describe('rewriteCdnFallbacks', () => {
  it("points drei's preset HDRs and InstantSearch's insights loader at our own origin", () => {
    const drei = "const CUBEMAP_ROOT = 'https://raw.githack.com/pmndrs/drei-assets/456060a/hdri/';";
    const instantsearch = 'var SRC = "https://cdn.jsdelivr.net/npm/search-insights@".concat(v, "/dist/search-insights.min.js");';

    const rewritten = [drei, instantsearch].map(rewriteCdnFallbacks);

    expect(rewritten[0]).toBe("const CUBEMAP_ROOT = '/_no-cdn/drei-assets/456060a/hdri/';");
    expect(rewritten[1]).toContain('"/_no-cdn/search-insights@".concat(v');
    expect(rewritten.some((code) => CDN_HOSTS.test(code))).toBe(false);
  });

  it('leaves other code alone', () => {
    const code = 'fetch("https://example.com/cdn.jsdelivr.net.txt")';
    expect(rewriteCdnFallbacks(code)).toBe(code);
  });
});
