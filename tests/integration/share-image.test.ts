import { createRequire } from 'node:module';

import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

/** jsdom ships no types and @types/jsdom is not installed: the slice these tests use. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (text: string) => { window: Window } };

/**
 * A model page's share card (ADR 049), server-rendered over the embedded demo space. The og:image is the
 * poster through the image pipeline (absolute, at most 1200 px, JPEG/PNG) with its real size and a text alternative.
 */
const ORIGIN = 'https://vitrine.example';
let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp({ PUBLIC_URL: ORIGIN }, { waitForSearch: false });
});

function readShareTags(html: string): Record<string, string> {
  const doc = new JSDOM(html).window.document;
  const tags = [...doc.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')];
  return Object.fromEntries(tags.map((tag) => [tag.getAttribute('property') ?? tag.getAttribute('name'), tag.getAttribute('content') ?? '']));
}

describe.each(['/models/ostra-lounge-chair', '/de/models/pivot-desk-lamp'])('the share card of %s', (path) => {
  it('names an absolute poster image whose stated size and type are those the image server sends', async () => {
    const page = await request(t.app).get(path).set('Accept', 'text/html');
    const og = readShareTags(page.text);

    expect(page.status).toBe(200);
    const image = new URL(og['og:image'] ?? '');
    expect(image.origin).toBe(ORIGIN);
    expect(image.pathname).toMatch(/^\/content-assets\/images\.ctfassets\.net\/vitrine-demo\/poster-/);
    expect(image.searchParams.get('fm')).toMatch(/^(jpg|png)$/);
    expect(og['og:image:alt']).toMatch(/\S/);
    expect(og['twitter:image:alt']).toBe(og['og:image:alt']);
    expect(og['twitter:card']).toBe('summary_large_image');
    expect(og['og:url']).toBe(ORIGIN + path);

    const file = await request(t.app).get(image.pathname + image.search);
    const { width, height, format } = await sharp(file.body as Buffer).metadata();

    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(og['og:image:type']);
    expect(format).toBe(image.searchParams.get('fm') === 'png' ? 'png' : 'jpeg');
    expect(width).toBeLessThanOrEqual(1200);
    expect([String(width), String(height)]).toEqual([og['og:image:width'], og['og:image:height']]);
  });
});

describe('the share card of a selected variant', () => {
  it('names the variant in og:url, so the card is of that variant, while the canonical link stays the model page', async () => {
    const selected = await request(t.app).get('/models/ostra-lounge-chair?variant=charcoal').set('Accept', 'text/html');
    const first = await request(t.app).get('/models/ostra-lounge-chair?variant=sage').set('Accept', 'text/html');
    const unknown = await request(t.app).get('/models/ostra-lounge-chair?variant=no-such-colour').set('Accept', 'text/html');

    expect(readShareTags(selected.text)['og:url']).toBe(`${ORIGIN}/models/ostra-lounge-chair?variant=charcoal`);
    expect(selected.text).toContain(`<link rel="canonical" href="${ORIGIN}/models/ostra-lounge-chair"/>`);
    // The first variant is what the page shows without a choice; an unknown one is no choice.
    expect(readShareTags(first.text)['og:url']).toBe(`${ORIGIN}/models/ostra-lounge-chair`);
    expect(readShareTags(unknown.text)['og:url']).toBe(`${ORIGIN}/models/ostra-lounge-chair`);
  });
});
