import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { XSS_PAYLOADS } from '../../fixtures/xss/payloads.ts';
import { ALL, DE } from '../../fixtures/xss/space-export.ts';
import { auditDocument, closeDocument, collectStrings, normalizeText, parseFragment, readInlineJson } from './html-audit.ts';
import { createXssApp, encodePathSegment, expectSafePage, fetchPage, payloadsNotShown } from './xss-app.ts';

import type { ContentTestApp } from '../../fakes/contentful-app.ts';
import type { AuditedPage } from './xss-app.ts';

/**
 * The XSS corpus (ADR 018): every page type, in both locales, rendered by the real
 * app over a space whose every field holds the XSS corpus (tests/fixtures/xss/).
 * Each page is parsed with a real HTML parser and audited for anything that
 * would run (html-audit.ts), and the payloads must show up as text, whole.
 */

let t: ContentTestApp;

beforeAll(async () => {
  t = await createXssApp();
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
});

/** The rich-text renderer warns once per process about the corpus's unknown node and mark types; that is expected here. */
function allowUnknownNodeWarnings(): void {
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('rich-text: unknown')) throw new Error(`unexpected console.warn: ${args.map(String).join(' ')}`);
  });
}

const LOCALES = [
  { name: 'English', prefix: '', text: (p: string) => p },
  { name: 'German', prefix: '/de', text: (p: string) => DE + p },
] as const;

const main = (page: AuditedPage) => page.document.querySelector('main');
/** `document.title` strips and collapses ASCII white space. */
const titleText = (value: string) =>
  normalizeText(value)
    .replace(/[\t\n\f\r ]+/g, ' ')
    .trim();
const half = Math.ceil(XSS_PAYLOADS.length / 2);

describe.each(LOCALES)('pages over the XSS space ($name)', ({ prefix, text }) => {
  it('home: safe, and the newest article and featured model show the corpus as text', async () => {
    const page = await fetchPage(t.app, prefix || '/');

    expect(page.status).toBe(200);
    expectSafePage(page, XSS_PAYLOADS);
    expect(titleText(page.document.title).startsWith(titleText(text(ALL)))).toBe(true);
    expect(payloadsNotShown(main(page), [{ id: 'all', payload: ALL }], text)).toEqual([]);
  });

  it('models: safe, every model name and category label shown whole, unsafe poster URLs dropped', async () => {
    const page = await fetchPage(t.app, `${prefix}/models`);

    expect(page.status).toBe(200);
    expectSafePage(page);
    expect(payloadsNotShown(main(page), XSS_PAYLOADS, text)).toEqual([]);
  });

  it('model: safe, name, summary and description shown whole, embedded models with safe posters and viewer sources', async () => {
    allowUnknownNodeWarnings();
    const page = await fetchPage(t.app, `${prefix}/models/xss-model`);

    expect(page.status).toBe(200);
    expectSafePage(page);
    expect(payloadsNotShown(page.document.querySelector('h1'), [{ id: 'all', payload: ALL }], text)).toEqual([]);
    expect(payloadsNotShown(main(page), XSS_PAYLOADS, text)).toEqual([]);
  });

  it('model: its 24 swatches and 24 hotspots are safe and show each label as text (cut at 80 characters); a payload key drops out', async () => {
    allowUnknownNodeWarnings();
    const page = await fetchPage(t.app, `${prefix}/models/xss-model`);
    const labels = XSS_PAYLOADS.slice(0, 48).map(({ id, payload }) => ({ id, payload: text(payload).trim().slice(0, 80) }));

    expectSafePage(page);
    expect(page.document.querySelectorAll('main input[type=radio]')).toHaveLength(24);
    expect(page.document.querySelectorAll('main details')).toHaveLength(24);
    expect(payloadsNotShown(main(page), labels, (p) => p)).toEqual([]);
  });

  it('model embed: safe', async () => {
    const page = await fetchPage(t.app, `${prefix}/models/xss-model/embed`);

    expect(page.status).toBe(200);
    expectSafePage(page);
  });

  it('articles: safe', async () => {
    const page = await fetchPage(t.app, `${prefix}/articles`);

    expect(page.status).toBe(200);
    expectSafePage(page);
    expect(payloadsNotShown(main(page), [{ id: 'all', payload: ALL }], text)).toEqual([]);
  });

  it('article: safe, title, excerpt, author and every rich-text node type show each payload whole', async () => {
    allowUnknownNodeWarnings();
    const page = await fetchPage(t.app, `${prefix}/articles/xss-article`);

    expect(page.status).toBe(200);
    expectSafePage(page);
    expect(payloadsNotShown(page.document.querySelector('h1'), [{ id: 'all', payload: ALL }], text)).toEqual([]);
    expect(payloadsNotShown(page.document.head, [{ id: 'all', payload: ALL }], text)).toEqual([]);
    // Headings, links, cards and chips each hold one payload (German rich text is the English one behind the prefix).
    expect(payloadsNotShown(main(page), XSS_PAYLOADS, (p) => p)).toEqual([]);
  });

  it.each(['xss-tag-0', 'xss-tag-1'])('tag %s: safe, its articles and models show their payload titles whole', async (tag) => {
    const page = await fetchPage(t.app, `${prefix}/tags/${tag}`);

    expect(page.status).toBe(200);
    expectSafePage(page);
    const mine = tag === 'xss-tag-0' ? XSS_PAYLOADS.slice(0, half) : XSS_PAYLOADS.slice(half);
    expect(payloadsNotShown(main(page), mine, text)).toEqual([]);
  });

  it('custom page: safe, title, SEO fields and body shown whole', async () => {
    allowUnknownNodeWarnings();
    const page = await fetchPage(t.app, `${prefix}/xss-page`);

    expect(page.status).toBe(200);
    expectSafePage(page);
    expect(titleText(page.document.title).startsWith(titleText(text(ALL)))).toBe(true);
    expect(payloadsNotShown(page.document.head, [{ id: 'all', payload: ALL }], text)).toEqual([]);
    expect(payloadsNotShown(main(page), XSS_PAYLOADS)).toEqual([]);
  });

  it('hydration data and JSON-LD parse and carry every payload unchanged', async () => {
    allowUnknownNodeWarnings();
    const article = await fetchPage(t.app, `${prefix}/articles/xss-article`);
    const tagPages = await Promise.all(['xss-tag-0', 'xss-tag-1'].map((tag) => fetchPage(t.app, `${prefix}/tags/${tag}`)));

    const { hydration, jsonLd } = readInlineJson(article.document);
    const perPayload = collectStrings(tagPages.map((page) => readInlineJson(page.document).hydration));

    expect(collectStrings(hydration).has(text(ALL))).toBe(true);
    expect(collectStrings(jsonLd).has(text(ALL))).toBe(true);
    for (const p of XSS_PAYLOADS) expect(perPayload.has(text(p.payload)), p.id).toBe(true);
  });
});

