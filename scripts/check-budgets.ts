// docs/budgets.md. First loads are resolved by the server's own resolver; chunk contents are read from source maps.
import { join } from 'node:path';

import { CLIENT_ENTRY } from '#server/ssr/assets.ts';

import { firstLoad, importPath, insightsScripts, kb, overBudget, readManifest, readSources, sized, staticClosure, sum } from './budgets/build-files.ts';

import type { BuildDirs } from './budgets/build-files.ts';

/** Gzip level 9 bytes; a first load is entry + page chunk + static imports + insights scripts. */
export const BUDGETS = {
  articleFirstLoadJsGzip: 110 * 1024,
  articleFirstLoadCssGzip: 20 * 1024,
  /** 114.4 KB on fa79c37 (2026-11-26), plus 4.6 KB for the viewer's shell: swatches, hotspot list, AR, share and measure controls. */
  modelFirstLoadJsGzip: 119 * 1024,
  /** 311,494 B (304.2 KB) on fa79c37, plus 25 KB allowed for variants, hotspots and measurements (AR loads on its own; docs/budgets.md). */
  viewerLazyJsGzip: 311_494 + 25 * 1024,
} as const;

export type Budgets = { readonly [K in keyof typeof BUDGETS]: number };

/** The routes' `handle.chunk` in client/routes.tsx. */
export const ARTICLE_CHUNK = 'client/pages/article/article-page.tsx';
export const MODEL_CHUNK = 'client/pages/model/model-page.tsx';
/** They show a model at the top, so they load the viewer's shell (no three.js) with the page. */
const SHELL_PAGES = [MODEL_CHUNK, 'client/pages/embed/embed-page.tsx'];
/** The viewer's lazy boundary (ADR 031). */
export const VIEWER_CHUNK = 'client/features/model-viewer/viewer-canvas.tsx';
const VIEWER_SHELL = /^client\/features\/model-viewer\//;
const THREE = /(^|\/)node_modules\/(three[^/]*|@react-three\/[^/]+)\//;
/** ADR 047. Not three's core WebXRManager, which every renderer holds. */
const AR_CODE = /^client\/features\/model-viewer\/ar\/|(^|\/)node_modules\/three\/examples\/jsm\/(exporters\/USDZExporter\.js|webxr\/)/;

/** A chunk holding a `source` module must not be in the article's first load; the rest of `feature` (its eager shell) may be. */
const LAZY_ONLY = [
  {
    name: '3D viewer (three, @react-three, client/features/model-viewer/)',
    source: new RegExp(`${THREE.source}|${VIEWER_SHELL.source}`),
    feature: VIEWER_SHELL,
  },
  {
    name: 'search (Algolia, InstantSearch, search widgets and page)',
    source: new RegExp(
      String.raw`^client/features/search/widgets/|^client/pages/search/(?!search\.server\.ts$)|` +
        String.raw`(^|/)node_modules/(algoliasearch[^/]*|@algolia/[^/]+|instantsearch[^/]*|react-instantsearch[^/]*|search-insights)/`,
    ),
    feature: /^client\/features\/search\//,
  },
];

