import { join } from 'node:path';

import { CLIENT_ENTRY } from '#server/ssr/assets.ts';

import { firstLoad, importPath, overBudget, sized, staticClosure, sum } from './build-files.ts';

import type { BuildDirs, Manifest, SizedFile } from './build-files.ts';

export const MODEL_CHUNK = 'client/pages/model/model-page.tsx';
/** They show a model at the top, so they load the viewer's shell (no three.js) with the page. */
const SHELL_PAGES = [MODEL_CHUNK, 'client/pages/embed/embed-page.tsx'];
/** The viewer's lazy boundary (ADR 031). */
export const VIEWER_CHUNK = 'client/features/model-viewer/viewer-canvas.tsx';
export const VIEWER_SHELL = /^client\/features\/model-viewer\//;
export const THREE = /(^|\/)node_modules\/(three[^/]*|@react-three\/[^/]+)\//;
/** ADR 047. Not three's core WebXRManager, which every renderer holds. */
const AR_CODE = /^client\/features\/model-viewer\/ar\/|(^|\/)node_modules\/three\/examples\/jsm\/(exporters\/USDZExporter\.js|webxr\/)/;

interface ViewerBuild {
  dirs: BuildDirs;
  manifest: Manifest;
  sourcesByKey: Map<string, string[] | undefined>;
  insights: SizedFile[];
  /** Checked by LAZY_ONLY in check-budgets.ts, so left out here. */
  articleChunk: string;
}

export function checkViewer(
  { dirs, manifest, sourcesByKey, insights, articleChunk }: ViewerBuild,
  budgets: { modelFirstLoadJsGzip: number; viewerLazyJsGzip: number },
) {
  const failures: string[] = [];
  const holding = (key: string, ...patterns: RegExp[]) =>
    [...new Set([manifest[key]?.src ?? '', ...(sourcesByKey.get(key) ?? [])])].filter((source) => patterns.some((pattern) => pattern.test(source)));

  const modelJs = manifest[MODEL_CHUNK] ? [...firstLoad(dirs, MODEL_CHUNK).js, ...insights] : [];
  if (!manifest[MODEL_CHUNK]) failures.push(`the manifest has no ${MODEL_CHUNK}: did the model route's handle.chunk change?`);
  overBudget(failures, 'model page first-load JS', sum(modelJs), budgets.modelFirstLoadJsGzip);

  // What "View in 3D" downloads: the lazy chunk and its static imports the model page has not loaded.
  const viewerClosure = manifest[VIEWER_CHUNK] ? staticClosure(manifest, [VIEWER_CHUNK]) : new Map<string, string | null>();
  const loaded = new Set(modelJs.map((f) => f.file));
  const viewerJs = [...viewerClosure.keys()]
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => file.endsWith('.js') && !loaded.has(file))
    .map((file) => sized(join(dirs.clientDir, file), file, 'chunk'));
  if (!manifest[VIEWER_CHUNK]) failures.push(`the manifest has no ${VIEWER_CHUNK}: if the viewer's lazy boundary moved, update VIEWER_CHUNK`);
  overBudget(failures, "the viewer's lazy chunk", sum(viewerJs), budgets.viewerLazyJsGzip);

  const arKeys = Object.keys(manifest).filter((key) => holding(key, AR_CODE).length > 0);
  if (arKeys.length === 0) failures.push('found no chunk with AR code (client/features/model-viewer/ar/, USDZExporter); if it moved, update AR_CODE');
  for (const key of arKeys.filter((k) => viewerClosure.has(k))) {
    const held = holding(key, AR_CODE).slice(0, 3).join(', ');
    failures.push(`AR code loads with the viewer: ${importPath(manifest, [VIEWER_CHUNK], key)} (holds ${held}); load it with import() on press`);
  }

  const pages = Object.keys(manifest).filter((key) => key.startsWith('client/pages/') && manifest[key]?.isDynamicEntry && key !== articleChunk);
  for (const page of pages) {
    const forbidden = SHELL_PAGES.includes(page) ? [THREE, AR_CODE] : [THREE, AR_CODE, VIEWER_SHELL];
    for (const key of staticClosure(manifest, [CLIENT_ENTRY, page]).keys()) {
      const held = holding(key, ...forbidden);
      if (held.length > 0)
        failures.push(`${page}'s first load holds viewer code: ${importPath(manifest, [CLIENT_ENTRY, page], key)} (holds ${held.slice(0, 3).join(', ')})`);
    }
  }

  return {
    modelFirstLoad: { js: modelJs, total: sum(modelJs) },
    viewerLazy: { js: viewerJs, total: sum(viewerJs) },
    arChunks: arKeys.map((key) => manifest[key]?.file ?? key),
    failures,
  };
}
