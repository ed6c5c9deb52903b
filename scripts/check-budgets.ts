/**
 * `npm run check:budgets` (CI, right after the build): the article page's first-load JS and CSS against
 * their gzip budgets (numbers and method: docs/budgets.md), resolved by the server's own resolver
 * (server/ssr/assets.ts), and the code splitting they rely on, read from each chunk's source map.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { CLIENT_ENTRY, createManifestAssets } from '#server/ssr/assets.ts';

/** Every budget in one place, in bytes of gzip level 9: JS is entry + article chunk + static imports + insights scripts. */
export const BUDGETS = { articleFirstLoadJsGzip: 110 * 1024, articleFirstLoadCssGzip: 20 * 1024 } as const;

export type Budgets = { readonly [K in keyof typeof BUDGETS]: number };

/** The article route's `handle.chunk` in client/routes.tsx. */
export const ARTICLE_CHUNK = 'client/pages/article/article-page.tsx';

/**
 * Code that loads only on demand: a chunk holding a `source` module (the libraries, search's connected widgets
 * and page) must not be in the first load; the rest of the `feature` folder (its eager shell) may be, and is listed.
 */
export const LAZY_ONLY = [
  {
    name: '3D viewer (three, @react-three)',
    source: /(^|\/)node_modules\/(three[^/]*|@react-three\/[^/]+)\//,
    feature: /^client\/features\/model-viewer\//,
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

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
}

type SizedFile = ReturnType<typeof sized>;
/** First-load files and totals; per LAZY_ONLY rule its chunks, those in the first load (as import paths) and the eager shell; failures. */
export type BudgetReport = ReturnType<typeof checkBudgets>;

/** The root source-map paths are relative to, Vite's client output (with `.vite/manifest.json`) and the insights scripts. */
export interface BuildDirs {
  root: string;
  clientDir: string;
  insightsDir: string;
}

function sized(path: string, file: string, role: 'entry' | 'chunk' | 'insights' | 'css') {
  const bytes = readFileSync(path);
  return { file, role, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Repo-relative module paths in a chunk's source map, or undefined without a map. */
function readSources(dirs: BuildDirs, chunk: ManifestChunk): string[] | undefined {
  const mapPath = join(dirs.clientDir, `${chunk.file}.map`);
  if (!existsSync(mapPath)) return undefined;
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources?: string[]; sourceRoot?: string };
  const base = resolve(dirname(mapPath), map.sourceRoot ?? '');
  return (map.sources ?? []).map((source) => relative(dirs.root, resolve(base, source)).split('\\').join('/'));
}

/** The chain of static imports from the entry or the page chunk to `target` (breadth first), for the error message. */
function importPath(manifest: Record<string, ManifestChunk>, target: string): string {
  const parent = new Map<string, string | null>([CLIENT_ENTRY, ARTICLE_CHUNK].map((start) => [start, null]));
  const queue = [CLIENT_ENTRY, ARTICLE_CHUNK];
  for (let key = queue.shift(); key !== undefined && key !== target; key = queue.shift()) {
    for (const next of (manifest[key]?.imports ?? []).filter((n) => !parent.has(n))) {
      parent.set(next, key);
      queue.push(next);
    }
  }
  const chain: string[] = [];
  for (let key: string | null | undefined = target; key; key = parent.get(key)) chain.unshift(key);
  return chain.join(' -> ');
}

/** Measures the article page's first load and checks it against `budgets`. Reads the build; writes nothing. */
export function checkBudgets(dirs: BuildDirs, budgets: Budgets = BUDGETS) {
  const failures: string[] = [];
  const manifestPath = join(dirs.clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[ARTICLE_CHUNK]) failures.push(`the manifest has no ${ARTICLE_CHUNK}: did the article route's handle.chunk change?`);

  // 1. The same resolution the server uses for the page's <head>.
  const assets = createManifestAssets(dirs.clientDir).forChunks([ARTICLE_CHUNK]);
  const strip = (url: string) => url.replace(/^\//, '');
  const built = (role: SizedFile['role']) => (url: string) => sized(join(dirs.clientDir, strip(url)), strip(url), role);
  const js = [...assets.bootstrapModules.map(built('entry')), ...assets.modulePreloads.map(built('chunk'))];
  const css = assets.stylesheets.map(built('css'));

  // 2. The insights scripts are in every page's <head> by default (INSIGHTS_ENABLED, docs/decisions/006-insights.md).
  //    Not the web-vitals module: the speed-insights script imports it after the `load` event.
  if (existsSync(dirs.insightsDir)) {
    for (const name of readdirSync(dirs.insightsDir)
      .filter((n) => n.endsWith('.js') && n !== 'speed-insights-vitals.js')
      .sort())
      js.push(sized(join(dirs.insightsDir, name), `insights/${name}`, 'insights'));
  } else {
    failures.push(`${dirs.insightsDir} is missing: the build writes the insights scripts there`);
  }

  const totals = { js: sum(js), css: sum(css) };
  for (const [label, total, budget] of [
    ['JS', totals.js, budgets.articleFirstLoadJsGzip],
    ['CSS', totals.css, budgets.articleFirstLoadCssGzip],
  ] as const)
    if (total > budget) failures.push(`article first-load ${label} is ${kb(total)} gzip, over the ${kb(budget)} budget by ${kb(total - budget)}`);

  // 3. Viewer and search code: in chunks of their own, none of them reached by static imports.
  const firstLoad = new Set(js.map((f) => f.file));
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.file.endsWith('.js'));
  const sourcesByKey = new Map(keys.map((key) => [key, readSources(dirs, manifest[key]!)]));
  if (keys.length > 0 && [...sourcesByKey.values()].every((s) => s === undefined))
    failures.push('no chunk has a source map, so the split check cannot see what the chunks hold (keep build.sourcemap on in vite.config.ts)');
  const lazyOnly = LAZY_ONLY.map((rule) => {
    const holding = keys.filter((key) => {
      const chunk = manifest[key]!;
      return [chunk.src ?? '', ...(sourcesByKey.get(key) ?? [])].some((source) => rule.source.test(source));
    });
    const inFirstLoad = holding.filter((key) => firstLoad.has(manifest[key]!.file)).map((key) => importPath(manifest, key));
    for (const path of inFirstLoad) {
      const heavy = (sourcesByKey.get(path.split(' -> ').at(-1) ?? '') ?? []).filter((source) => rule.source.test(source)).slice(0, 3);
      failures.push(`${rule.name} code is in the article page's first load: ${path} (holds ${heavy.join(', ')}); load it with import()`);
    }
    if (rule.mustExist && holding.length === 0)
      failures.push(`found no chunk with ${rule.name} code; if it moved, update LAZY_ONLY in scripts/check-budgets.ts`);
    const shell = keys
      .filter((key) => firstLoad.has(manifest[key]!.file))
      .flatMap((key) => sourcesByKey.get(key) ?? [])
      .filter((source) => rule.feature.test(source) && !rule.source.test(source));
    return { name: rule.name, chunks: holding.map((key) => manifest[key]!.file), inFirstLoad, shell };
  });

  return { js, css, totals, lazyOnly, failures };
}

const sum = (files: SizedFile[]) => files.reduce((total, f) => total + f.gzip, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report as the readable table CI prints. */
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
