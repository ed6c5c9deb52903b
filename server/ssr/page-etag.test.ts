import { describe, expect, it } from 'vitest';

import { pageEtag } from '#server/ssr/page-etag.ts';

import type { RenderedRichText } from '#shared/content/types.ts';

const page = { buildId: 'build1', served: '/models|en-US', origin: 'https://vitrine.example' };
const rendered = (key: string, html: string | null): RenderedRichText => ({ kind: 'rendered-rich-text', key, html });
const article = (body: RenderedRichText, title = 'Oak') => ({ root: { site: { name: 'Vitrine' } }, 'routes/article': { article: { title, body } } });

describe('pageEtag', () => {
  it('is a weak validator that depends on build, URL with locales, origin and data only', () => {
    const etag = pageEtag(page, { a: 1 });

    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(pageEtag({ ...page }, { a: 1 })).toBe(etag);
    expect(pageEtag({ ...page, buildId: 'build2' }, { a: 1 })).not.toBe(etag);
    expect(pageEtag({ ...page, served: '/models?page=2|en-US' }, { a: 1 })).not.toBe(etag);
    expect(pageEtag({ ...page, served: '/models|en-US,de-DE' }, { a: 1 })).not.toBe(etag);
    expect(pageEtag({ ...page, origin: 'http://127.0.0.1:3000' }, { a: 1 })).not.toBe(etag);
    expect(pageEtag(page, { a: 2 })).not.toBe(etag);
  });

  it('counts rendered rich text by its key, which names the field version and its links', () => {
    const etag = pageEtag(page, article(rendered('oak-body-en-US-2026-01-01-abc', '<p>Oak</p>')));

    expect(pageEtag(page, article(rendered('oak-body-en-US-2026-01-01-abc', '<p>same key</p>')))).toBe(etag);
    expect(pageEtag(page, article(rendered('oak-body-en-US-2026-02-01-abc', '<p>Oak</p>')))).not.toBe(etag);
    expect(pageEtag(page, article(rendered('oak-body-en-US-2026-01-01-abd', '<p>Oak</p>')))).not.toBe(etag);
    expect(pageEtag(page, article(rendered('oak-body-en-US-2026-01-01-abc', '<p>Oak</p>'), 'Walnut'))).not.toBe(etag);
  });

  it('tells rendered rich text from a string that spells its marker', () => {
    const data = (body: unknown) => ({ route: { body } });

    expect(pageEtag(page, data(rendered('x', '<p>x</p>')))).not.toBe(pageEtag(page, data('\0"x"')));
    expect(pageEtag(page, data(rendered('x', '<p>x</p>')))).not.toBe(pageEtag(page, data({ kind: 'rich', key: 'x' })));
  });

  it('counts the HTML of rich text where loaders do not put it (in lists, deeper than a hotspot note)', () => {
    const inList = (html: string) => ({ route: { notes: [rendered('k', html)] } });
    const deep = (html: string) => ({ route: { a: { b: { c: { d: rendered('k', html) } } } } });

    expect(pageEtag(page, inList('<p>a</p>'))).not.toBe(pageEtag(page, inList('<p>b</p>')));
    expect(pageEtag(page, deep('<p>a</p>'))).not.toBe(pageEtag(page, deep('<p>b</p>')));
  });

  it('reads data as JSON does: absent and undefined fields alike, dates by value, nesting significant', () => {
    expect(pageEtag(page, { route: { a: 1, b: undefined, f: () => 1 } })).toBe(pageEtag(page, { route: { a: 1 } }));
    expect(pageEtag(page, { route: { at: new Date(0) } })).toBe(pageEtag(page, { route: { at: '1970-01-01T00:00:00.000Z' } }));
    expect(pageEtag(page, { route: { at: new Date(0) } })).not.toBe(pageEtag(page, { route: { at: new Date(1) } }));
    expect(pageEtag(page, { route: { a: { b: 1 } } })).not.toBe(pageEtag(page, { route: { a: '{"b":1}' } }));
    expect(pageEtag(page, { route: null })).not.toBe(pageEtag(page, { route: {} }));
  });
});