export function checkBudgets(dirs: BuildDirs, budgets: Budgets = BUDGETS) {
  const failures: string[] = [];
  const manifest = readManifest(dirs);
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.file.endsWith('.js'));
  const sourcesByKey = new Map(keys.map((key) => [key, readSources(dirs, manifest[key]!)]));
  if (keys.length > 0 && [...sourcesByKey.values()].every((s) => s === undefined))
    failures.push('no chunk has a source map, so the split check cannot see what the chunks hold (keep build.sourcemap on in vite.config.ts)');
  /** The modules of chunk `key` that match a pattern. */
  const holding = (key: string, ...patterns: RegExp[]) =>
    [...new Set([manifest[key]?.src ?? '', ...(sourcesByKey.get(key) ?? [])])].filter((source) => patterns.some((pattern) => pattern.test(source)));
  const needChunk = (key: string, hint: string) => manifest[key] !== undefined || !failures.push(`the manifest has no ${key}: ${hint}`);

  needChunk(ARTICLE_CHUNK, "did the article route's handle.chunk change?");
  const insights = insightsScripts(dirs, failures);
  const article = firstLoad(dirs, ARTICLE_CHUNK);
  const [js, css] = [[...article.js, ...insights], article.css];
  const totals = { js: sum(js), css: sum(css) };
  overBudget(failures, 'article first-load JS', totals.js, budgets.articleFirstLoadJsGzip);
  overBudget(failures, 'article first-load CSS', totals.css, budgets.articleFirstLoadCssGzip);

  const inArticle = keys.filter((key) => js.some((f) => f.file === manifest[key]!.file));
  const lazyOnly = LAZY_ONLY.map((rule) => {
    const holds = keys.filter((key) => holding(key, rule.source).length > 0);
    const inFirstLoad = holds.filter((key) => inArticle.includes(key)).map((key) => importPath(manifest, [CLIENT_ENTRY, ARTICLE_CHUNK], key));
    for (const path of inFirstLoad) {
      const heavy = holding(path.split(' -> ').at(-1) ?? '', rule.source).slice(0, 3);
      failures.push(`${rule.name} code is in the article page's first load: ${path} (holds ${heavy.join(', ')}); load it with import()`);
    }
    if (holds.length === 0) failures.push(`found no chunk with ${rule.name} code; if it moved, update LAZY_ONLY in scripts/check-budgets.ts`);
    const shell = inArticle.flatMap((key) => holding(key, rule.feature).filter((source) => !rule.source.test(source)));
    return { name: rule.name, chunks: holds.map((key) => manifest[key]!.file), inFirstLoad, shell };
  });

  const modelJs = needChunk(MODEL_CHUNK, "did the model route's handle.chunk change?") ? [...firstLoad(dirs, MODEL_CHUNK).js, ...insights] : [];
  overBudget(failures, 'model page first-load JS', sum(modelJs), budgets.modelFirstLoadJsGzip);
  // What "View in 3D" downloads: the lazy chunk and its static imports the model page has not loaded.
  const hasViewer = needChunk(VIEWER_CHUNK, "if the viewer's lazy boundary moved, update VIEWER_CHUNK");
  const viewerClosure = hasViewer ? staticClosure(manifest, [VIEWER_CHUNK]) : new Map<string, string | null>();
  const viewerJs = [...viewerClosure.keys()]
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => file.endsWith('.js') && !modelJs.some((f) => f.file === file))
    .map((file) => sized(join(dirs.clientDir, file), file, 'chunk'));
  overBudget(failures, "the viewer's lazy chunk", sum(viewerJs), budgets.viewerLazyJsGzip);

  const arKeys = Object.keys(manifest).filter((key) => holding(key, AR_CODE).length > 0);
  if (arKeys.length === 0) failures.push('found no chunk with AR code (client/features/model-viewer/ar/, USDZExporter); if it moved, update AR_CODE');
  for (const key of arKeys.filter((k) => viewerClosure.has(k))) {
    const held = holding(key, AR_CODE).slice(0, 3).join(', ');
    failures.push(`AR code loads with the viewer: ${importPath(manifest, [VIEWER_CHUNK], key)} (holds ${held}); load it with import() on press`);
  }
  // The article page is covered by LAZY_ONLY.
  const pages = Object.keys(manifest).filter((key) => key.startsWith('client/pages/') && manifest[key]?.isDynamicEntry && key !== ARTICLE_CHUNK);
  for (const page of pages) {
    const forbidden = SHELL_PAGES.includes(page) ? [THREE, AR_CODE] : [THREE, AR_CODE, VIEWER_SHELL];
    for (const key of staticClosure(manifest, [CLIENT_ENTRY, page]).keys()) {
      const held = holding(key, ...forbidden).slice(0, 3);
      if (held.length > 0)
        failures.push(`${page}'s first load holds viewer code: ${importPath(manifest, [CLIENT_ENTRY, page], key)} (holds ${held.join(', ')})`);
    }
  }

  const viewer = { modelFirstLoad: { js: modelJs, total: sum(modelJs) }, viewerLazy: { js: viewerJs, total: sum(viewerJs) } };
  return { js, css, totals, lazyOnly, viewer: { ...viewer, arChunks: arKeys.map((key) => manifest[key]?.file ?? key) }, failures };
}

export function formatReport(report: ReturnType<typeof checkBudgets>, budgets: Budgets = BUDGETS): string {
  const row = (cells: string[]) =>
    `${(cells[0] ?? '').padEnd(52)}${(cells[1] ?? '').padEnd(10)}${(cells[2] ?? '').padStart(11)}${(cells[3] ?? '').padStart(11)}`;
  const verdict = (total: number, budget: number) => `${kb(total)} of ${kb(budget)} ${total <= budget ? 'ok' : 'OVER BUDGET'}`;
  const lines = [`article page first load (${CLIENT_ENTRY} + ${ARTICLE_CHUNK} + static imports)`, row(['file', 'role', 'raw', 'gzip'])];
  for (const f of [...report.js, ...report.css]) lines.push(row([f.file, f.role, kb(f.raw), kb(f.gzip)]));
  lines.push(
    '',
    `JS  (gzip -9, insights scripts included): ${verdict(report.totals.js, budgets.articleFirstLoadJsGzip)}`,
    `CSS (gzip -9):                            ${verdict(report.totals.css, budgets.articleFirstLoadCssGzip)}`,
    '',
    'loaded only on demand',
  );
  for (const rule of report.lazyOnly) {
    const verdict = rule.chunks.length === 0 ? 'no chunk in this build' : rule.inFirstLoad.length === 0 ? 'ok, not in the first load' : 'IN FIRST LOAD';
    lines.push(`  ${rule.name}: ${verdict}`);
    if (rule.chunks.length > 0) lines.push(`    chunks: ${rule.chunks.join(', ')}`);
    if (rule.shell.length > 0) lines.push(`    eager shell in the first load (allowed, counted above): ${rule.shell.join(', ')}`);
  }
  const { modelFirstLoad, viewerLazy, arChunks } = report.viewer;
  lines.push(
    '',
    `model page first-load JS (${MODEL_CHUNK} + static imports + insights): ${verdict(modelFirstLoad.total, budgets.modelFirstLoadJsGzip)}`,
    `viewer's lazy chunk (${VIEWER_CHUNK} + imports the model page lacks): ${verdict(viewerLazy.total, budgets.viewerLazyJsGzip)}`,
    ...viewerLazy.js.map((f) => `  ${row([f.file, f.role, kb(f.raw), kb(f.gzip)])}`),
    `AR, loaded on press: ${arChunks.length > 0 ? arChunks.join(', ') : 'no chunk in this build'}`,
  );
  return lines.join('\n');
}

if (import.meta.main) {
  const root = process.cwd();
  const report = checkBudgets({ root, clientDir: join(root, 'dist/client'), insightsDir: join(root, 'dist/insights') });
  process.stdout.write(`${formatReport(report)}\n`);
  if (report.failures.length > 0) {
    process.stderr.write(`\nbudget check failed (docs/budgets.md):\n${report.failures.map((f) => `  - ${f}`).join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write('\nbudgets ok\n');
}
