import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (`.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export const CLIENT_ENTRY = 'client/entry.client.tsx';

/** What a page needs besides HTML: scripts to boot, modules to preload, stylesheets. */
export interface PageAssets {
  bootstrapModules: string[];
  modulePreloads: string[];
  stylesheets: string[];
}

/** Asset lookups for the matched routes' chunks. */
export interface AssetResolver {
  forChunks(chunks: string[]): PageAssets;
}

/**
 * Production: reads Vite's manifest once and resolves the entry plus the
 * matched route chunks to their files, static imports and CSS.
 */
export function createManifestAssets(clientDir: string): AssetResolver {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Vite manifest has no entry for ${CLIENT_ENTRY}; rebuild with npm run build`);
  const memo = new Map<string, PageAssets>();

  function collect(key: string, files: Set<string>, css: Set<string>, seen: Set<string>): void {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const imported of chunk.imports ?? []) collect(imported, files, css, seen);
  }

  return {
    forChunks(chunks) {
      const key = chunks.join('|');
      const cached = memo.get(key);
      if (cached) return cached;
      const files = new Set<string>();
      const css = new Set<string>();
      const seen = new Set<string>();
      for (const chunk of [CLIENT_ENTRY, ...chunks]) collect(chunk, files, css, seen);
      const entryFile = `/${entry.file}`;
      files.delete(entryFile);
      const assets = { bootstrapModules: [entryFile], modulePreloads: [...files], stylesheets: [...css] };
      memo.set(key, assets);
      return assets;
    },
  };
}

/** Dev: Vite serves sources; the entry imports the Fast Refresh preamble first. */
export function createDevAssets(): AssetResolver {
  const assets: PageAssets = {
    bootstrapModules: ['/@vite/client', `/${CLIENT_ENTRY}`],
    modulePreloads: [],
    stylesheets: [],
  };
  return { forChunks: () => assets };
}
