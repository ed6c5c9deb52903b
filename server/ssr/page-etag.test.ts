import { hash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { perContentVersion } from '#client/data/loader-helpers.ts';
import { describeDocument } from '#client/entry.server.tsx';
import { pageEtag, routeDigest } from '#server/ssr/page-etag.ts';

import type { RenderedRichText } from '#shared/content/types.ts';
import type { StaticHandlerContext } from 'react-router';

const page = { buildId: 'build1', served: '/models|en-US', origin: 'https://vitrine.example' };
const rendered = (key: string, html: string | null): RenderedRichText => ({ kind: 'rendered-rich-text', key, html });
const article = (body: RenderedRichText, title = 'Oak') => ({ root: { site: { name: 'Vitrine' } }, 'routes/article': { article: { title, body } } });

const describe_ = (loaderData: Record<string, unknown>) =>
  describeDocument({ loaderData, actionData: null, errors: null, matches: [], loaderHeaders: {} } as unknown as StaticHandlerContext, routeDigest);
/** The hydration JSON the page carries, for this loader data. */
const hydrationOf = (loaderData: Record<string, unknown>) => describe_(loaderData).hydration;
/** The ETag the document handler sends, from describeDocument's validator. */
const etagOf = (loaderData: Record<string, unknown>) => pageEtag(page, describe_(loaderData).validator);
/** A route answer as a loader makes it once per content version, from a fresh source object. */
const perVersion = <T extends object>(value: T, key = '') => perContentVersion([{}], key, () => value);

describe('pageEtag', () => {
  it('is a weak validator that depends on build, URL with locales, origin and data only', () => {
    const etag = pageEtag(page, '{"a":1}');

    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(pageEtag({ ...page }, '{"a":1}')).toBe(etag);
    expect(pageEtag({ ...page, buildId: 'build2' }, '{"a":1}')).not.toBe(etag);
    expect(pageEtag({ ...page, served: '/models?page=2|en-US' }, '{"a":1}')).not.toBe(etag);
    expect(pageEtag({ ...page, served: '/models|en-US,de-DE' }, '{"a":1}')).not.toBe(etag);
    expect(pageEtag({ ...page, origin: 'http://127.0.0.1:3000' }, '{"a":1}')).not.toBe(etag);
    expect(pageEtag(page, '{"a":2}')).not.toBe(etag);
  });

  it('is the SHA-1 of its input whether remembered, past the memo bound, or too long to remember', () => {
    const direct = (origin: string, validator: string) => `W/"${hash('sha1', `${page.buildId}\0${page.served}\0${origin}\0${validator}`, 'base64url')}"`;
    const long = `{"a":"${'x'.repeat(2000)}"}`;

    expect(pageEtag(page, '{"a":1}')).toBe(direct(page.origin, '{"a":1}'));
    expect(pageEtag(page, long)).toBe(direct(page.origin, long));
    // A flood of Host values clears the memo rather than growing it; each answer stays right.
    for (let i = 0; i < 2500; i++) expect(pageEtag({ ...page, origin: `https://h${i}.example` }, '{"a":1}')).toBe(direct(`https://h${i}.example`, '{"a":1}'));
    expect(pageEtag(page, '{"a":1}')).toBe(direct(page.origin, '{"a":1}'));
  });

  it('counts rendered rich text by its key, which names the field version and its links, wherever loaders put it', () => {
    const etag = etagOf(article(rendered('oak-body-en-US-2026-01-01-abc', '<p>Oak</p>')));

    expect(etagOf(article(rendered('oak-body-en-US-2026-01-01-abc', '<p>same key</p>')))).toBe(etag);
    expect(etagOf(article(rendered('oak-body-en-US-2026-02-01-abc', '<p>Oak</p>')))).not.toBe(etag);
    expect(etagOf(article(rendered('oak-body-en-US-2026-01-01-abd', '<p>Oak</p>')))).not.toBe(etag);
    expect(etagOf(article(rendered('oak-body-en-US-2026-01-01-abc', '<p>Oak</p>'), 'Walnut'))).not.toBe(etag);
    const inList = (key: string) => ({ route: { notes: [rendered(key, `<p>${key}</p>`)] } });
    const deep = (key: string) => ({ route: { a: { b: { c: { d: rendered(key, `<p>${key}</p>`) } } } } });
    expect(etagOf(inList('k1'))).not.toBe(etagOf(inList('k2')));
    expect(etagOf(deep('k1'))).not.toBe(etagOf(deep('k2')));
  });

  it('tells rendered rich text from a string or object that spells its key', () => {
    const data = (body: unknown) => ({ route: { body } });

    expect(etagOf(data(rendered('x', '<p>x</p>')))).not.toBe(etagOf(data('x')));
    expect(etagOf(data(rendered('x', '<p>x</p>')))).not.toBe(etagOf(data({ kind: 'rich', key: 'x' })));
  });

  it('reads data as JSON does: absent and undefined fields alike, dates by value, nesting significant', () => {
    expect(etagOf({ route: { a: 1, b: undefined, f: () => 1 } })).toBe(etagOf({ route: { a: 1 } }));
    expect(etagOf({ route: { at: new Date(0) } })).toBe(etagOf({ route: { at: '1970-01-01T00:00:00.000Z' } }));
    expect(etagOf({ route: { at: new Date(0) } })).not.toBe(etagOf({ route: { at: new Date(1) } }));
    expect(etagOf({ route: { a: { b: 1 } } })).not.toBe(etagOf({ route: { a: '{"b":1}' } }));
    expect(etagOf({ route: null })).not.toBe(etagOf({ route: {} }));
  });
});

describe('answers made once per content version', () => {
  it('give the ETag and hydration JSON of the same data made per request', () => {
    const data = () => article(rendered('oak-body-en-US-2026-01-01-abc', '<p>Oak</p>'));
    const plain = data();
    const memo = { root: perVersion(plain.root), 'routes/article': perVersion(data()['routes/article']) };

    expect(hydrationOf(memo)).toBe(hydrationOf(plain));
    // Same data, same ETag, whether made once or per request; other data another ETag.
    expect(etagOf(memo)).toBe(etagOf({ root: perVersion(data().root), 'routes/article': perVersion(data()['routes/article']) }));
    expect(etagOf({ ...memo, 'routes/article': perVersion(article(rendered('k2', '<p>Oak</p>'))['routes/article']) })).not.toBe(etagOf(memo));
    expect(etagOf({ ...memo, 'routes/article': perVersion(article(rendered('oak-body-en-US-2026-01-01-abc', ''), 'Walnut')['routes/article']) })).not.toBe(
      etagOf(memo),
    );
    // A route's answer is told apart by route: the same answer under another route id is another page.
    expect(etagOf({ a: memo.root })).not.toBe(etagOf({ b: memo.root }));
  });

  it('are built once per source and key, and again for a new source (a content change) or another key', () => {
    const [source, next] = [{ v: 1 }, { v: 2 }];
    let builds = 0;
    const make = (from: object, key: string) => perContentVersion([from], key, () => ({ build: ++builds }));

    const first = make(source, 'https://a.example');
    expect(make(source, 'https://a.example')).toBe(first);
    expect(builds).toBe(1);
    expect(make(source, 'https://b.example')).not.toBe(first);
    expect(make(next, 'https://a.example')).not.toBe(first);
    expect(builds).toBe(3);
    // Two sources: either one changing makes a new answer.
    // Keys without bound (Host values) start the source over instead of growing it.
    for (let i = 0; i < 100; i++) make(source, `https://h${i}.example`);
    expect(builds).toBe(103);
    expect(make(source, 'https://h99.example')).toBe(make(source, 'https://h99.example'));
    expect(builds).toBe(103);
    const pair = perContentVersion([source, next], '', () => ({ pair: true }));
    expect(perContentVersion([source, next], '', () => ({ pair: false }))).toBe(pair);
    expect(perContentVersion([source, { v: 3 }], '', () => ({ pair: false }))).not.toBe(pair);
  });
});

describe('hydration JSON', () => {
  it('carries rendered rich text without its HTML, in objects, lists and deep, and leaves the loader data untouched', () => {
    const body = rendered('k', '<p>body</p>');
    const data = { route: { body, notes: [rendered('n', '<p>note</p>'), 'plain'], a: { b: { c: { d: rendered('d', '<p>deep</p>') } } } } };

    const json = JSON.parse(hydrationOf(data)) as { loaderData: unknown };

    expect(json.loaderData).toEqual({
      route: {
        body: { kind: 'rendered-rich-text', key: 'k', html: null },
        notes: [{ kind: 'rendered-rich-text', key: 'n', html: null }, 'plain'],
        a: { b: { c: { d: { kind: 'rendered-rich-text', key: 'd', html: null } } } },
      },
    });
    expect(body.html).toBe('<p>body</p>');
  });

  it('is safe inside an inline script', () => {
    const json = hydrationOf({ route: { text: '</script><!-- & \u2028\u2029' } });

    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect((JSON.parse(json) as { loaderData: { route: { text: string } } }).loaderData.route.text).toBe('</script><!-- & \u2028\u2029');
  });
});
