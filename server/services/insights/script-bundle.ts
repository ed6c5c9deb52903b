import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The two browser scripts and their entry modules. Each is bundled on its
 * own into one self-contained, unhashed IIFE (web-vitals inlined), because
 * the scripts are loaded by stable URL from `<base>/…/script.js` and must
 * not import anything.
 */
export const INSIGHTS_SCRIPTS = {
  insights: 'client/insights/insights-script.ts',
  'speed-insights': 'client/insights/speed-insights-script.ts',
} as const;

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
      lib: { entry: resolve(root, INSIGHTS_SCRIPTS[name]), formats: ['iife'], name: 'vitrineInsights', fileName: () => `${name}.js` },
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
