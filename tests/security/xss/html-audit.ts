import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';

/**
 * What a browser would execute in an HTML response, read with a real HTML
 * parser (jsdom's parse5, scripts off). `auditHtml` lists every finding:
 * scripts the page's CSP would not run or that carry something we did not
 * write, event-handler attributes, script-bearing URL schemes, active
 * elements (iframe, object, embed, base, meta refresh, style from content),
 * and inline script text that could end or re-parse its element.
 */

interface JsdomWindow {
  document: Document;
}
/** jsdom ships no types and @types/jsdom is not installed: the slice these tests use. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options?: { contentType?: string }) => { window: JsdomWindow };
};

/** Parses an HTML document (or an XML one with `contentType`). */
export function parseDocument(html: string, contentType = 'text/html'): Document {
  return new JSDOM(html, { contentType }).window.document;
}

/** Frees a parsed document's window: jsdom keeps a megabyte page's DOM alive until then. */
export function closeDocument(document: Document): void {
  (document.defaultView as (Window & { close(): void }) | null)?.close();
}

/** Parses a fragment the way `innerHTML` / `dangerouslySetInnerHTML` would, inside a `<div>`. */
export function parseFragment(html: string): Document {
  return parseDocument(`<!doctype html><html><head></head><body><div id="fragment">${html}</div></body></html>`);
}

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'dynsrc',
  'lowsrc',
  'codebase',
  'cite',
  'longdesc',
  'ping',
  'manifest',
  'icon',
  'profile',
  'usemap',
]);
const SRCSET_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
const ACTIVE_ELEMENTS = new Set([
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'portal',
  'bgsound',
  'isindex',
  'keygen',
  'xmp',
  'plaintext',
  'listing',
  'noembed',
]);
const SVG_ACTIVE = new Set(['script', 'foreignobject', 'animate', 'animatemotion', 'animatetransform', 'set', 'handler', 'use', 'iframe', 'a']);
const BAD_SCHEMES = ['javascript:', 'vbscript:', 'data:', 'livescript:', 'mocha:', 'file:', 'blob:', 'filesystem:'];
const STYLE_ATTACKS = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|url\s*\(\s*['"]?\s*(?!https?:|\/(?![/\\])|#)/i;
/** What only a payload writes into a script (they call alert/msgbox or load from xss.example). */
const PAYLOAD_MARKERS = /alert|msgbox|xss\.example|onerror|onload/i;

/** A URL as the browser's URL parser sees its scheme: tabs/newlines dropped anywhere, C0 controls and spaces trimmed. */
export function schemeOf(value: string): string {
  const compact = value
    .replace(/[\t\n\r]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+/, '')
    .toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return match ? `${match[1]}:` : '';
}

/** Whether a URL attribute's value would run script or load active content through its scheme. */
export function isDangerousUrl(value: string): boolean {
  return BAD_SCHEMES.includes(schemeOf(value));
}

export interface AuditOptions {
  /** The response's Content-Security-Policy: inline scripts must carry its nonce or match one of its hashes. */
  csp?: string;
  /** `<style>` elements the app itself renders (their exact text). Default: none allowed. */
  ownStyles?: ReadonlySet<string>;
}

/** Every way the document would run something it should not; empty when it is safe. */
export function auditDocument(document: Document, options: AuditOptions = {}): string[] {
  const findings: string[] = [];
  const nonce = /'nonce-([^']+)'/.exec(options.csp ?? '')?.[1];
  const hashes = new Set([...(options.csp ?? '').matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]));
  const describe = (el: Element) => `<${el.localName}${[...el.attributes].map((a) => ` ${a.name}="${a.value.slice(0, 60)}"`).join('')}>`;

  for (const el of document.querySelectorAll('*')) {
    const name = el.localName.toLowerCase();
    const ns = el.namespaceURI ?? '';
    for (const attr of el.attributes) {
      const attrName = attr.name.toLowerCase();
      if (attrName.startsWith('on')) findings.push(`event handler ${attrName} on ${describe(el)}`);
      if (URL_ATTRIBUTES.has(attrName) && isDangerousUrl(attr.value)) findings.push(`${attrName} with a script scheme on ${describe(el)}`);
      if (SRCSET_ATTRIBUTES.has(attrName) && attr.value.split(',').some((candidate) => isDangerousUrl(candidate.trim())))
        findings.push(`${attrName} with a script scheme on ${describe(el)}`);
      if (attrName === 'srcdoc') findings.push(`srcdoc on ${describe(el)}`);
      if (attrName === 'style' && STYLE_ATTACKS.test(attr.value)) findings.push(`style attribute ${describe(el)}`);
      if (attrName === 'data-viewer-source') findings.push(...auditViewerSource(attr.value, describe(el)));
    }
    if (ACTIVE_ELEMENTS.has(name)) findings.push(`active element ${describe(el)}`);
    if (name === 'meta' && el.hasAttribute('http-equiv')) findings.push(`meta http-equiv ${describe(el)}`);
    if (name === 'link' && /\b(import|preload|modulepreload|stylesheet|prefetch|manifest)\b/i.test(el.getAttribute('rel') ?? '')) {
      const href = el.getAttribute('href') ?? '';
      if (!isOwnPath(href)) findings.push(`${el.getAttribute('rel')} link to a foreign URL ${describe(el)}`);
    }
    if (name === 'meta' && /^og:(image|url)$/.test(el.getAttribute('property') ?? '') && !/^https?:\/\//.test(el.getAttribute('content') ?? '')) {
      findings.push(`non-http Open Graph URL ${describe(el)}`);
    }
    // Content never knows the nonce: a style element carrying it is the app's own (the error page's).
    const ownStyle = (nonce !== undefined && el.getAttribute('nonce') === nonce) || options.ownStyles?.has(el.textContent ?? '');
    if (name === 'style' && !ownStyle) findings.push(`style element ${describe(el)} ${(el.textContent ?? '').slice(0, 80)}`);
    if (ns.endsWith('/svg') && SVG_ACTIVE.has(name)) findings.push(`active SVG element ${describe(el)}`);
    if (ns.endsWith('/MathML')) findings.push(`MathML element ${describe(el)}`);
    if (name === 'form' && el.hasAttribute('action') && !isOwnPath(el.getAttribute('action') ?? '')) findings.push(`form to a foreign action ${describe(el)}`);
    if (name === 'script') findings.push(...auditScript(el as HTMLScriptElement, nonce, hashes, describe(el)));
  }
  return findings;
}

