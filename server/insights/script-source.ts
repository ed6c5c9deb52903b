import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

import { BUILT_SCRIPTS_DIR, bundleInsightsScript, INSIGHTS_SCRIPTS } from './script-bundle.ts';

import type { InsightsScriptName } from './script-bundle.ts';

export interface InsightsScript {
  code: string;
  etag: string;
}

/** Where the collector gets the browser scripts it serves. */
export interface ScriptSource {
  load(name: InsightsScriptName): Promise<InsightsScript>;
}

function toScript(code: string): InsightsScript {
  return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"` };
}

/** Production: the files `npm run build` wrote, read once. */
export function createBuiltScriptSource(root = process.cwd()): ScriptSource {
  const cache = new Map<InsightsScriptName, Promise<InsightsScript>>();
  return {
    load(name) {
      let script = cache.get(name);
      if (!script) {
        script = readFile(resolve(root, BUILT_SCRIPTS_DIR, `${name}.js`), 'utf8').then(toScript);
        // A missing file stays an error until it exists; do not cache the failure.
        script.catch(() => cache.delete(name));
        cache.set(name, script);
      }
      return script;
    },
  };
}

/**
 * Development: bundled with Vite on first request and again whenever a file
 * in client/insights changed, so edits show up on the next page load without
 * a separate watcher.
 */
export function createDevScriptSource(root = process.cwd()): ScriptSource {
  const cache = new Map<InsightsScriptName, { version: string; script: Promise<InsightsScript> }>();
  const sourceDir = resolve(root, dirname(INSIGHTS_SCRIPTS.insights));
  return {
    async load(name) {
      const version = await sourceVersion(sourceDir);
      const cached = cache.get(name);
      if (cached && cached.version === version) return cached.script;
      const script = bundleInsightsScript(name, root).then(toScript);
      script.catch(() => cache.delete(name));
      cache.set(name, { version, script });
      return script;
    },
  };
}

async function sourceVersion(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const stamps = await Promise.all(files.map(async (file) => `${file}:${(await stat(join(dir, file))).mtimeMs}`));
  return stamps.sort().join('|');
}
