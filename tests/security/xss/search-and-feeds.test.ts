import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';

import { sanitizeQuery } from '#shared/search.ts';
import { XSS_PAYLOADS } from '../../fixtures/xss/payloads.ts';
import { ALL, DE } from '../../fixtures/xss/space-export.ts';
import { auditDocument, closeDocument, collectStrings, normalizeText, parseDocument, parseFragment, readInlineJson } from './html-audit.ts';
import { createXssApp, expectSafePage, fetchPage, payloadsNotShown } from './xss-app.ts';

import type { ContentTestApp } from '../../fakes/contentful-app.ts';

/**
 * The XSS corpus (ADR 018) as search input (the search page's `q`,
 * `tag` and `type`, and so the header box's server-rendered state), through
 * the embedded engine's highlight and snippet output, and in the feeds.
 */

let t: ContentTestApp;

beforeAll(async () => {
  t = await createXssApp();
}, 60_000);

/** Payloads packed into queries the search page keeps whole (at most 512 characters each). */
function queryChunks(): string[][] {
  const out: string[][] = [];
  let length = 0;
  for (const { payload } of XSS_PAYLOADS) {
    if (out.length === 0 || length + payload.length + 1 > 512) {
      out.push([]);
      length = 0;
    }
    out.at(-1)!.push(payload);
    length += payload.length + 1;
  }
  return out;
}

describe('search page with the corpus as q, tag and type', () => {
  it.each([
    ['English', ''],
    ['German', '/de'],
  ])(
    'shows every query as text and runs nothing (%s)',
    async (_name, prefix) => {
      // German renders through the same components: three chunks there show the locale's page escapes too.
      for (const chunk of prefix ? queryChunks().slice(0, 3) : queryChunks()) {
        const q = chunk.join(' ');
        const params = new URLSearchParams({ q });
        for (const payload of chunk.slice(0, 10)) params.append('tag', payload);
        for (const payload of chunk.slice(0, 3)) params.append('type', payload);

        const page = await fetchPage(t.app, `${prefix}/search?${params.toString()}`);

        expect(page.status).toBe(200);
        expectSafePage(page);
        const shown = sanitizeQuery(q);
        expect(payloadsNotShown(page.document, [{ id: 'query', payload: shown }])).toEqual([]);
        // Lone surrogates travel as U+FFFD in a URL; compare as the parser reads both.
        const hydrated = [...collectStrings(readInlineJson(page.document).hydration)].map(normalizeText);
        expect(hydrated).toContain(normalizeText(shown));
        closeDocument(page.document);
      }
    },
    60_000,
  );

  it('renders results whose titles and summaries are the payloads as text', async () => {
    const page = await fetchPage(t.app, '/search?q=alert');

    expect(page.status).toBe(200);
    expectSafePage(page);
    expect(page.document.querySelectorAll('main li').length).toBeGreaterThan(0);
  });
});

interface Highlighted {
  value: string;
}

type SearchBody = { results: Array<{ hits: Array<{ _highlightResult?: Record<string, unknown>; _snippetResult?: Record<string, unknown> }> }> };

/** Runs one query per payload against the embedded search API (50 per request, its limit), as the browser's client does, with the given tags. */
async function searchAll(tags: { pre: string; post: string }, locale = 'en-US', payloads = XSS_PAYLOADS): Promise<SearchBody> {
  const results: SearchBody['results'] = [];
  for (let start = 0; start < payloads.length; start += 50) {
    const requests = payloads.slice(start, start + 50).map(({ payload }) => ({
      indexName: `vitrine_${locale}`,
      // Only the highlight and snippet results matter here: leave the records' own fields out of the answer.
      params: new URLSearchParams({
        query: sanitizeQuery(payload),
        highlightPreTag: tags.pre,
        highlightPostTag: tags.post,
        hitsPerPage: '3',
        attributesToRetrieve: '["objectID"]',
      }).toString(),
    }));
    const res = await request(t.app)
      .post('/1/indexes/*/queries')
      .set('x-algolia-application-id', 'embedded')
      .set('x-algolia-api-key', 'embedded')
      .send({ requests });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    results.push(...(res.body as SearchBody).results);
  }
  return { results };
}

