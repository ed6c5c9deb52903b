import { badRequest, invalidPath } from './cda-errors.ts';

import type { LocaleView } from './field-values.ts';
import type { LocaleSet } from './locales.ts';

/** Query string parameters as the CDA receives them (one value per name). */
export type QueryParams = Readonly<Record<string, string | undefined>>;

/** `locale=<code>` (one locale, fallbacks applied) or `locale=*` (every locale as a map). */
export type LocaleSelection = { all: false; code: string; view: LocaleView } | { all: true; view: LocaleView };

/** Splits `fields.title[match]` into its path and operator. */
export function splitKey(key: string): { path: string[]; op: string | undefined } {
  const match = /^(.*?)\[([^\]]*)\]$/.exec(key);
  const pathText = match?.[1] ?? key;
  return { path: pathText.split('.'), op: match?.[2] };
}

export function csv(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function parseIntParam(params: QueryParams, name: string, bounds: { min: number; max: number; fallback: number }): number {
  const raw = params[name];
  if (raw === undefined || raw === '') return bounds.fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw invalidPath(name, `The value of "${name}" must be an integer between ${bounds.min} and ${bounds.max}`, 'range');
  }
  return value;
}

export function parseLocale(params: QueryParams, locales: LocaleSet): LocaleSelection {
  const code = params['locale'] ?? locales.defaultCode;
  const defaultView = { chain: [locales.defaultCode], defaultCode: locales.defaultCode };
  if (code === '*') return { all: true, view: defaultView };
  if (!locales.has(code)) throw badRequest(`Unknown locale: ${code}`);
  return { all: false, code, view: { chain: locales.chain(code), defaultCode: locales.defaultCode } };
}

export const MAX_LIMIT = 1000;

/** `skip`/`limit` (offset paging) or `cursor=true` with `pageNext`/`pagePrev` tokens. */
export interface Paging {
  skip: number;
  limit: number;
  cursor: boolean;
}

export function parsePaging(params: QueryParams): Paging {
  const limit = parseIntParam(params, 'limit', { min: 0, max: MAX_LIMIT, fallback: 100 });
  const token = params['pageNext'] ?? params['nextPage'] ?? params['pagePrev'] ?? params['prevPage'];
  const cursor = params['cursor'] === 'true' || token !== undefined;
  const skip = token === undefined ? parseIntParam(params, 'skip', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 }) : decodeCursor(token);
  return { skip, limit, cursor };
}

/** Opaque cursor tokens: the offset, base64url encoded. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(token: string): number {
  const match = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match?.[1]) throw invalidPath('pageNext', 'The page token is not valid', 'invalid');
  return Number(match[1]);
}

/** The `pages` of a cursor-paged collection: links carrying the tokens, as the CDA returns them. */
export function cursorPages(basePath: string, skip: number, limit: number, total: number): { next?: string; prev?: string } {
  const pages: { next?: string; prev?: string } = {};
  if (limit > 0 && skip + limit < total) pages.next = `${basePath}?pageNext=${encodeCursor(skip + limit)}`;
  if (skip > 0) pages.prev = `${basePath}?pagePrev=${encodeCursor(Math.max(0, skip - limit))}`;
  return pages;
}

/** Parameters that are not filters and that every collection endpoint accepts or ignores. */
export const PAGING_PARAMS = new Set(['skip', 'limit', 'cursor', 'pageNext', 'pagePrev', 'nextPage', 'prevPage', 'order', 'access_token']);
