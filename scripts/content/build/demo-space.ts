import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { readJson } from '../lib/source.ts';
import { AssetStore, buildModels, buildOtherAssets } from './assets.ts';
import { buildContentModel } from './content-model.ts';
import { buildEntries } from './entries.ts';

export interface BuiltSpace {
  entries: number;
  assets: number;
  assetBytes: number;
}

/** `assets/` is emptied first so no stale file survives. */
export async function buildDemoSpace(outDir: string): Promise<BuiltSpace> {
  const assetsDir = join(outDir, 'assets');
  rmSync(assetsDir, { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  const store = new AssetStore(assetsDir);
  const models = await buildModels(store);
  await buildOtherAssets(store);
  const entries = await buildEntries(models);
  const { contentTypes, tags, editorInterfaces, locales } = buildContentModel();
  const assets = store.assets.sort((a, b) => a.sys.id.localeCompare(b.sys.id));
  const exportData = { contentTypes, tags, editorInterfaces, entries, assets, locales, webhooks: [], roles: [], taxonomy: readJson('taxonomy.json') };
  writeFileSync(join(outDir, 'space-export.json'), `${JSON.stringify(exportData, null, 2)}\n`);
  return { entries: entries.length, assets: assets.length, assetBytes: store.totalBytes };
}
