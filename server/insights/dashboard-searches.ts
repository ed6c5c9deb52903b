import escapeHtml from 'escape-html';

import { card, formatNumber, formatPercent, table, WINDOW_TITLES } from './dashboard-html.ts';
import { EMPTY_ANALYTICS } from './store/searches-window.ts';
import { WINDOWS } from './summary.ts';

import type { InsightsSummary } from './store/store.ts';
import type { QueryStats } from './store/searches-window.ts';
import type { WindowName } from './summary.ts';

export interface DashboardView {
  period: WindowName;
  /** `all`, or a locale the site serves or the store has searches of. */
  locale: string;
  /** When it came as `?token=` (a bookmark): the links keep it. */
  token?: string | undefined;
  entriesUrl?: string | undefined;
}

/** Never its tokens. */
export interface ContentfulSpace {
  spaceId: string;
  environment: string;
  /** An EU data-residency host (`cdn.eu.contentful.com`) means the EU web app. */
  host?: string | undefined;
}

export const SEARCHES_STYLE = `
.tabs{display:flex;flex-wrap:wrap;gap:.4rem;margin:.5rem 0}.tabs a{padding:.2rem .6rem;border:1px solid var(--line);border-radius:999px;background:#fff;
color:var(--ink);text-decoration:none}.tabs a[aria-current]{border-color:var(--accent);color:var(--accent);font-weight:600}td.query{overflow-wrap:anywhere}
`;

/** The entry list: the web app documents no URL that opens a new entry directly. */
export function toContentfulEntriesUrl({ spaceId, environment, host }: ContentfulSpace): string {
  const app = /(^|\.)eu\.contentful\.com$/i.test(host ?? '') ? 'https://app.eu.contentful.com' : 'https://app.contentful.com';
  return `${app}/spaces/${encodeURIComponent(spaceId)}/environments/${encodeURIComponent(environment)}/entries`;
}

/** Anything unknown falls back to the last 7 days, all locales. */
export function readDashboardView(
  params: Record<string, unknown>,
  summary: InsightsSummary,
  space: ContentfulSpace | undefined,
  served: readonly string[],
): DashboardView {
  const period = typeof params.period === 'string' && Object.hasOwn(WINDOWS, params.period) ? (params.period as WindowName) : 'week';
  const known = new Set([...served, ...Object.keys(summary.windows.month.queries.locales)]);
  const locale = typeof params.locale === 'string' && known.has(params.locale) ? params.locale : 'all';
  const token = typeof params.token === 'string' && params.token ? params.token : undefined;
  return { period, locale, token, entriesUrl: space && toContentfulEntriesUrl(space) };
}

/** Queries are hostile input: every one is escaped. */
export function renderSearchesSection(summary: InsightsSummary, view: DashboardView): string {
  const { queries } = summary.windows[view.period];
  const analytics = view.locale === 'all' ? queries.all : (queries.locales[view.locale] ?? EMPTY_ANALYTICS);
  const locales = [...new Set([...Object.keys(summary.windows.month.queries.locales), ...(view.locale === 'all' ? [] : [view.locale])])].sort();
  const periods = (Object.keys(WINDOW_TITLES) as WindowName[]).map((period) => link(view, { period }, WINDOW_TITLES[period], period === view.period));
  const localeLinks = ['all', ...locales].map((locale) => link(view, { locale }, locale === 'all' ? 'All locales' : locale, locale === view.locale));
  const cards = [
    card(formatNumber(analytics.searches), 'searches'),
    card(formatPercent(analytics.clickThroughRate), 'click-through rate'),
    card(formatNumber(analytics.averageClickPosition), 'average click position'),
    card(formatPercent(analytics.noResultRate), 'searches without results'),
    card(formatPercent(analytics.conversionRate), 'conversion rate (3D or AR)'),
  ].join('');
  const otherNote = `searches came after the day's distinct queries were all kept; they count in the figures, in no list.`;
  const other = analytics.otherSearches > 0 ? `<p class="meta">${formatNumber(analytics.otherSearches)} ${otherNote}</p>` : '';
  return [
    '<section aria-labelledby="searches"><h2 id="searches">What visitors search for</h2>',
    '<p class="meta">A search is the query a visitor settled on (the last of a typing burst), counted once per browser tab session. ',
    'Click-through rate: searches with a click on a result. Conversion: the visitor then opened that model in 3D or AR.</p>',
    `<nav class="tabs" aria-label="Period">${periods.join('')}</nav><nav class="tabs" aria-label="Locale">${localeLinks.join('')}</nav>`,
    `<div class="cards">${cards}</div>${other}`,
    `<h3>Top searches</h3>${renderTop(analytics.topQueries)}`,
    `<h3>Searches without results</h3>${renderNoResults(analytics.noResultQueries, view.entriesUrl)}`,
    `<h3>Searches without clicks</h3>${renderNoClicks(analytics.noClickQueries)}</section>`,
  ].join('');
}

function link(view: DashboardView, change: Partial<Pick<DashboardView, 'period' | 'locale'>>, label: string, current: boolean): string {
  const params = new URLSearchParams({ period: change.period ?? view.period, locale: change.locale ?? view.locale });
  if (view.token) params.set('token', view.token);
  return `<a href="?${escapeHtml(params.toString())}#searches"${current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`;
}

const NO_DATA = '<p class="meta">No searches in this period.</p>';
const queryCell = (row: QueryStats) => `<td class="query">${escapeHtml(row.query)}</td>`;

function renderTop(rows: QueryStats[]): string {
  if (rows.length === 0) return NO_DATA;
  const cells = rows.map((row) => {
    const rates = [formatPercent(row.clickThroughRate), formatNumber(row.averageClickPosition), formatPercent(row.conversionRate)];
    return `<tr>${queryCell(row)}<td>${formatNumber(row.searches)}</td>${rates.map((rate) => `<td>${rate}</td>`).join('')}</tr>`;
  });
  return table(['Query', 'Searches', 'Click-through rate', 'Average click position', 'Conversion rate'], cells, 'Top searches');
}

/** With a live space, each query links to the space's entries; `noreferrer`, since a bookmarked page's URL carries the token. */
function renderNoResults(rows: QueryStats[], entriesUrl: string | undefined): string {
  if (rows.length === 0) return '<p class="meta">None in this period.</p>';
  const cells = rows.map((row) => {
    const label = escapeHtml(`Create an entry for “${row.query}” in Contentful`);
    const attributes = `href="${escapeHtml(entriesUrl ?? '')}" rel="noreferrer noopener" target="_blank" aria-label="${label}"`;
    const create = entriesUrl ? `<td><a ${attributes}>Create an entry</a></td>` : '';
    return `<tr>${queryCell(row)}<td>${formatNumber(row.noResults)}</td>${create}</tr>`;
  });
  return table(['Query', 'Searches without results', ...(entriesUrl ? ['In Contentful'] : [])], cells, 'Searches without results');
}

function renderNoClicks(rows: QueryStats[]): string {
  if (rows.length === 0) return '<p class="meta">None in this period.</p>';
  const cells = rows.map((row) => `<tr>${queryCell(row)}<td>${formatNumber(row.searches - row.noResults)}</td></tr>`);
  return table(['Query', 'Searches'], cells, 'Searches without clicks');
}
