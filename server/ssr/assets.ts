import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { RenderOptions } from '#client/entry.server.tsx';
import type { Manifest, ViteDevServer } from 'vite';

export const CLIENT_ENTRY = 'client/entry.client.tsx';

/** The nonce and the head are the request's. */
type PageAssets = Omit<RenderOptions['assets'], 'nonce' | 'head'> & { bootstrapModules: string[] };

/** Stylesheets up to this size are inlined as `<style>`: cheaper than a render-blocking round trip (ADR 009). */
const INLINE_CSS_MAX_BYTES = 24 * 1024;

export interface AssetResolver {
  forChunks(chunks: string[]): PageAssets;
}

/** Production: the entry plus the matched route chunks, with their static imports and CSS, from Vite's manifest. */
export function createManifestAssets(clientDir: string, options: { inlineCssMaxBytes?: number } = {}): AssetResolver {
  const { inlineCssMaxBytes = INLINE_CSS_MAX_BYTES } = options;
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Vite manifest has no entry for ${CLIENT_ENTRY}; rebuild with npm run build`);
  const memo = new Map<string, PageAssets>();
  // Subresource Integrity: a proxy or cache serving other bytes under the entry's name gets a page that does not run them.
  const entryFile = `/${entry.file}`;
  const entryHash = createHash('sha384')
    .update(readFileSync(join(clientDir, entry.file)))
    .digest('base64');
  const integrity = { [entryFile]: `sha384-${entryHash}` };
  // Built files never change under a running server.
  const cssText = new Map<string, string | null>();
  const inlineText = (href: string): string | null => {
    if (!cssText.has(href)) {
      const path = join(clientDir, href);
      cssText.set(href, statSync(path).size <= inlineCssMaxBytes ? readFileSync(path, 'utf8') : null);
    }
    return cssText.get(href) ?? null;
  };

  function collect(key: string, files: Set<string>, css: Set<string>): void {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const imported of chunk.imports ?? []) collect(imported, files, css);
  }

  return {
    forChunks(chunks) {
      const key = chunks.join('|');
      const cached = memo.get(key);
      if (cached) return cached;
      const files = new Set<string>();
      const css = new Set<string>();
      for (const chunk of [CLIENT_ENTRY, ...chunks]) collect(chunk, files, css);
      files.delete(entryFile);
      const inlineStyles: Record<string, string> = {};
      for (const href of css) {
        const text = inlineText(href);
        if (text !== null) inlineStyles[href] = text;
      }
      const assets = { bootstrapModules: [entryFile], modulePreloads: [...files], stylesheets: [...css], inlineStyles, integrity };
      memo.set(key, assets);
      return assets;
    },
  };
}

/** Dev: Vite serves sources. */
export function createDevAssets(): AssetResolver {
  const assets: PageAssets = { bootstrapModules: ['/@vite/client', `/${CLIENT_ENTRY}`], modulePreloads: [], stylesheets: [] };
  return { forChunks: () => assets };
}

export type SsrEntry = typeof import('#client/entry.server.tsx');

export interface SsrEntryLoader {
  load(): Promise<SsrEntry>;
  /** Rewrites stack traces to source positions (dev only). */
  fixStack?(error: Error): void;
}

/** Dev: edits apply on the next request. */
export function createDevEntryLoader(vite: ViteDevServer): SsrEntryLoader {
  return {
    load: () => vite.ssrLoadModule('/client/entry.server.tsx') as Promise<SsrEntry>,
    fixStack: (error) => vite.ssrFixStacktrace(error),
  };
}

export function createBuiltEntryLoader(file: string): SsrEntryLoader {
  let entry: Promise<SsrEntry> | undefined;
  return { load: () => (entry ??= import(pathToFileURL(file).href) as Promise<SsrEntry>) };
}
