import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

import type { Rolldown } from 'vite';

/** Each bundled on its own into one unhashed file, loaded by stable URL: classic scripts, and vitals.js an ES module (README.md). */
const INSIGHTS_SCRIPTS = {
  insights: 'client/features/insights/insights-script.ts',
  'speed-insights': 'client/features/insights/speed-insights-script.ts',
  'speed-insights-vitals': 'client/features/insights/speed-insights.ts',
} as const;

export type InsightsScriptName = keyof typeof INSIGHTS_SCRIPTS;

const BUILT_SCRIPTS_DIR = 'dist/insights';

export interface ScriptSource {
  load(name: InsightsScriptName): Promise<{ code: string; etag: string }>;
}

/** Vite is a dev dependency, hence the dynamic import. */
export async function bundleInsightsScript(name: InsightsScriptName, root = process.cwd()): Promise<string> {
  const { build } = await import('vite');
  const output = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: resolve(root, INSIGHTS_SCRIPTS[name]),
        formats: [name === 'speed-insights-vitals' ? 'es' : 'iife'],
        name: 'vitrineInsights',
        fileName: () => `${name}.js`,
      },
    },
  });
  const chunk = ([output].flat() as Rolldown.RolldownOutput[]).flatMap((result) => result.output).find((item) => item.type === 'chunk' && item.isEntry);
  if (chunk?.type === 'chunk') return chunk.code;
  throw new Error(`vite produced no bundle for the ${name} insights script`);
}

export async function writeInsightsScripts(): Promise<void> {
  await mkdir(BUILT_SCRIPTS_DIR, { recursive: true });
  const names = Object.keys(INSIGHTS_SCRIPTS) as InsightsScriptName[];
  await Promise.all(names.map(async (name) => writeFile(join(BUILT_SCRIPTS_DIR, `${name}.js`), await bundleInsightsScript(name))));
}

/** Failures are not cached. */
export function createScriptSource(isDev: boolean, root = process.cwd()): ScriptSource {
  const cache = new Map<InsightsScriptName, { version: string; script: ReturnType<ScriptSource['load']> }>();
  const sourceDir = resolve(root, dirname(INSIGHTS_SCRIPTS.insights));
  return {
    async load(name) {
      const version = isDev ? await sourceVersion(sourceDir) : '';
      const cached = cache.get(name);
      if (cached && cached.version === version) return cached.script;
      const code = isDev ? bundleInsightsScript(name, root) : readFile(resolve(root, BUILT_SCRIPTS_DIR, `${name}.js`), 'utf8');
      const script = code.then((text) => ({ code: text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` }));
      script.catch(() => cache.delete(name));
      cache.set(name, { version, script });
      return script;
    },
  };
}

async function sourceVersion(dir: string): Promise<string> {
  // Subfolders too: the beacon queue lives in beacon/.
  const files = (await readdir(dir, { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const stamps = await Promise.all(files.map(async (file) => `${file}:${(await stat(join(dir, file))).mtimeMs}`));
  return stamps.sort().join('|');
}