/** The `html` of every rendered rich-text value in a route-data payload. */
function renderedHtmlOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(renderedHtmlOf);
  if (!value || typeof value !== 'object') return [];
  const record = value as { kind?: unknown; html?: unknown };
  if (record.kind === 'rendered-rich-text' && typeof record.html === 'string') return [record.html];
  return Object.values(value).flatMap(renderedHtmlOf);
}

describe('route data (/_data/) over the XSS space', () => {
  it('is JSON the browser will not sniff, carries the payloads, and its rendered rich text is safe as innerHTML', async () => {
    allowUnknownNodeWarnings();
    const res = await request(t.app).get('/_data/articles/xss-article').set('Accept', 'application/json');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(collectStrings(res.body).has(ALL)).toBe(true);
    // On client navigations RichTextHtml inserts this HTML with dangerouslySetInnerHTML.
    const html = renderedHtmlOf(res.body);
    expect(html.length).toBeGreaterThan(0);
    // The article body holds every payload; the footer's HTML rides along.
    expect(payloadsNotShown(parseFragment(html.join('')).body, XSS_PAYLOADS)).toEqual([]);
    for (const fragment of html) {
      const document = parseFragment(fragment);
      expect(auditDocument(document)).toEqual([]);
      // After hydration RichTextHtml reads the server's DOM back with innerHTML and sets it again (mutation XSS lives here):
      // the serialization must parse to the same, still safe, markup.
      const readBack = document.getElementById('fragment')!.innerHTML;
      const reparsed = parseFragment(readBack);
      expect(auditDocument(reparsed)).toEqual([]);
      expect(reparsed.getElementById('fragment')!.innerHTML).toBe(readBack);
    }
  });
});

describe('error pages over the XSS space', () => {
  /** Payloads packed into path segments of at most `max` characters. */
  const chunks = (max: number) => {
    const out: string[] = [];
    for (const { payload } of XSS_PAYLOADS) {
      if (out.length > 0 && out.at(-1)!.length + payload.length < max) out[out.length - 1] += payload;
      else out.push(payload);
    }
    return out;
  };

  it.each([
    ['a missing tag', (c: string) => `/tags/${encodePathSegment(c)}`],
    ['a missing article', (c: string) => `/de/articles/${encodePathSegment(c)}`],
    ['an unknown path', (c: string) => `/${encodePathSegment(c)}/x`],
    ['an unknown API path', (c: string) => `/api/${encodePathSegment(c)}`],
  ])(
    '%s echoes nothing that runs',
    async (_what, toUrl) => {
      for (const chunk of chunks(600)) {
        const page = await fetchPage(t.app, toUrl(chunk));

        expect(page.status).toBeGreaterThanOrEqual(400);
        expect(page.findings).toEqual([]);
        closeDocument(page.document);
      }
    },
    30_000,
  );

  it('bad query parameters get a fixed message, not the input', async () => {
    const urls = [
      '/articles?page=%3Cscript%3Ealert(1)%3C/script%3E',
      '/search?page=%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E',
      '/%C0%BCscript%C0%BE',
      '/tags/%E0%A4%A',
    ];
    for (const url of urls) {
      const page = await fetchPage(t.app, url);

      expect(page.status).toBeGreaterThanOrEqual(400);
      expect(page.findings).toEqual([]);
      expect(page.document.querySelector('main')?.textContent).not.toMatch(/<script|<img|onerror/);
    }
  });
});
