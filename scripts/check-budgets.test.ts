import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ARTICLE_CHUNK, BUDGETS, checkBudgets, formatReport } from './check-budgets.ts';

import type { BuildDirs } from './check-budgets.ts';

/**
 * A tiny fake build: the entry and the article page share a static chunk,
 * the article page imports the viewer wrapper, the wrapper reaches the
 * three.js chunk only through import(), and so does the entry the search box.
 * Source maps say what each chunk holds.
 */
interface FakeChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  /** Repo-relative modules for the chunk's source map; no map when omitted. */
  sources?: string[];
}

const BASE_MANIFEST: Record<string, FakeChunk> = {
  'client/entry.client.tsx': {
    file: 'assets/entry.client-a1.js',
    src: 'client/entry.client.tsx',
    imports: ['_shared-b2.js'],
    dynamicImports: [ARTICLE_CHUNK, 'client/features/search/widgets/header-search-box.tsx'],
    css: ['assets/entry-c3.css'],
    sources: ['node_modules/react-dom/cjs/react-dom-client.production.js', 'client/entry.client.tsx'],
  },
  '_shared-b2.js': { file: 'assets/shared-b2.js', sources: ['node_modules/react-router/dist/production/index.js'] },
  [ARTICLE_CHUNK]: {
    file: 'assets/article-page-d4.js',
    src: ARTICLE_CHUNK,
    imports: ['_shared-b2.js', '_model-viewer-e5.js'],
    sources: [ARTICLE_CHUNK],
  },
  '_model-viewer-e5.js': {
    file: 'assets/model-viewer-e5.js',
    dynamicImports: ['client/features/model-viewer/viewer-canvas.tsx'],
    css: ['assets/model-viewer-f6.css'],
    sources: ['client/features/model-viewer/model-viewer.tsx'],
  },
  'client/features/model-viewer/viewer-canvas.tsx': {
    file: 'assets/viewer-canvas-g7.js',
    src: 'client/features/model-viewer/viewer-canvas.tsx',
    imports: ['_shared-b2.js'],
    sources: ['node_modules/three/build/three.core.js', 'node_modules/@react-three/fiber/dist/index.js'],
  },
  'client/features/search/widgets/header-search-box.tsx': {
    file: 'assets/header-search-box-j1.js',
    src: 'client/features/search/widgets/header-search-box.tsx',
    imports: ['_shared-b2.js'],
    sources: ['client/features/search/widgets/header-search-box.tsx', 'node_modules/react-instantsearch/dist/es/index.js'],
  },
  '_preload-helper-h8.js': { file: 'assets/preload-helper-h8.js' },
};

let root: string;
let dirs: BuildDirs;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Writes the manifest, a file per chunk (size grows with the name), source maps and the insights scripts. */
function writeBuild(manifest: Record<string, FakeChunk>): void {
  const entries: Record<string, Omit<FakeChunk, 'sources'>> = {};
  for (const [key, { sources, ...chunk }] of Object.entries(manifest)) {
    entries[key] = chunk;
    write(join(dirs.clientDir, chunk.file), `export const x = ${JSON.stringify(chunk.file.repeat(20))};`);
    if (sources) write(join(dirs.clientDir, `${chunk.file}.map`), JSON.stringify({ version: 3, sources: sources.map((s) => `../../../${s}`), mappings: '' }));
    for (const sheet of chunk.css ?? []) write(join(dirs.clientDir, sheet), `.a{color:red}/*${sheet}*/`);
  }
  write(join(dirs.clientDir, '.vite/manifest.json'), JSON.stringify(entries));
  write(join(dirs.insightsDir, 'insights.js'), '(()=>{})();');
}

