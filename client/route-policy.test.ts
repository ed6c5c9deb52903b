import { describe, expect, it } from 'vitest';

import { documentAllowsWasm, getDocumentPolicy, hasModelEmbed, WASM_FLAG } from '#client/route-policy.ts';

const richText = (html: string | null) => ({ kind: 'rendered-rich-text', key: 'k', html });
const match = (id: string, handle?: unknown) => ({ route: { id, handle } });

describe('hasModelEmbed', () => {
  it('finds a viewer slot in rendered rich text anywhere in loader data', () => {
    expect(hasModelEmbed({ article: { body: richText('<div class="rt-viewer" data-viewer-source="{}"></div>') } })).toBe(true);
    expect(hasModelEmbed({ article: { body: richText('<p>text</p>') } })).toBe(false);
    expect(hasModelEmbed({ article: { body: richText(null) } })).toBe(false);
    expect(hasModelEmbed(undefined)).toBe(false);
  });
});

describe('getDocumentPolicy', () => {
  it('combines static and data-driven flags of the matched routes', () => {
    const data: Record<string, unknown> = { article: { body: richText('<div data-viewer-source="{}"></div>') } };
    const dataOf = (id: string) => data[id];

    expect(getDocumentPolicy([match('en', { layout: true }), match('model', { decodesModels: true })], dataOf)).toEqual({ decodesModels: true, embeddable: false });
    expect(getDocumentPolicy([match('embed', { embeddable: true })], dataOf)).toEqual({ decodesModels: false, embeddable: true });
    expect(getDocumentPolicy([match('article', { decodesModels: hasModelEmbed })], dataOf).decodesModels).toBe(true);
    expect(getDocumentPolicy([match('article', { decodesModels: hasModelEmbed })], () => undefined).decodesModels).toBe(false);
  });
});

describe('documentAllowsWasm', () => {
  it("reads the flag the server's bootstrap script sets", () => {
    expect(documentAllowsWasm()).toBe(false);

    (globalThis as Record<string, unknown>)[WASM_FLAG] = true;

    expect(documentAllowsWasm()).toBe(true);
    delete (globalThis as Record<string, unknown>)[WASM_FLAG];
  });
});
