import { escapeHtml, formatNumber, renderBarChart, renderLineChart } from './svg-charts.ts';
import { VITAL_NAMES, VITAL_THRESHOLDS } from './vitals.ts';

import type { InsightsSummary } from './store/insights-store.ts';
import type { VitalName } from './vitals.ts';
import type { SearchSummary, VitalsSummary, WindowName, WindowSummary } from './window-summary.ts';

const WINDOW_TITLES: Record<WindowName, string> = { hour: 'Last hour', day: 'Last 24 hours', week: 'Last 7 days', month: 'Last 30 days' };
const BUCKET_NAMES: Record<WindowName, string> = { hour: 'minute', day: 'hour', week: 'day', month: 'day' };
const UNITS: Record<VitalName, string> = { LCP: ' ms', INP: ' ms', CLS: '', FCP: ' ms', TTFB: ' ms' };

const STYLE = `
:root{color-scheme:light;--ink:#1c1c1e;--muted:#6b6b70;--line:#e4e2dd;--accent:#3346d3;--good:#0b7a3e;--ni:#a15c00;--poor:#b3261e}
*{box-sizing:border-box}body{font:15px/1.5 system-ui,sans-serif;color:var(--ink);background:#f6f5f2;margin:0}
main{max-width:64rem;margin:0 auto;padding:2rem 1.25rem 4rem}h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:2.5rem 0 .75rem}
h3{font-size:.95rem;margin:1.25rem 0 .25rem;color:var(--muted);font-weight:600}p.meta{color:var(--muted);margin:0}
.cards{margin-top:.75rem;display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem}.card{background:#fff;border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem}
.card b{display:block;font-size:1.4rem}.card span{color:var(--muted);font-size:.85rem}
.good{color:var(--good)}.needs-improvement{color:var(--ni)}.poor{color:var(--poor)}
.chart{width:100%;height:auto;background:#fff;border:1px solid var(--line);border-radius:8px}
.chart .bar{fill:var(--accent)}.chart .line{fill:none;stroke:var(--accent);stroke-width:2}.chart .dot{fill:var(--accent)}
.chart .axis{stroke:var(--line)}.chart .tick{font-size:10px;fill:var(--muted)}
.chart line.good{stroke:var(--good);stroke-dasharray:4 4}.chart line.poor{stroke:var(--poor);stroke-dasharray:4 4}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid var(--line);border-radius:8px;font-variant-numeric:tabular-nums}
th,td{text-align:right;padding:.4rem .6rem;border-bottom:1px solid var(--line)}th:first-child,td:first-child{text-align:left}
th{font-size:.8rem;color:var(--muted);font-weight:600}td small{color:var(--muted)}code{font-size:.9em}
`;

/**
 * The operator dashboard at `<base>/dashboard`: the summary as one
 * server-rendered page with inline SVG charts. No scripts (the CSP would
 * refuse inline ones anyway) and no external assets.
 */