/** Every highlight and snippet value of every hit. */
function highlightValues(body: SearchBody): string[] {
  const values = body.results.flatMap((result) => result.hits.flatMap((hit) => [...collectValues(hit._highlightResult), ...collectValues(hit._snippetResult)]));
  return [...new Set(values)];
}

function collectValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(collectValues);
  if (value && typeof value === 'object') {
    if (typeof (value as Highlighted).value === 'string') return [(value as Highlighted).value];
    return Object.values(value).flatMap(collectValues);
  }
  return [];
}

describe('search API highlight and snippet output', () => {
  it('escapes record text around caller-chosen tags, so inserting the value as HTML shows it as text', async () => {
    const values = highlightValues(await searchAll({ pre: '<em>', post: '</em>' }));

    expect(values.length).toBeGreaterThan(XSS_PAYLOADS.length / 2);
    // One fragment for all of them: only our tags are markup, everything else is text.
    const document = parseFragment(values.map((value) => `<p>${value}</p>`).join(''));
    expect(auditDocument(document)).toEqual([]);
    expect(new Set([...document.querySelectorAll('#fragment *')].map((el) => el.localName))).toEqual(new Set(['p', 'em']));
    closeDocument(document);
    // Hundreds of queries through the whole app plus a DOM audit: CPU-bound, so as slow as the machine is loaded (33 s at load 16 on 2 cores).
  }, 60_000);

  it('leaves escaping to InstantSearch with its placeholder tags, and the value holds no markup of ours', async () => {
    // One request's worth: this checks the tags, not the corpus (the test above sends all of it).
    const values = highlightValues(await searchAll({ pre: '__ais-highlight__', post: '__/ais-highlight__' }, 'de-DE', XSS_PAYLOADS.slice(0, 50)));

    expect(values.length).toBeGreaterThan(25);
    // Raw record text (as Algolia returns it); InstantSearch's escapeHits escapes it before swapping in <mark>.
    expect(values.some((value) => value.includes('<script>'))).toBe(true);
  }, 60_000);
});

describe('feeds over the XSS space', () => {
  const xmlErrors = (document: Document) => [...document.getElementsByTagName('parsererror')].map((e) => e.textContent);

  it.each([
    ['English', '/rss.xml', (p: string) => p],
    ['German', '/de/rss.xml', (p: string) => DE + p],
  ])('the %s RSS feed is well-formed XML whose items carry the payloads as text', async (_name, url, text) => {
    const res = await request(t.app).get(url);

    expect(res.status).toBe(200);
    const document = parseDocument(res.text, 'application/xml');
    expect(xmlErrors(document)).toEqual([]);
    const titles = new Set([...document.querySelectorAll('item > title')].map((el) => xmlText(el.textContent ?? '')));
    expect(titles.has(xmlText(text(ALL)))).toBe(true);
    const shown = XSS_PAYLOADS.slice(0, 49).filter((p) => !titles.has(xmlText(text(p.payload))));
    expect(shown.map((p) => p.id)).toEqual([]);
    expect(xmlText(document.querySelector('channel > title')?.textContent ?? '')).toBe(xmlText(text(ALL)));
    for (const link of document.querySelectorAll('item > link')) expect(link.textContent).toMatch(/^https:\/\/vitrine\.example\//);
  });

  it('the sitemap is well-formed XML whose every loc is one of our pages', async () => {
    const res = await request(t.app).get('/sitemap.xml');

    expect(res.status).toBe(200);
    const document = parseDocument(res.text, 'application/xml');
    expect(xmlErrors(document)).toEqual([]);
    const locs = [...document.getElementsByTagName('loc')].map((el) => el.textContent ?? '');
    expect(locs.length).toBeGreaterThan(XSS_PAYLOADS.length * 2);
    for (const loc of locs) expect(new URL(loc).origin).toBe('https://vitrine.example');
  });
});

/**
 * A string as XML 1.0 can carry it: characters XML forbids (C0 controls but
 * tab/LF/CR, U+FFFE/FFFF, lone surrogates) are dropped, CR LF read as LF.
 */
function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return normalizeText(value).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}
