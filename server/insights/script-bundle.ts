import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The browser scripts and their entry modules. Each is bundled on its own
 * into one self-contained, unhashed file, because they are loaded by stable
 * URL: the two `<base>/…/script.js` as classic scripts (IIFE), and
 * `<base>/speed-insights/vitals.js` (web-vitals inlined) as an ES module the
 * speed-insights script imports after `load` for the loads that report.
 */
export const INSIGHTS_SCRIPTS = {
  insights: 'client/features/insights/insights-script.ts',
  'speed-insights': 'client/features/insights/speed-insights-script.ts',
  'speed-insights-vitals': 'client/features/insights/speed-insights-module.ts',
} as const;

/** Scripts that are ES modules (imported), not classic scripts. */
const MODULE_SCRIPTS: ReadonlySet<string> = new Set(['speed-insights-vitals']);

export type InsightsScriptName = keyof typeof INSIGHTS_SCRIPTS;

/** Where the production build puts the bundles, relative to the project root. */
export const BUILT_SCRIPTS_DIR = 'dist/insights';

/**
 * Bundles one script with Vite in memory (no config file, no plugins, no
 * public dir). Used by the production build and, in development, by the
 * collector on first request. Vite is a dev dependency, hence the dynamic import.
 */
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
        formats: [MODULE_SCRIPTS.has(name) ? 'es' : 'iife'],
        name: 'vitrineInsights',
        fileName: () => `${name}.js`,
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk' && item.isEntry);
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`vite produced no bundle for the ${name} insights script`);
}

/** Production build step (scripts/build.ts): writes `dist/insights/<name>.js`. */
export async function writeInsightsScripts(root = process.cwd()): Promise<string[]> {
  const outDir = resolve(root, BUILT_SCRIPTS_DIR);
  await mkdir(outDir, { recursive: true });
  const names = Object.keys(INSIGHTS_SCRIPTS) as InsightsScriptName[];
  return Promise.all(
    names.map(async (name) => {
      const file = join(outDir, `${name}.js`);
      await writeFile(file, await bundleInsightsScript(name, root));
      return file;
    }),
  );
}