/** The dashboard document; `nonce` is the request's CSP nonce (the page policy allows no inline style without it). */
export function renderDashboardPage(summary: InsightsSummary, nonce: string): string {
  const sections = (Object.keys(WINDOW_TITLES) as WindowName[]).map((name) => renderWindow(WINDOW_TITLES[name], name, summary.windows[name])).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Insights · Vitrine</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head><body><main><h1>Insights</h1><p class="meta">Page views, the 75th percentile of each Web Vital per route, and search interactions. ${escapeHtml(describeStore(summary))} Generated ${escapeHtml(formatTime(summary.generatedAt))}.</p>${sections}</main></body></html>`;
}

function renderWindow(title: string, name: WindowName, window: WindowSummary): string {
  const labels = window.series.map((bucket) => bucketLabel(bucket.start, name));
  const cards = [
    `<div class="card"><b>${formatNumber(window.views)}</b><span>page views</span></div>`,
    ...VITAL_NAMES.map((vital) => renderVitalCard(vital, window.vitals)),
  ].join('');
  const views = renderBarChart(
    window.series.map((bucket) => bucket.views),
    { label: `Page views per ${BUCKET_NAMES[name]}, ${title.toLowerCase()}`, labels },
  );
  const lcp = renderLineChart(
    window.series.map((bucket) => bucket.p75.LCP ?? null),
    { label: `LCP p75 per ${BUCKET_NAMES[name]}, ${title.toLowerCase()}`, labels, thresholds: VITAL_THRESHOLDS.LCP, unit: ' ms' },
  );
  return `<section aria-labelledby="w-${name}"><h2 id="w-${name}">${escapeHtml(title)}</h2><p class="meta">${escapeHtml(formatTime(window.from))} to ${escapeHtml(formatTime(window.to))}</p><div class="cards">${cards}</div><h3>Page views</h3>${views}<h3>Largest Contentful Paint, p75</h3>${lcp}<h3>Routes</h3>${renderRouteTable(window)}<h3>Search</h3>${renderSearch(window.search)}</section>`;
}

function renderVitalCard(name: VitalName, vitals: VitalsSummary): string {
  const vital = vitals[name];
  if (!vital) return `<div class="card"><b>–</b><span>${name} p75, no samples</span></div>`;
  return `<div class="card"><b class="${vital.rating}">${formatNumber(vital.p75)}${UNITS[name]}</b><span>${name} p75, ${formatNumber(vital.count)} samples</span></div>`;
}

function renderRouteTable(window: WindowSummary): string {
  if (window.routes.length === 0) return '<p class="meta">No data yet.</p>';
  const head = `<tr><th scope="col">Route</th><th scope="col">Views</th>${VITAL_NAMES.map((name) => `<th scope="col">${name} p75</th>`).join('')}</tr>`;
  const rows = window.routes
    .map((route) => {
      const cells = VITAL_NAMES.map((name) => {
        const vital = route.vitals[name];
        return vital ? `<td class="${vital.rating}">${formatNumber(vital.p75)}${UNITS[name]} <small>(${formatNumber(vital.count)})</small></td>` : '<td>–</td>';
      }).join('');
      return `<tr><td><code>${escapeHtml(route.route)}</code></td><td>${formatNumber(route.views)}</td>${cells}</tr>`;
    })
    .join('');
  return `<table><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

function renderSearch(search: SearchSummary): string {
  const position = search.averageClickPosition === null ? '–' : formatNumber(search.averageClickPosition);
  const cards = [
    `<div class="card"><b>${formatNumber(search.views)}</b><span>results viewed</span></div>`,
    `<div class="card"><b>${formatNumber(search.clicks)}</b><span>results clicked</span></div>`,
    `<div class="card"><b>${formatNumber(search.conversions)}</b><span>conversions</span></div>`,
    `<div class="card"><b>${position}</b><span>average click position</span></div>`,
  ].join('');
  if (search.topClicked.length === 0) return `<div class="cards">${cards}</div>`;
  const rows = search.topClicked
    .map((hit) => `<tr><td><code>${escapeHtml(hit.objectID)}</code> <small>${escapeHtml(hit.index)}</small></td><td>${formatNumber(hit.clicks)}</td></tr>`)
    .join('');
  const head = '<tr><th scope="col">Object</th><th scope="col">Clicks</th></tr>';
  return `<div class="cards">${cards}</div><h3>Most clicked results</h3><table><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

function describeStore({ store }: InsightsSummary): string {
  const where = store.kind === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const dropped = store.dropped > 0 ? ` ${formatNumber(store.dropped)} events could not be stored since this process started.` : '';
  return `Stored in ${where}, kept ${formatNumber(store.retentionDays)} days.${dropped}`;
}

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function bucketLabel(iso: string, name: WindowName): string {
  const time = iso.slice(11, 16);
  if (name === 'hour') return `${time} UTC`;
  return name === 'day' ? `${iso.slice(5, 10)} ${time} UTC` : iso.slice(0, 10);
}
