import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';

import { createModelChecks } from '#server/services/models/model-checks.ts';
import { withModelChecks } from '#server/services/models/model-checks-content.ts';
import { ModelFileError } from '#server/services/models/model-files.ts';

import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { ModelChecks } from '#server/services/models/model-checks.ts';
import type { Article, Asset, Model3D, ModelCheck, ModelVariant } from '#shared/content/types.ts';

const MODELS = fileURLToPath(new URL('../../../tests/fixtures/models/', import.meta.url));
const box = JSON.parse(readFileSync(`${MODELS}external/box.gltf`, 'utf8')) as { materials: object[]; meshes: { primitives: object[] }[] };
/** The 1 m test box with two material variants (KHR_materials_variants): "Oak" and "Dark Walnut". */
const chair = {
  ...box,
  extensionsUsed: ['KHR_materials_variants'],
  extensions: { KHR_materials_variants: { variants: [{ name: 'Oak' }, { name: 'Dark Walnut' }] } },
  materials: [...box.materials, { name: 'walnut' }],
  meshes: [{ primitives: [{ ...box.meshes[0]?.primitives[0], extensions: { KHR_materials_variants: { mappings: [{ material: 1, variants: [1] }] } } }] }],
};
const FILES: Record<string, Uint8Array> = {
  'https://assets.test/chair.gltf': new TextEncoder().encode(JSON.stringify(chair)),
  'https://assets.test/box.bin': readFileSync(`${MODELS}external/box.bin`),
  'https://assets.test/checker.png': readFileSync(`${MODELS}external/checker.png`),
};
const readFile = async (url: string) => FILES[url] ?? Promise.reject(new ModelFileError('not found'));

const asset = (name: string): Asset => {
  const url = `https://assets.test/${name}`;
  return { id: name, title: '', description: '', url, contentType: 'application/octet-stream', fileName: name, size: FILES[url]?.length ?? 0 };
};
const variants: ModelVariant[] = [
  { id: 'walnut', label: 'Nussbaum', gltfName: 'Dark Walnut', swatch: '#5a3a22' },
  { id: 'ghost', label: 'Not in the file', gltfName: 'Ghost' },
  { id: 'red', label: 'Rot', colors: { finish: '#ff0000', Seat: '#00ff00' } },
];
const model = {
  id: 'model-chair',
  slug: 'chair',
  file: asset('chair.gltf'),
  files: [asset('box.bin'), asset('checker.png')],
  description: { document: { nodeType: 'document', data: {}, content: [] }, links: { entries: {}, assets: {} } },
  hotspotNotes: {
    seat: { document: { nodeType: 'document', content: [{ nodeType: 'paragraph', content: [{ nodeType: 'text', value: 'Oak. '.repeat(250) }] }] } },
  },
  dimensions: { width: 1000, height: 2000, depth: 1020, unit: 'mm' },
  viewer: {
    src: 'https://assets.test/chair.gltf',
    alt: 'Chair',
    files: { 'box.bin': 'https://assets.test/box.bin', 'checker.png': 'https://assets.test/checker.png' },
    variants,
    hotspots: [
      { id: 'seat', label: 'Seat', position: { x: 0.5, y: 0.52, z: 0 }, normal: { x: 0, y: 1, z: 0 } },
      { id: 'moon', label: 'Moon', position: { x: 0, y: 3, z: 0 }, normal: { x: 0, y: 1, z: 0 } },
    ],
  },
} as unknown as Model3D;
const article = {
  body: { document: {}, links: { entries: { [model.id]: { id: model.id, type: 'model', model: model.viewer } }, assets: {} } },
} as unknown as Article;
const content = {
  listModels: async () => [{ id: model.id, slug: model.slug }],
  getModel: async () => model,
  getArticle: async () => article,
} as unknown as ContentApi;
const visitor: QueryOptions = { locale: 'en-US', preview: false };

let site: ContentApi;
beforeAll(async () => {
  const checks = createModelChecks({ content, readFile, embedded: false, timeoutMs: 10_000, logger: pino({ level: 'silent' }) });
  await checks.refresh();
  site = withModelChecks(content, checks);
});

describe('a model with variants after ingest', () => {
  it("shows the file's variants in file order, named by their entries or by the file, then the colour variants", async () => {
    const { viewer, check } = (await site.getModel('chair', visitor)) ?? {};

    expect(viewer?.variants).toEqual([
      { id: 'oak', label: 'Oak', gltfName: 'Oak' },
      { id: 'walnut', label: 'Nussbaum', gltfName: 'Dark Walnut', swatch: '#5a3a22' },
      { id: 'red', label: 'Rot', colors: { finish: '#ff0000', Seat: '#00ff00' } },
    ]);
    expect(check).toBeUndefined();
  });

  it('settles the variants of the same model embedded in rich text', async () => {
    const embedded = (await site.getArticle('story', visitor))?.body.links.entries[model.id]?.model;
    expect(embedded?.variants?.map((v) => v.id)).toEqual(['oak', 'walnut', 'red']);
  });

  it('hands every request the same settled rich text while content and checks stay, so pages derive its keys once', async () => {
    const first = (await site.getArticle('story', visitor))?.body;
    const second = (await site.getArticle('story', visitor))?.body;

    expect(first).not.toBe(article.body);
    expect(second).toBe(first);
  });

  it('tells editors in preview what the entry says that the file contradicts, before the validator warnings', async () => {
    const check = (await site.getModel('chair', { ...visitor, preview: true }))?.check;

    expect(check).toMatchObject({ viewable: true, errorCount: 0, fileVariants: ['Oak', 'Dark Walnut'], materials: ['finish', 'walnut'] });
    expect(check?.bounds).toEqual({ min: { x: -0.5, y: -0.5, z: -0.5 }, max: { x: 0.5, y: 0.5, z: 0.5 } });
    expect(check?.warnings.slice(0, 5)).toEqual([
      'variant ghost: the file has no variant "Ghost", so it is not shown (the file has "Oak", "Dark Walnut")',
      'variant red: the file has no material "Seat" (it has "finish", "walnut")',
      'hotspot "Seat": its note has 1250 characters; keep it under 1000',
      'hotspot "Moon": its position lies outside the model (x -0.5…0.5, y -0.5…0.5, z -0.5…0.5)',
      "dimensions: height 2000 mm differs from the file's 1 m by 100 %",
    ]);
    expect(check?.warningCount).toBe(check!.warnings.length);
  });
});

describe('rich text marked by the checks', () => {
  it('settles an embed again once its check changes', async () => {
    let check: ModelCheck | undefined;
    const checks = { checkOfEmbed: () => check } as unknown as ModelChecks;
    const marked = withModelChecks(content, checks);
    const embed = async () => (await marked.getArticle('story', visitor))?.body.links.entries[model.id]?.model;

    expect(await embed()).toBe(model.viewer);
    check = { viewable: false, errorCount: 1, errors: ['broken'], warnings: [], warningCount: 0 } as unknown as ModelCheck;
    expect(await embed()).toMatchObject({ src: model.viewer.src, unavailable: true });
    check = undefined;
    expect(await embed()).toBe(model.viewer);
  });
});