describe('checkBudgets', () => {
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'budgets-'));
    dirs = { root, clientDir: join(root, 'dist/client'), insightsDir: join(root, 'dist/insights') };
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('counts the entry, the article chunk, their static imports, the insights scripts and their CSS', () => {
    writeBuild(BASE_MANIFEST);

    const report = checkBudgets(dirs);

    expect(report.js.map((f) => [f.file, f.role])).toEqual([
      ['assets/entry.client-a1.js', 'entry'],
      ['assets/shared-b2.js', 'chunk'],
      ['assets/article-page-d4.js', 'chunk'],
      ['assets/model-viewer-e5.js', 'chunk'],
      ['insights/insights.js', 'insights'],
    ]);
    expect(report.css.map((f) => f.file)).toEqual(['assets/entry-c3.css', 'assets/model-viewer-f6.css']);
    expect(report.totals.js).toBe(report.js.reduce((total, f) => total + f.gzip, 0));
    expect(report.failures).toEqual([]);
  });

  it('finds the viewer and search code in chunks of their own, outside the first load', () => {
    writeBuild(BASE_MANIFEST);

    const report = checkBudgets(dirs);

    expect(report.lazyOnly).toEqual([
      expect.objectContaining({ chunks: ['assets/viewer-canvas-g7.js'], inFirstLoad: [] }),
      expect.objectContaining({ chunks: ['assets/header-search-box-j1.js'], inFirstLoad: [] }),
    ]);
  });

  it('fails with the import path when the article page reaches search code statically', () => {
    writeBuild({
      ...BASE_MANIFEST,
      '_shared-b2.js': { file: 'assets/shared-b2.js', imports: ['_search-box-i9.js'], sources: ['client/layout/header.tsx'] },
      '_search-box-i9.js': { file: 'assets/search-box-i9.js', sources: ['client/features/search/search-box.tsx', 'node_modules/algoliasearch/dist/lite.js'] },
    });

    const report = checkBudgets(dirs);

    expect(report.lazyOnly[1]?.inFirstLoad).toEqual(['client/entry.client.tsx -> _shared-b2.js -> _search-box-i9.js']);
    expect(report.failures).toEqual([
      expect.stringMatching(
        /^search .* first load: client\/entry\.client\.tsx -> _shared-b2\.js -> _search-box-i9\.js \(holds node_modules\/algoliasearch\/dist\/lite\.js\)/,
      ),
    ]);
  });

  it("allows a feature's small eager shell and the static route loaders, and lists the shell", () => {
    writeBuild({
      ...BASE_MANIFEST,
      'client/entry.client.tsx': {
        ...BASE_MANIFEST['client/entry.client.tsx'],
        sources: ['client/entry.client.tsx', 'client/pages/search/search.server.ts', 'client/features/search/header-search.tsx'],
      } as FakeChunk,
    });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([]);
    expect(report.lazyOnly[0]?.shell).toEqual(['client/features/model-viewer/model-viewer.tsx']);
    expect(report.lazyOnly[1]?.shell).toEqual(['client/features/search/header-search.tsx']);
  });

  it('fails when three.js is bundled into a statically imported chunk', () => {
    writeBuild({
      ...BASE_MANIFEST,
      '_model-viewer-e5.js': { ...BASE_MANIFEST['_model-viewer-e5.js'], sources: ['node_modules/three/build/three.core.js'] } as FakeChunk,
    });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([
      `3D viewer (three, @react-three) code is in the article page's first load: ${ARTICLE_CHUNK} -> _model-viewer-e5.js (holds node_modules/three/build/three.core.js); load it with import()`,
    ]);
  });

  it('fails when no chunk holds viewer code, since the rule would then check nothing', () => {
    const { 'client/features/model-viewer/viewer-canvas.tsx': _viewer, ...withoutViewer } = BASE_MANIFEST;
    writeBuild(withoutViewer);

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([expect.stringMatching(/^found no chunk with 3D viewer/)]);
  });

  it('names the overage when a total exceeds its budget', () => {
    writeBuild(BASE_MANIFEST);

    const report = checkBudgets(dirs, { ...BUDGETS, articleFirstLoadJsGzip: 100, articleFirstLoadCssGzip: 10 });

    expect(report.failures).toEqual([
      expect.stringMatching(/^article first-load JS is [\d.]+ KB gzip, over the 0\.1 KB budget by [\d.]+ KB$/),
      expect.stringMatching(/^article first-load CSS is [\d.]+ KB gzip, over the 0\.0 KB budget by [\d.]+ KB$/),
    ]);
    expect(formatReport(report, { ...BUDGETS, articleFirstLoadJsGzip: 100, articleFirstLoadCssGzip: 10 })).toContain('OVER BUDGET');
  });

  it('reports missing insights scripts instead of undercounting', () => {
    writeBuild(BASE_MANIFEST);
    rmSync(dirs.insightsDir, { recursive: true });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([expect.stringMatching(/insights is missing/)]);
  });
});
