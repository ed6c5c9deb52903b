/**
 * Writes the embedded demo space from content/source/: content/space-export.json (the format of `contentful space export`)
 * and every asset file under content/assets/. Deterministic: two runs write identical bytes. See content/README.md.
 *
 *   node scripts/content/generate-demo-space.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ASSETS_DIR, AssetStore, buildModels, buildOtherAssets } from './build/assets.ts';
import { buildContentModel } from './build/content-model.ts';
import { buildEntries } from './build/entries.ts';
import { createGltfIo } from './gltf/write-model.ts';
import { readJson } from './lib/source.ts';

const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

rmSync(ASSETS_DIR, { recursive: true, force: true });
mkdirSync(ASSETS_DIR, { recursive: true });
const store = new AssetStore();
const models = await buildModels(await createGltfIo(), store);
await buildOtherAssets(store);
const entries = await buildEntries(models);
const { contentTypes, tags, editorInterfaces, locales } = buildContentModel();
const assets = store.assets.sort((a, b) => a.sys.id.localeCompare(b.sys.id));
const exportData = { contentTypes, tags, editorInterfaces, entries, assets, locales, webhooks: [], roles: [], taxonomy: readJson('taxonomy.json') };
writeFileSync(join(CONTENT_DIR, 'space-export.json'), `${JSON.stringify(exportData, null, 2)}\n`);
const megabytes = (store.totalBytes / 1024 / 1024).toFixed(2);
process.stdout.write(`wrote content/space-export.json: ${entries.length} entries, ${assets.length} assets, ${megabytes} MB of asset files\n`);
