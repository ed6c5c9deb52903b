import escapeHtml from 'escape-html';

import { VITAL_NAMES } from '#shared/insights.ts';

import { card, formatNumber, formatTime, table, WINDOW_TITLES } from './dashboard-html.ts';
import { renderSearchesSection, SEARCHES_STYLE } from './dashboard-searches.ts';
import { getVitalRating } from './summary.ts';

import type { VitalName } from '#shared/insights.ts';
import type { DashboardView } from './dashboard-searches.ts';
import type { InsightsSummary } from './store/store.ts';
import type { SearchSummary, WindowSummary } from './store/window-query.ts';
import type { VitalsSummary, WindowName } from './summary.ts';

const BUCKET_NAMES: Record<WindowName, string> = { hour: 'minute', day: 'hour', week: 'day', month: 'day' };
const UNITS: Record<VitalName, string> = { LCP: ' ms', INP: ' ms', CLS: '', FCP: ' ms', TTFB: ' ms' };

const STYLE = `
:root{color-scheme:light;--ink:#1c1c1e;--muted:#6b6b70;--line:#e4e2dd;--accent:#3346d3;--good:#0b7a3e;--ni:#a15c00;--poor:#b3261e}*{box-sizing:border-box}
body{font:15px/1.5 system-ui,sans-serif;color:var(--ink);background:#f6f5f2;margin:0}main{max-width:64rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:2.5rem 0 .75rem}
h3{font-size:.95rem;margin:1.25rem 0 .25rem;color:var(--muted);font-weight:600}p.meta{color:var(--muted);margin:0}
.cards{margin-top:.75rem;display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem}
.card{background:#fff;border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem}.card b{display:block;font-size:1.4rem}
.card span{color:var(--muted);font-size:.85rem}.good{color:var(--good)}.needs-improvement{color:var(--ni)}.poor{color:var(--poor)}
details{margin-top:1.25rem}summary{cursor:pointer;color:var(--muted);font-weight:600}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid var(--line);border-radius:8px;font-variant-numeric:tabular-nums}
th,td{text-align:right;padding:.4rem .6rem;border-bottom:1px solid var(--line)}th:first-child,td:first-child{text-align:left}
th{font-size:.8rem;color:var(--muted);font-weight:600}td small{color:var(--muted)}code{font-size:.9em}
`;

/** No scripts and no external assets. The page policy allows no inline style without the CSP `nonce`. */
export function renderDashboardPage(summary: InsightsSummary, nonce: string, view: DashboardView): string {
  const windows = (Object.keys(WINDOW_TITLES) as WindowName[]).map((name) => renderWindow(name, summary.windows[name])).join('');
  const sections = renderSearchesSection(summary, view) + windows;
  const intro = 'What visitors search for, page views, the 75th percentile of each Web Vital per route, and search interactions.';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Insights · Vitrine</title>',
    `<style nonce="${escapeHtml(nonce)}">${STYLE}${SEARCHES_STYLE}</style></head><body><main><h1>Insights</h1>`,
    `<p class="meta">${intro} ${escapeHtml(describeStore(summary))} Generated ${formatTime(summary.generatedAt)}.</p>`,
    `${sections}</main></body></html>`,
  ].join('');
}

function renderWindow(name: WindowName, window: WindowSummary): string {
  const title = WINDOW_TITLES[name];
  const cards = [card(formatNumber(window.views), 'page views'), ...VITAL_NAMES.map((vital) => renderVitalCard(vital, window.vitals))].join('');
  const per = `Page views and LCP p75 per ${BUCKET_NAMES[name]}`;
  const rows = window.series.map(
    (bucket) => `<tr><td>${bucketLabel(bucket.start, name)}</td><td>${formatNumber(bucket.views)}</td>${vitalCell('LCP', bucket.p75.LCP)}</tr>`,
  );
  return [
    `<section aria-labelledby="w-${name}"><h2 id="w-${name}">${title}</h2>`,
    `<p class="meta">${formatTime(window.from)} to ${formatTime(window.to)}</p><div class="cards">${cards}</div>`,
    `<details><summary>${per}</summary>${table(['Start', 'Views', 'LCP p75'], rows, `${per}, ${title.toLowerCase()}`)}</details>`,
    `<h3>Routes</h3>${renderRouteTable(window)}<h3>Search</h3>${renderSearch(window.search)}</section>`,
  ].join('');
}

/** `–` without samples. */
function vitalCell(name: VitalName, p75: number | undefined, after = ''): string {
  return p75 === undefined ? '<td>–</td>' : `<td class="${getVitalRating(name, p75)}">${formatNumber(p75)}${UNITS[name]}${after}</td>`;
}

function renderVitalCard(name: VitalName, vitals: VitalsSummary): string {
  const vital = vitals[name];
  if (!vital) return card('–', `${name} p75, no samples`);
  return card(`${formatNumber(vital.p75)}${UNITS[name]}`, `${name} p75, ${formatNumber(vital.count)} samples`, vital.rating);
}

function renderRouteTable(window: WindowSummary): string {
  if (window.routes.length === 0) return '<p class="meta">No data yet.</p>';
  const rows = window.routes.map((route) => {
    const cells = VITAL_NAMES.map((name) => {
      const vital = route.vitals[name];
      return vitalCell(name, vital?.p75, vital && ` <small>(${formatNumber(vital.count)})</small>`);
    });
    return `<tr><td><code>${escapeHtml(route.route)}</code></td><td>${formatNumber(route.views)}</td>${cells.join('')}</tr>`;
  });
  return table(['Route', 'Views', ...VITAL_NAMES.map((name) => `${name} p75`)], rows);
}

function renderSearch(search: SearchSummary): string {
  const cards = [
    card(formatNumber(search.views), 'results viewed'),
    card(formatNumber(search.clicks), 'results clicked'),
    card(formatNumber(search.conversions), 'conversions'),
    card(formatNumber(search.averageClickPosition), 'average click position'),
  ].join('');
  if (search.topClicked.length === 0) return `<div class="cards">${cards}</div>`;
  const rows = search.topClicked.map(
    (hit) => `<tr><td><code>${escapeHtml(hit.objectID)}</code> <small>${escapeHtml(hit.index)}</small></td><td>${formatNumber(hit.clicks)}</td></tr>`,
  );
  return `<div class="cards">${cards}</div><h3>Most clicked results</h3>${table(['Object', 'Clicks'], rows)}`;
}

function describeStore({ store }: InsightsSummary): string {
  const where = store.kind === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const dropped = store.dropped > 0 ? ` ${formatNumber(store.dropped)} events could not be stored since this process started.` : '';
  return `Stored in ${where}, kept ${formatNumber(store.retentionDays)} days.${dropped}`;
}

function bucketLabel(iso: string, name: WindowName): string {
  const time = iso.slice(11, 16);
  if (name === 'hour') return `${time} UTC`;
  return name === 'day' ? `${iso.slice(5, 10)} ${time} UTC` : iso.slice(0, 10);
}
