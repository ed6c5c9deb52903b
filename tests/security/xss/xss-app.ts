import request from 'supertest';
import { expect } from 'vitest';

import { renderErrorPage } from '#server/middleware/errors.ts';
import { createContentTestApp } from '../../fakes/contentful-app.ts';
import { writeXssSpaceExport } from '../../fixtures/xss/space-export.ts';
import { auditDocument, exactValues, normalizeText, parseDocument, visibleText } from './html-audit.ts';

import type { ContentTestApp } from '../../fakes/contentful-app.ts';
import type { XssPayload } from '../../fixtures/xss/payloads.ts';

export const ORIGIN = 'https://vitrine.example';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The real app (real services, embedded CDA engine and search) over the XSS space export. */
export function createXssApp(): Promise<ContentTestApp> {
  return createContentTestApp({ PUBLIC_URL: ORIGIN, CONTENT_EXPORT_FILE: writeXssSpaceExport() });
}

export interface AuditedPage {
  status: number;
  html: string;
  document: Document;
  csp: string;
  /** Every finding of the audit (empty when the page is safe). */
  findings: string[];
  text: string;
}

/**
 * Fetches a page as a crawler (the whole document at once, Suspense
 * boundaries resolved) and audits it under the response's own CSP.
 */
export async function fetchPage(app: ContentTestApp['app'], url: string, userAgent = GOOGLEBOT): Promise<AuditedPage> {
  const res = await request(app).get(url).set('User-Agent', userAgent).set('Accept', 'text/html');
  const csp = String(res.headers['content-security-policy'] ?? '');
  const document = parseDocument(res.text);
  return { status: res.status, html: res.text, document, csp, findings: auditDocument(document, { csp, ownStyles: OWN_STYLES }), text: visibleText(document) };
}

/** The static error page's style: sent without a nonce when a request is refused before the nonce exists (e.g. 414). */
const OWN_STYLES = new Set([...parseDocument(renderErrorPage(404, '', '')).querySelectorAll('style')].map((style) => style.textContent ?? ''));

/** A path segment as a browser sends it: lone surrogates become U+FFFD (encodeURIComponent would throw). */
export function encodePathSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** Payloads that do not fill a whole element or attribute under `root` (after `transform`, e.g. the German prefix). */
export function payloadsNotShown(root: ParentNode | null, payloads: readonly XssPayload[], transform: (payload: string) => string = (p) => p): string[] {
  const values = root ? exactValues(root) : new Set<string>();
  return payloads.filter((p) => !values.has(normalizeText(transform(p.payload)).trim())).map((p) => p.id);
}

/** Payloads whose text does not appear, escaped and intact, on the page. */
export function missingPayloads(text: string, payloads: readonly XssPayload[], transform: (payload: string) => string = (p) => p): string[] {
  return payloads.filter((p) => !text.includes(normalizeText(transform(p.payload)))).map((p) => p.id);
}

/** Asserts the page is HTML, safe, and shows each payload as text. */
export function expectSafePage(page: AuditedPage, payloads: readonly XssPayload[] = [], transform?: (payload: string) => string): void {
  expect(page.findings).toEqual([]);
  expect(missingPayloads(page.text, payloads, transform)).toEqual([]);
}
