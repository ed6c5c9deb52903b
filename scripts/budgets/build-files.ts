import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { createManifestAssets } from '#server/ssr/assets.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** `root`: what source-map paths are relative to. */
export interface BuildDirs {
  root: string;
  clientDir: string;
  insightsDir: string;
}

export type SizedFile = ReturnType<typeof sized>;

export function sized(path: string, file: string, role: 'entry' | 'chunk' | 'insights' | 'css') {
  const bytes = readFileSync(path);
  return { file, role, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

export const sum = (files: SizedFile[]) => files.reduce((total, f) => total + f.gzip, 0);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export function overBudget(failures: string[], what: string, total: number, budget: number): void {
  if (total > budget) failures.push(`${what} is ${kb(total)} gzip, over the ${kb(budget)} budget by ${kb(total - budget)}`);
}

export function readManifest(dirs: BuildDirs): Manifest {
  const manifestPath = join(dirs.clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build first`);
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

export function readSources(dirs: BuildDirs, chunk: ManifestChunk): string[] | undefined {
  const mapPath = join(dirs.clientDir, `${chunk.file}.map`);
  if (!existsSync(mapPath)) return undefined;
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources?: string[]; sourceRoot?: string };
  const base = resolve(dirname(mapPath), map.sourceRoot ?? '');
  return (map.sources ?? []).map((source) => relative(dirs.root, resolve(base, source)).split('\\').join('/'));
}

/** Each chunk with the key that reached it first (breadth first). */
export function staticClosure(manifest: Manifest, starts: string[]): Map<string, string | null> {
  const parent = new Map<string, string | null>(starts.map((start) => [start, null]));
  const queue = [...starts];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    for (const next of (manifest[key]?.imports ?? []).filter((n) => !parent.has(n))) {
      parent.set(next, key);
      queue.push(next);
    }
  }
  return parent;
}

export function importPath(manifest: Manifest, starts: string[], target: string): string {
  const parent = staticClosure(manifest, starts);
  const chain: string[] = [];
  for (let key: string | null | undefined = target; key; key = parent.get(key)) chain.unshift(key);
  return chain.join(' -> ');
}

/** Resolved exactly as the server resolves a page's <head>. */
export function firstLoad(dirs: BuildDirs, chunk: string) {
  const assets = createManifestAssets(dirs.clientDir).forChunks([chunk]);
  const strip = (url: string) => url.replace(/^\//, '');
  const built = (role: SizedFile['role']) => (url: string) => sized(join(dirs.clientDir, strip(url)), strip(url), role);
  return { js: [...assets.bootstrapModules.map(built('entry')), ...assets.modulePreloads.map(built('chunk'))], css: assets.stylesheets.map(built('css')) };
}

/** In every page's <head> by default (ADR 006); not web-vitals, which loads after the `load` event. */
export function insightsScripts(dirs: BuildDirs, failures: string[]): SizedFile[] {
  if (!existsSync(dirs.insightsDir)) {
    failures.push(`${dirs.insightsDir} is missing: the build writes the insights scripts there`);
    return [];
  }
  return readdirSync(dirs.insightsDir)
    .filter((n) => n.endsWith('.js') && n !== 'speed-insights-vitals.js')
    .sort()
    .map((name) => sized(join(dirs.insightsDir, name), `insights/${name}`, 'insights'));
}