/** Parses and audits an HTML document. */
export function auditHtml(html: string, options: AuditOptions = {}): string[] {
  return auditDocument(parseDocument(html), options);
}

/** Origin-relative paths only (`/x`), never protocol-relative (`//x`, `/\x`). */
function isOwnPath(url: string): boolean {
  return /^\/(?![/\\])/.test(url.trim());
}

/** The viewer reads its model and poster URLs from this JSON attribute, so they are URL sinks too. */
function auditViewerSource(value: string, where: string): string[] {
  let source: { src?: unknown; poster?: { url?: unknown } };
  try {
    source = JSON.parse(value) as typeof source;
  } catch {
    return [`data-viewer-source is not JSON on ${where}`];
  }
  const urls = [source.src, source.poster?.url].filter((u): u is string => typeof u === 'string');
  return urls.filter(isDangerousUrl).map((url) => `viewer source URL ${JSON.stringify(url)} on ${where}`);
}

const HYDRATION_PREFIX = 'window.__staticRouterHydrationData=';

/**
 * Runs the bootstrap script the way a browser would parse it, against a bare
 * `window` and nothing else: it may only assign data. A payload that broke
 * out of the JSON would call something undefined (or fail to parse) instead.
 */
function runBootstrap(body: string): Record<string, unknown> {
  const window: Record<string, unknown> = {};
  runInNewContext(body, { window }, { timeout: 1000 });
  return window;
}
const JSON_TYPES = new Set(['application/json', 'application/ld+json']);

