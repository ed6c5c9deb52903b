import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ARTICLE_CHUNK, checkBudgets, formatReport, MODEL_CHUNK, VIEWER_CHUNK } from './check-budgets.ts';

import type { BuildDirs } from './budgets/build-files.ts';

/**
 * A tiny fake build: the entry and the pages share a static chunk; the model page imports the viewer's shell, which
 * reaches the three.js chunk and the AR chunk only through import(); the article page reaches the shell only through
 * import(), and the entry the search box. Source maps say what each chunk holds.
 */
interface FakeChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
  css?: string[];
  /** Repo-relative modules for the chunk's source map; no map when omitted. */
  sources?: string[];
}

const SHELL = 'client/features/model-viewer/index.ts';
const AR_CHUNK = 'client/features/model-viewer/ar/ar-session.ts';
const page = (key: string, file: string, imports: string[], extra: Partial<FakeChunk> = {}): FakeChunk => ({
  file,
  src: key,
  imports,
  isDynamicEntry: true,
  sources: [key],
  ...extra,
});

const BASE_MANIFEST: Record<string, FakeChunk> = {
  'client/entry.client.tsx': {
    file: 'assets/entry.client-a1.js',
    src: 'client/entry.client.tsx',
    imports: ['_shared-b2.js'],
    dynamicImports: [ARTICLE_CHUNK, MODEL_CHUNK, 'client/features/search/widgets/header-search-box.tsx'],
    css: ['assets/entry-c3.css'],
    sources: ['node_modules/react-dom/cjs/react-dom-client.production.js', 'client/entry.client.tsx'],
  },
  '_shared-b2.js': { file: 'assets/shared-b2.js', sources: ['node_modules/react-router/dist/production/index.js'] },
  [ARTICLE_CHUNK]: page(ARTICLE_CHUNK, 'assets/article-page-d4.js', ['_shared-b2.js'], { dynamicImports: [SHELL] }),
  [MODEL_CHUNK]: page(MODEL_CHUNK, 'assets/model-page-m3.js', ['_shared-b2.js', '_model-viewer-e5.js']),
  [SHELL]: { file: 'assets/model-viewer-n4.js', src: SHELL, isDynamicEntry: true, imports: ['_model-viewer-e5.js'] },
  '_model-viewer-e5.js': {
    file: 'assets/model-viewer-e5.js',
    dynamicImports: [VIEWER_CHUNK, AR_CHUNK],
    css: ['assets/model-viewer-f6.css'],
    sources: ['client/features/model-viewer/model-viewer.tsx'],
  },
  [VIEWER_CHUNK]: {
    file: 'assets/viewer-canvas-g7.js',
    src: VIEWER_CHUNK,
    isDynamicEntry: true,
    imports: ['_shared-b2.js', '_three-extras-p5.js'],
    sources: ['node_modules/three/build/three.core.js', 'node_modules/@react-three/fiber/dist/index.js'],
  },
  '_three-extras-p5.js': { file: 'assets/three-extras-p5.js', sources: ['node_modules/three/examples/jsm/loaders/GLTFLoader.js'] },
  [AR_CHUNK]: {
    file: 'assets/ar-session-k2.js',
    src: AR_CHUNK,
    isDynamicEntry: true,
    imports: ['_shared-b2.js'],
    sources: [AR_CHUNK, 'node_modules/three/examples/jsm/exporters/USDZExporter.js'],
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
      ['insights/insights.js', 'insights'],
    ]);
    expect(report.css.map((f) => f.file)).toEqual(['assets/entry-c3.css']);
    expect(report.totals.js).toBe(report.js.reduce((total, f) => total + f.gzip, 0));
    expect(report.failures).toEqual([]);
  });

  it('finds the viewer and search code in chunks of their own, outside the first load', () => {
    writeBuild(BASE_MANIFEST);

    const report = checkBudgets(dirs);

    expect(report.lazyOnly).toEqual([
      expect.objectContaining({
        chunks: [
          'assets/model-viewer-n4.js',
          'assets/model-viewer-e5.js',
          'assets/viewer-canvas-g7.js',
          'assets/three-extras-p5.js',
          'assets/ar-session-k2.js',
        ],
        inFirstLoad: [],
      }),
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

  it("allows search's small eager shell and the static route loaders, and lists the shell", () => {
    writeBuild({
      ...BASE_MANIFEST,
      'client/entry.client.tsx': {
        ...BASE_MANIFEST['client/entry.client.tsx'],
        sources: ['client/entry.client.tsx', 'client/pages/search/search.server.ts', 'client/features/search/header-search.tsx'],
      } as FakeChunk,
    });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([]);
    expect(report.lazyOnly[0]?.shell).toEqual([]);
    expect(report.lazyOnly[1]?.shell).toEqual(['client/features/search/header-search.tsx']);
  });

  it("fails when the article page's first load holds even the viewer's shell", () => {
    writeBuild({ ...BASE_MANIFEST, [ARTICLE_CHUNK]: page(ARTICLE_CHUNK, 'assets/article-page-d4.js', ['_shared-b2.js', '_model-viewer-e5.js']) });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([
      `3D viewer (three, @react-three, client/features/model-viewer/) code is in the article page's first load: ${ARTICLE_CHUNK} -> _model-viewer-e5.js ` +
        '(holds client/features/model-viewer/model-viewer.tsx); load it with import()',
    ]);
  });

  it("fails when three.js is bundled into the model page's shell, or any other page loads the shell", () => {
    const home = 'client/pages/home/home-page.tsx';
    writeBuild({
      ...BASE_MANIFEST,
      '_model-viewer-e5.js': { ...BASE_MANIFEST['_model-viewer-e5.js'], sources: ['node_modules/three/build/three.core.js'] } as FakeChunk,
      [home]: page(home, 'assets/home-page-q6.js', ['_model-viewer-e5.js']),
    });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([
      `${MODEL_CHUNK}'s first load holds viewer code: ${MODEL_CHUNK} -> _model-viewer-e5.js (holds node_modules/three/build/three.core.js)`,
      `${home}'s first load holds viewer code: ${home} -> _model-viewer-e5.js (holds node_modules/three/build/three.core.js)`,
    ]);
  });

  it('fails when the viewer chunk is renamed or no chunk holds AR code, since the rules would then check nothing', () => {
    const { [VIEWER_CHUNK]: _viewer, [AR_CHUNK]: _ar, ...without } = BASE_MANIFEST;
    writeBuild(without);

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([
      `the manifest has no ${VIEWER_CHUNK}: if the viewer's lazy boundary moved, update VIEWER_CHUNK`,
      expect.stringMatching(/^found no chunk with AR code/),
    ]);
  });

  it("measures the model page's first load and what View in 3D adds, and lists the AR chunk", () => {
    writeBuild(BASE_MANIFEST);

    const { viewer } = checkBudgets(dirs);

    expect(viewer.modelFirstLoad.js.map((f) => f.file)).toEqual([
      'assets/entry.client-a1.js',
      'assets/shared-b2.js',
      'assets/model-page-m3.js',
      'assets/model-viewer-e5.js',
      'insights/insights.js',
    ]);
    // The shared chunk is already loaded with the page, so only the viewer's own chunks count.
    expect(viewer.viewerLazy.js.map((f) => f.file)).toEqual(['assets/viewer-canvas-g7.js', 'assets/three-extras-p5.js']);
    expect(viewer.arChunks).toEqual(['assets/ar-session-k2.js']);
    expect(formatReport(checkBudgets(dirs))).toMatch(/model page first-load JS .* ok\nviewer's lazy chunk .* ok\n/);
  });

  it('fails with the import path when AR code loads with the viewer or with a page', () => {
    writeBuild({
      ...BASE_MANIFEST,
      '_three-extras-p5.js': { file: 'assets/three-extras-p5.js', imports: [AR_CHUNK], sources: ['node_modules/three/examples/jsm/webxr/ARButton.js'] },
      '_model-viewer-e5.js': { ...BASE_MANIFEST['_model-viewer-e5.js'], imports: [AR_CHUNK] } as FakeChunk,
    });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([
      `AR code loads with the viewer: ${VIEWER_CHUNK} -> _three-extras-p5.js (holds node_modules/three/examples/jsm/webxr/ARButton.js); ` +
        'load it with import() on press',
      `AR code loads with the viewer: ${VIEWER_CHUNK} -> _three-extras-p5.js -> ${AR_CHUNK} ` +
        `(holds ${AR_CHUNK}, node_modules/three/examples/jsm/exporters/USDZExporter.js); load it with import() on press`,
      `${MODEL_CHUNK}'s first load holds viewer code: ${MODEL_CHUNK} -> _model-viewer-e5.js -> ${AR_CHUNK} (holds ${AR_CHUNK}, ` +
        'node_modules/three/examples/jsm/exporters/USDZExporter.js)',
    ]);
  });

  it('names the overage when a total exceeds its budget', () => {
    writeBuild(BASE_MANIFEST);

    const tight = { articleFirstLoadJsGzip: 100, articleFirstLoadCssGzip: 10, modelFirstLoadJsGzip: 200, viewerLazyJsGzip: 50 };
    const report = checkBudgets(dirs, tight);

    expect(report.failures).toEqual([
      expect.stringMatching(/^article first-load JS is [\d.]+ KB gzip, over the 0\.1 KB budget by [\d.]+ KB$/),
      expect.stringMatching(/^article first-load CSS is [\d.]+ KB gzip, over the 0\.0 KB budget by [\d.]+ KB$/),
      expect.stringMatching(/^model page first-load JS is [\d.]+ KB gzip, over the 0\.2 KB budget by [\d.]+ KB$/),
      expect.stringMatching(/^the viewer's lazy chunk is [\d.]+ KB gzip, over the 0\.0 KB budget by [\d.]+ KB$/),
    ]);
    expect(formatReport(report, tight)).toContain('OVER BUDGET');
  });

  it('reports missing insights scripts instead of undercounting', () => {
    writeBuild(BASE_MANIFEST);
    rmSync(dirs.insightsDir, { recursive: true });

    const report = checkBudgets(dirs);

    expect(report.failures).toEqual([expect.stringMatching(/insights is missing/)]);
  });
});
