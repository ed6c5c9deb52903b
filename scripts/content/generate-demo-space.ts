/**
 * Generates the embedded demo space: content/space-export.json (the format written by
 * `contentful space export`) and every asset file under content/assets/. Deterministic:
 * running it twice produces identical bytes. See content/README.md.
 *
 *   node scripts/content/generate-demo-space.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { AssetStore } from './build/asset-store.ts';
import { buildContentTypes, buildEditorInterfaces, buildLocales, buildTags } from './build/content-model.ts';
import { buildEntries } from './build/entries.ts';
import { buildImageAssets } from './build/image-assets.ts';
import { buildModels } from './build/model-assets.ts';
import { getTaxonomy } from './data/taxonomy.ts';
import { createGltfIo } from './gltf/write-model.ts';

const CONTENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'content');
const ASSETS_DIR = join(CONTENT_DIR, 'assets');
const EXPORT_FILE = join(CONTENT_DIR, 'space-export.json');

async function generate(): Promise<void> {
  rmSync(ASSETS_DIR, { recursive: true, force: true });
  mkdirSync(ASSETS_DIR, { recursive: true });
  const store = new AssetStore(ASSETS_DIR);
  const models = await buildModels(await createGltfIo(), store);
  await buildImageAssets(store);
  const entries = buildEntries(models);
  const bySysId = (a: { sys: { id: string } }, b: { sys: { id: string } }) => a.sys.id.localeCompare(b.sys.id);
  const exportData = {
    contentTypes: buildContentTypes(),
    tags: buildTags(),
    editorInterfaces: buildEditorInterfaces(),
    entries,
    assets: [...store.assets].sort(bySysId),
    locales: buildLocales(),
    webhooks: [],
    roles: [],
    taxonomy: getTaxonomy(),
  };
  writeFileSync(EXPORT_FILE, `${JSON.stringify(exportData, null, 2)}\n`);
  const megabytes = (store.totalBytes / 1024 / 1024).toFixed(2);
  process.stdout.write(
    `wrote ${relative(process.cwd(), EXPORT_FILE)}: ${entries.length} entries, ${store.assets.length} assets, ${megabytes} MB of asset files\n`,
  );
}

await generate();