function auditScript(script: HTMLScriptElement, nonce: string | undefined, hashes: Set<string | undefined>, where: string): string[] {
  const findings: string[] = [];
  const body = script.textContent ?? '';
  const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
  if (script.hasAttribute('src')) {
    if (!isOwnPath(script.getAttribute('src') ?? '')) findings.push(`script from a foreign URL ${where}`);
    if (body.trim()) findings.push(`external script with a body ${where}`);
    return findings;
  }
  // Inline JSON is data: it must parse, and its text must not be able to end the element.
  if (JSON_TYPES.has(type)) return [...checkScriptText(body, where), ...checkJson(body, where)];
  if (type && type !== 'module' && type !== 'text/javascript') return [`inline script of type ${type} ${where}`];
  const hash = `sha256-${createHash('sha256').update(body).digest('base64')}`;
  if (!(nonce && script.getAttribute('nonce') === nonce) && !hashes.has(hash)) findings.push(`inline script the CSP does not allow ${where}`);
  findings.push(...checkScriptText(body, where));
  if (body.startsWith(HYDRATION_PREFIX)) {
    try {
      const window = runBootstrap(body);
      if (Object.keys(window).some((key) => !key.startsWith('__'))) findings.push(`bootstrap script sets unexpected globals ${where}`);
    } catch (error) {
      findings.push(`bootstrap script that does not run as data ${where}: ${String(error).slice(0, 120)}`);
    }
  } else if (PAYLOAD_MARKERS.test(body)) {
    findings.push(`inline script with payload text ${where}: ${body.slice(0, 120)}`);
  }
  return findings;
}

/** Script text that could close the element or switch the tokenizer into the double-escaped states. */
function checkScriptText(body: string, where: string): string[] {
  const findings: string[] = [];
  if (/<\/script/i.test(body)) findings.push(`"</script" inside ${where}`);
  if (body.includes('<!--')) findings.push(`"<!--" inside ${where}`);
  if (/<script/i.test(body)) findings.push(`"<script" inside ${where}`);
  if (/[\u2028\u2029]/.test(body)) findings.push(`raw U+2028/2029 inside ${where}`);
  return findings;
}

function checkJson(text: string, where: string): string[] {
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    return [`JSON that does not parse in ${where}: ${String(error).slice(0, 120)}`];
  }
}

/** JSON values of the page's inline JSON: the hydration data, the public config and each JSON-LD script. */
export function readInlineJson(document: Document): { hydration: unknown; jsonLd: unknown[] } {
  let hydration: unknown = undefined;
  const jsonLd: unknown[] = [];
  for (const script of document.querySelectorAll('script:not([src])')) {
    const body = script.textContent ?? '';
    if (body.startsWith(HYDRATION_PREFIX)) hydration = runBootstrap(body).__staticRouterHydrationData;
    if (script.getAttribute('type') === 'application/ld+json') jsonLd.push(JSON.parse(body));
  }
  return { hydration, jsonLd };
}

/**
 * What the parsed page shows as text: every text node outside scripts and
 * styles plus every attribute value, normalized the way parsing changes text
 * that was escaped correctly (NUL dropped or replaced, CR LF folded, lone
 * surrogates encoded as U+FFFD).
 */
export function visibleText(document: Document): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(document, 0x1 | 0x4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === 3) {
      const parent = node.parentElement?.localName;
      if (parent !== 'script' && parent !== 'style') parts.push(node.nodeValue ?? '');
    } else for (const attr of (node as Element).attributes) parts.push(attr.value);
  }
  return normalizeText(parts.join('\n'));
}

/** The text a correctly escaped value reads as after an HTML parse. */
export function normalizeText(value: string): string {
  return (
    value
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000\uFFFD]/g, '')
  );
}

/**
 * The normalized text of every element and every attribute value under
 * `root`, each on its own: a payload found here filled a whole field and was
 * shown as text, not merely somewhere inside a longer string.
 */
export function exactValues(root: ParentNode): Set<string> {
  const values = new Set<string>();
  const elements = [...('localName' in root ? [root as Element] : []), ...root.querySelectorAll('*')];
  for (const el of elements) {
    if (el.localName === 'script' || el.localName === 'style') continue;
    values.add(normalizeText(el.textContent ?? '').trim());
    for (const attr of el.attributes) values.add(normalizeText(attr.value).trim());
  }
  return values;
}

/** JSON-decoded strings anywhere inside a value, for round-trip checks of data payloads. */
export function collectStrings(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
  return into;
}
