import { describe, expect, it } from 'vitest';

import { toAsset } from '#server/services/content/mapper-assets.ts';
import { toSiteSettings } from '#server/services/content/mapper.ts';
import { toLinkHref, toSafeHref } from '#shared/safe-url.ts';
import { paths } from '#shared/urls.ts';
import { XSS_PAYLOADS } from '../../fixtures/xss/payloads.ts';
import { isDangerousUrl, schemeOf } from './html-audit.ts';

import type { SdkEntry } from '#server/services/content/mapper.ts';

/**
 * The XSS corpus (ADR 018): every payload as each URL the CMS controls, one
 * by one. The page suites show the payloads reach no sink; these show why,
 * at the sources every sink reads: asset URLs (img src/srcset, download
 * links, posters, viewer sources, og:image), navigation paths, rich-text
 * hyperlinks and the path builders.
 */

function sdkAsset(url: string) {
  return {
    sys: { id: 'a', type: 'Asset' },
    fields: { title: 't', description: 'd', file: { url, fileName: 'f.png', contentType: 'image/png', details: { size: 1, image: { width: 1, height: 1 } } } },
  };
}

/** What may come out of a URL check: nothing, an origin-relative path, or an http(s) URL. */
function isLoadable(url: string): boolean {
  return /^\/(?![/\\])/.test(url) || ['http:', 'https:'].includes(schemeOf(url));
}

describe('asset URLs from the CMS', () => {
  it.each(XSS_PAYLOADS.map((p) => [p.id, p.payload]))('%s: an asset keeps only a loadable URL', (_id, payload) => {
    const asset = toAsset(sdkAsset(payload));

    if (asset) {
      expect(isLoadable(asset.url)).toBe(true);
      expect(isDangerousUrl(asset.url)).toBe(false);
    }
  });

  it('keeps Contentful and embedded URLs', () => {
    expect(toAsset(sdkAsset('//images.ctfassets.net/space/id/token/a.png'))?.url).toBe('https://images.ctfassets.net/space/id/token/a.png');
    expect(toAsset(sdkAsset('/content-assets/images.ctfassets.net/space/id/token/a.png'))?.url).toBe(
      '/content-assets/images.ctfassets.net/space/id/token/a.png',
    );
  });
});

describe('navigation paths from the CMS', () => {
  it('keeps only origin-relative paths, whatever the payload', () => {
    const navigation = XSS_PAYLOADS.flatMap((p) => [
      { label: p.id, path: p.payload },
      { label: p.id, path: `/${p.payload}` },
    ]);
    const entry = {
      sys: { id: 's', type: 'Entry', contentType: { sys: { id: 'siteSettings' } } },
      fields: { navigation },
      metadata: { tags: [] },
    } as unknown as SdkEntry;

    const site = toSiteSettings(entry, 'en-US');

    expect(site.navigation.length).toBeGreaterThan(0);
    for (const link of site.navigation) expect(link.url, link.label).toMatch(/^\/(?![/\\])[^\t\n\r]*$/);
  });
});

describe('rich-text hyperlinks', () => {
  it.each(XSS_PAYLOADS.map((p) => [p.id, p.payload]))('%s: becomes an http(s), mailto or tel link, or none', (_id, payload) => {
    const href = toSafeHref(payload);

    if (href !== null) expect(['http:', 'https:', 'mailto:', 'tel:']).toContain(schemeOf(href));
  });
});

describe('rich-text hyperlinks into the site (ADR 042)', () => {
  it.each(XSS_PAYLOADS.map((p) => [p.id, p.payload]))('%s: becomes a same-site reference, an http(s), mailto or tel link, or none', (_id, payload) => {
    for (const uri of [payload, `/${payload}`, `?${payload}`, `#${payload}`, `https://vitrine.example/${payload}`]) {
      const href = toLinkHref(uri, 'https://vitrine.example');

      if (href === null) continue;
      if (/^[/?#]/.test(href)) expect(href).toMatch(/^(?:[?#]|\/(?![/\\]))[^\s<>"]*$/);
      else expect(['http:', 'https:', 'mailto:', 'tel:']).toContain(schemeOf(href));
      expect(isDangerousUrl(href)).toBe(false);
    }
  });
});

describe('path builders', () => {
  it.each(XSS_PAYLOADS.map((p) => [p.id, p.payload]))('%s: a slug stays one encoded path segment and never throws', (_id, payload) => {
    const path = paths.article('en-US', payload);

    expect(path.startsWith('/articles/')).toBe(true);
    expect(path.slice('/articles/'.length)).toMatch(/^[A-Za-z0-9\-_.!~*'()%]*$/);
  });
});
