// docs/budgets.md. First loads are resolved by the server's own resolver; chunk contents are read from source maps.
import { join } from 'node:path';

import { CLIENT_ENTRY } from '#server/ssr/assets.ts';

import { firstLoad, importPath, insightsScripts, kb, overBudget, readManifest, readSources, sum } from './budgets/build-files.ts';
import { checkViewer, MODEL_CHUNK, THREE, VIEWER_CHUNK, VIEWER_SHELL } from './budgets/viewer.ts';

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

/** The article route's `handle.chunk` in client/routes.tsx. */
export const ARTICLE_CHUNK = 'client/pages/article/article-page.tsx';

/** A chunk holding a `source` module must not be in the first load; the rest of `feature` (its eager shell) may be. */
export const LAZY_ONLY = [
  {
    name: '3D viewer (three, @react-three, client/features/model-viewer/)',
    source: new RegExp(`${THREE.source}|${VIEWER_SHELL.source}`),
    feature: VIEWER_SHELL,
    mustExist: true,
  },
  {
    name: 'search (Algolia, InstantSearch, search widgets and page)',
    source: new RegExp(
      String.raw`^client/features/search/widgets/|^client/pages/search/(?!search\.server\.ts$)|` +
        String.raw`(^|/)node_modules/(algoliasearch[^/]*|@algolia/[^/]+|instantsearch[^/]*|react-instantsearch[^/]*|search-insights)/`,
    ),
    feature: /^client\/features\/search\//,
    mustExist: true,
  },
] as const;

export type BudgetReport = ReturnType<typeof checkBudgets>;

export function checkBudgets(dirs: BuildDirs, budgets: Budgets = BUDGETS) {
  const failures: string[] = [];
  const manifest = readManifest(dirs);
  if (!manifest[ARTICLE_CHUNK]) failures.push(`the manifest has no ${ARTICLE_CHUNK}: did the article route's handle.chunk change?`);

  const insights = insightsScripts(dirs, failures);
  const article = firstLoad(dirs, ARTICLE_CHUNK);
  const [js, css] = [[...article.js, ...insights], article.css];

  const totals = { js: sum(js), css: sum(css) };
  overBudget(failures, 'article first-load JS', totals.js, budgets.articleFirstLoadJsGzip);
  overBudget(failures, 'article first-load CSS', totals.css, budgets.articleFirstLoadCssGzip);

  const inArticle = new Set(js.map((f) => f.file));
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.file.endsWith('.js'));
  const sourcesByKey = new Map(keys.map((key) => [key, readSources(dirs, manifest[key]!)]));
  if (keys.length > 0 && [...sourcesByKey.values()].every((s) => s === undefined))
    failures.push('no chunk has a source map, so the split check cannot see what the chunks hold (keep build.sourcemap on in vite.config.ts)');
  const lazyOnly = LAZY_ONLY.map((rule) => {
    const holding = keys.filter((key) => {
      const chunk = manifest[key]!;
      return [chunk.src ?? '', ...(sourcesByKey.get(key) ?? [])].some((source) => rule.source.test(source));
    });
    const inFirstLoad = holding.filter((key) => inArticle.has(manifest[key]!.file)).map((key) => importPath(manifest, [CLIENT_ENTRY, ARTICLE_CHUNK], key));
    for (const path of inFirstLoad) {
      const heavy = (sourcesByKey.get(path.split(' -> ').at(-1) ?? '') ?? []).filter((source) => rule.source.test(source)).slice(0, 3);
      failures.push(`${rule.name} code is in the article page's first load: ${path} (holds ${heavy.join(', ')}); load it with import()`);
    }
    if (rule.mustExist && holding.length === 0)
      failures.push(`found no chunk with ${rule.name} code; if it moved, update LAZY_ONLY in scripts/check-budgets.ts`);
    const shell = keys
      .filter((key) => inArticle.has(manifest[key]!.file))
      .flatMap((key) => sourcesByKey.get(key) ?? [])
      .filter((source) => rule.feature.test(source) && !rule.source.test(source));
    return { name: rule.name, chunks: holding.map((key) => manifest[key]!.file), inFirstLoad, shell };
  });

  const viewer = checkViewer({ dirs, manifest, sourcesByKey, insights, articleChunk: ARTICLE_CHUNK }, budgets);
  return { js, css, totals, lazyOnly, viewer, failures: [...failures, ...viewer.failures] };
}

export function formatReport(report: BudgetReport, budgets: Budgets = BUDGETS): string {
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
