import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BLOCKS, INLINES, MARKS, validateRichTextDocument } from '@contentful/rich-text-types';
import { Logger } from '@gltf-transform/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { ExternalFileError, validateModel } from '#server/services/models/model-validation.ts';

import { createGltfIo } from './test-gltf.ts';

import type { Document } from '@contentful/rich-text-types';
import type { GLTF, NodeIO } from '@gltf-transform/core';
import type { KHRMaterialsVariants } from '@gltf-transform/extensions';
import type { ModelCheck } from '#shared/content/types.ts';

/**
 * Checks the committed demo space (content/space-export.json + content/assets/) rather
 * than re-running the generator, so a stale or hand-edited export fails here.
 */
const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));
const ASSETS_DIR = join(CONTENT_DIR, 'assets');

interface Link {
  sys: { type: string; linkType: string; id?: string; urn?: string };
}
interface Entity {
  sys: Record<string, unknown> & { id: string; type: string; contentType?: Link; publishedVersion?: number };
  fields: Record<string, Record<string, unknown>>;
  metadata?: { tags: Link[]; concepts: Link[] };
}
interface Validation {
  size?: { min?: number; max?: number };
  regexp?: { pattern: string; flags: string | null };
  [other: string]: unknown;
}
interface FileField {
  url: string;
  fileName: string;
  contentType: string;
  details: { size: number; image?: { width: number; height: number } };
}
interface RichNode {
  nodeType: string;
  data: { target?: Link; uri?: string };
  content?: RichNode[];
  marks?: { type: string }[];
}

const space = JSON.parse(readFileSync(join(CONTENT_DIR, 'space-export.json'), 'utf8')) as {
  contentTypes: {
    sys: { id: string };
    fields: {
      id: string;
      type: string;
      required: boolean;
      localized: boolean;
      linkType?: string;
      validations: Validation[];
      items?: { validations: Validation[] };
    }[];
  }[];
  editorInterfaces: unknown[];
  entries: Entity[];
  assets: Entity[];
  locales: { code: string; default: boolean; fallbackCode: string | null }[];
  tags: { sys: { id: string; visibility: string }; name: string }[];
  webhooks: unknown[];
  roles: unknown[];
  taxonomy: {
    conceptSchemes: { sys: { id: string }; concepts: Link[]; topConcepts: Link[]; totalConcepts: number }[];
    concepts: { sys: { id: string; type: string }; prefLabel: Record<string, string>; broader: Link[]; related: Link[] }[];
  };
};

/** Links that deliberately do not resolve in this space (see content/README.md). */
const FOREIGN_SPACE_URN = /^crn:contentful:::content:spaces\/vitrine-archive\/entries\//;
const DRAFT_ID = 'article-spring-collection-preview';

const entriesById = new Map(space.entries.map((entry) => [entry.sys.id, entry]));
const assetsById = new Map(space.assets.map((asset) => [asset.sys.id, asset]));
const typeOf = (entry: Entity) => entry.sys.contentType?.sys.id ?? '';
const entriesOfType = (type: string) => space.entries.filter((entry) => typeOf(entry) === type);
const fileOf = (asset: Entity) => asset.fields['file']?.['en-US'] as FileField;
const localPath = (file: FileField) => join(ASSETS_DIR, file.url.replace(/^\/\//, ''));

function richTextFields(): { entry: Entity; locale: string; document: RichNode }[] {
  const found: { entry: Entity; locale: string; document: RichNode }[] = [];
  for (const entry of space.entries) {
    const contentType = space.contentTypes.find((type) => type.sys.id === typeOf(entry));
    for (const field of contentType?.fields.filter((candidate) => candidate.type === 'RichText') ?? []) {
      for (const [locale, value] of Object.entries(entry.fields[field.id] ?? {})) found.push({ entry, locale, document: value as RichNode });
    }
  }
  return found;
}

function walk(node: RichNode, visit: (node: RichNode) => void): void {
  visit(node);
  for (const child of node.content ?? []) walk(child, visit);
}

describe('demo space export', () => {
  it('has the top-level keys of a contentful space export plus taxonomy', () => {
    expect(Object.keys(space)).toEqual(['contentTypes', 'tags', 'editorInterfaces', 'entries', 'assets', 'locales', 'webhooks', 'roles', 'taxonomy']);
    expect(space.webhooks).toEqual([]);
    expect(space.roles).toEqual([]);
    expect(space.editorInterfaces).toHaveLength(space.contentTypes.length);
  });

  it('holds the promised number of entries per content type', () => {
    expect(space.contentTypes.map((type) => type.sys.id).sort()).toEqual(['article', 'hotspot', 'model', 'modelVariant', 'page', 'person', 'siteSettings']);
    expect(entriesOfType('siteSettings')).toHaveLength(1);
    expect(entriesOfType('page').length).toBeGreaterThanOrEqual(4);
    expect(entriesOfType('article').filter((entry) => entry.sys.publishedVersion)).toHaveLength(12);
    expect(entriesOfType('model').length).toBeGreaterThanOrEqual(8);
    expect(entriesOfType('person')).toHaveLength(2);
    expect(entriesOfType('model').filter((entry) => entry.fields['featured']?.['en-US'] === true).length).toBeGreaterThan(0);
  });

  it('has exactly one unpublished draft, an article', () => {
    const drafts = [...space.entries, ...space.assets].filter((entity) => !entity.sys.publishedVersion);

    expect(drafts.map((draft) => draft.sys.id)).toEqual([DRAFT_ID]);
    expect(drafts[0]?.sys['publishedAt']).toBeUndefined();
  });

  it('declares en-US as default and de-DE falling back to it, with content in both', () => {
    expect(space.locales.map(({ code, default: isDefault, fallbackCode }) => ({ code, isDefault, fallbackCode }))).toEqual([
      { code: 'en-US', isDefault: true, fallbackCode: null },
      { code: 'de-DE', isDefault: false, fallbackCode: 'en-US' },
    ]);
    for (const type of ['siteSettings', 'page', 'article', 'model', 'person']) {
      const localized = entriesOfType(type).flatMap((entry) => Object.values(entry.fields).filter((value) => 'de-DE' in value));
      expect(localized.length, type).toBeGreaterThan(0);
    }
    const missingGerman = space.entries.flatMap((entry) =>
      Object.entries(entry.fields)
        .filter(([id, value]) => !('de-DE' in value) && ['title', 'excerpt', 'body', 'summary', 'bio', 'seoDescription'].includes(id))
        .map(([id]) => `${entry.sys.id}.${id}`),
    );
    expect(missingGerman.sort()).toEqual([
      'article-scale-without-a-ruler.body',
      'article-scale-without-a-ruler.excerpt',
      'model-ladder-shelf.summary',
      'page-visit.seoDescription',
      'person-jonas-ebert.bio',
    ]);
  });

  it('fills every required field and only fields its content type defines', () => {
    for (const entry of space.entries) {
      const contentType = space.contentTypes.find((type) => type.sys.id === typeOf(entry));
      const defined = new Set(contentType?.fields.map((field) => field.id));
      expect(
        [...Object.keys(entry.fields)].filter((id) => !defined.has(id)),
        entry.sys.id,
      ).toEqual([]);
      for (const field of contentType?.fields.filter((candidate) => candidate.required) ?? [])
        expect(entry.fields[field.id]?.['en-US'], `${entry.sys.id}.${field.id}`).toBeDefined();
      for (const field of contentType?.fields.filter((candidate) => !candidate.localized) ?? [])
        expect(
          Object.keys(entry.fields[field.id] ?? {}).filter((locale) => locale !== 'en-US'),
          `${entry.sys.id}.${field.id}`,
        ).toEqual([]);
    }
  });

  it('keeps every value to the size and regexp validations of its field (and of its items)', () => {
    const broken = (value: unknown, { size, regexp }: Validation) => {
      const length = typeof value === 'string' || Array.isArray(value) ? value.length : undefined;
      if (size && length !== undefined && (length < (size.min ?? 0) || length > (size.max ?? Infinity))) return `size ${JSON.stringify(size)}`;
      if (regexp && typeof value === 'string' && !new RegExp(regexp.pattern, regexp.flags ?? '').test(value)) return `regexp ${regexp.pattern}`;
      return undefined;
    };
    const violations: string[] = [];
    for (const entry of space.entries)
      for (const field of space.contentTypes.find((type) => type.sys.id === typeOf(entry))?.fields ?? [])
        for (const [locale, value] of Object.entries(entry.fields[field.id] ?? {})) {
          const checks = [
            ...field.validations.map((validation) => [value, validation] as const),
            ...(Array.isArray(value) ? value.flatMap((item) => (field.items?.validations ?? []).map((validation) => [item, validation] as const)) : []),
          ];
          for (const [checked, validation] of checks) {
            const why = broken(checked, validation);
            if (why) violations.push(`${entry.sys.id}.${field.id} ${locale}: ${why}`);
          }
        }

    expect(violations).toEqual([]);
  });
});

describe('demo space rich text', () => {
  const documents = richTextFields();

  it('is valid according to @contentful/rich-text-types', () => {
    for (const { entry, locale, document } of documents)
      expect(validateRichTextDocument(document as unknown as Document), `${entry.sys.id} ${locale}`).toEqual([]);
  });

  it('uses every node type and every mark', () => {
    const nodeTypes = new Set<string>();
    const marks = new Set<string>();
    for (const { document } of documents)
      walk(document, (node) => {
        nodeTypes.add(node.nodeType);
        for (const mark of node.marks ?? []) marks.add(mark.type);
      });

    expect([...Object.values(BLOCKS), ...Object.values(INLINES)].filter((type) => !nodeTypes.has(type))).toEqual([]);
    expect(Object.values(MARKS).filter((mark) => !marks.has(mark))).toEqual([]);
  });

  it('keeps to the node types, marks and link targets its field allows', () => {
    const violations: string[] = [];
    const structural = new Set<string>([
      BLOCKS.DOCUMENT,
      BLOCKS.PARAGRAPH,
      BLOCKS.LIST_ITEM,
      BLOCKS.TABLE_ROW,
      BLOCKS.TABLE_CELL,
      BLOCKS.TABLE_HEADER_CELL,
      'text',
    ]);
    for (const { entry, locale, document } of documents) {
      const fieldId = Object.entries(entry.fields).find(([, values]) => values[locale] === document)?.[0];
      const field = space.contentTypes.find((type) => type.sys.id === typeOf(entry))?.fields.find((candidate) => candidate.id === fieldId);
      const rule = <T>(key: string) => field?.validations.find((validation) => key in validation)?.[key] as T | undefined;
      const nodeTypes = new Set(rule<string[]>('enabledNodeTypes'));
      const allowedMarks = new Set(rule<string[]>('enabledMarks'));
      const nodes = rule<Record<string, { linkContentType?: string[] }[]>>('nodes') ?? {};
      walk(document, (node) => {
        const where = `${entry.sys.id}.${fieldId} ${locale}: ${node.nodeType}`;
        if (!structural.has(node.nodeType) && !nodeTypes.has(node.nodeType)) violations.push(where);
        for (const mark of node.marks ?? []) if (!allowedMarks.has(mark.type)) violations.push(`${where} ${mark.type}`);
        const allowedTypes = nodes[node.nodeType]?.[0]?.linkContentType;
        const target = node.data.target?.sys.id ? entriesById.get(node.data.target.sys.id) : undefined;
        if (allowedTypes && target && !allowedTypes.includes(typeOf(target))) violations.push(`${where} -> ${typeOf(target)}`);
      });
    }

    expect(violations).toEqual([]);
  });

  it('uses https, mailto and tel hyperlinks and embeds an image, a glTF model, a video and a PDF', () => {
    const uris: string[] = [];
    const embeddedTypes = new Set<string>();
    for (const { document } of documents)
      walk(document, (node) => {
        if (node.nodeType === INLINES.HYPERLINK && node.data.uri) uris.push(node.data.uri);
        if (node.nodeType === BLOCKS.EMBEDDED_ASSET && node.data.target?.sys.id)
          embeddedTypes.add(fileOf(assetsById.get(node.data.target.sys.id) as Entity).contentType);
      });

    for (const scheme of ['https:', 'mailto:', 'tel:'])
      expect(
        uris.some((uri) => uri.startsWith(scheme)),
        scheme,
      ).toBe(true);
    expect([...embeddedTypes].sort()).toEqual(expect.arrayContaining(['application/pdf', 'image/jpeg', 'image/png', 'model/gltf-binary', 'video/mp4']));
  });

  it('links only to entries and assets that exist, except the documented foreign-space URN', () => {
    const unresolved: string[] = [];
    const toDraft: string[] = [];
    for (const { entry, document } of documents)
      walk(document, (node) => {
        const sys = node.data.target?.sys;
        if (!sys) return;
        if (sys.type === 'ResourceLink') {
          const match = /^crn:contentful:::content:spaces\/vitrine-demo\/entries\/(.+)$/.exec(sys.urn ?? '');
          if (match?.[1] ? !entriesById.has(match[1]) : !FOREIGN_SPACE_URN.test(sys.urn ?? '')) unresolved.push(`${entry.sys.id} -> ${sys.urn}`);
          return;
        }
        const found = sys.linkType === 'Asset' ? assetsById.get(sys.id ?? '') : entriesById.get(sys.id ?? '');
        if (!found) unresolved.push(`${entry.sys.id} -> ${sys.linkType}:${sys.id}`);
        if (sys.id === DRAFT_ID && entry.sys.id !== DRAFT_ID) toDraft.push(entry.sys.id);
      });

    expect(unresolved).toEqual([]);
    expect(toDraft).toEqual(['article-a-winter-week-in-the-workshop', 'article-a-winter-week-in-the-workshop']);
  });
});

describe('demo space links, tags and taxonomy', () => {
  it('resolves every entry and asset link field', () => {
    const unresolved: string[] = [];
    for (const entry of space.entries) {
      for (const [fieldId, values] of Object.entries(entry.fields)) {
        for (const value of Object.values(values)) {
          const sys = (value as Link | null)?.sys;
          if (sys?.type !== 'Link') continue;
          const target = sys.linkType === 'Asset' ? assetsById.get(sys.id ?? '') : entriesById.get(sys.id ?? '');
          if (!target) unresolved.push(`${entry.sys.id}.${fieldId}`);
        }
      }
    }

    expect(unresolved).toEqual([]);
  });

  it('tags articles and models with public tags and keeps one private tag', () => {
    const tags = new Map(space.tags.map((tag) => [tag.sys.id, tag.sys.visibility]));
    const tagged = space.entries.flatMap((entry) => entry.metadata?.tags.map((link) => link.sys.id ?? '') ?? []);

    expect([...tags.values()].filter((visibility) => visibility === 'private')).toHaveLength(1);
    expect(tagged.filter((id) => !tags.has(id))).toEqual([]);
    for (const type of ['article', 'model'])
      for (const entry of entriesOfType(type))
        expect(
          entry.metadata?.tags.some((link) => tags.get(link.sys.id ?? '') === 'public'),
          entry.sys.id,
        ).toBe(true);
  });

  it('classifies every model with a concept of the product-categories scheme', () => {
    const {
      conceptSchemes: [scheme],
      concepts,
    } = space.taxonomy;
    const conceptIds = new Set(concepts.map((concept) => concept.sys.id));

    expect(scheme?.sys.id).toBe('product-categories');
    expect(scheme?.totalConcepts).toBe(concepts.length);
    expect(scheme?.concepts.map((link) => link.sys.id).sort()).toEqual([...conceptIds].sort());
    for (const concept of concepts) {
      expect(concept.sys.type).toBe('TaxonomyConcept');
      expect(Object.keys(concept.prefLabel)).toEqual(['en-US', 'de-DE']);
      for (const link of [...concept.broader, ...concept.related]) expect(conceptIds.has(link.sys.id ?? ''), link.sys.id).toBe(true);
    }
    for (const top of scheme?.topConcepts ?? []) expect(concepts.find((concept) => concept.sys.id === top.sys.id)?.broader).toEqual([]);
    for (const model of entriesOfType('model'))
      expect(model.metadata?.concepts.every((link) => conceptIds.has(link.sys.id ?? '')) && model.metadata.concepts.length > 0, model.sys.id).toBe(true);
  });
});

describe('demo space asset files', () => {
  it('stores every asset file on disk with its recorded size and image dimensions', async () => {
    for (const asset of space.assets) {
      const file = fileOf(asset);
      const path = localPath(file);

      expect(existsSync(path), path).toBe(true);
      expect(statSync(path).size, asset.sys.id).toBe(file.details.size);
      const host = file.contentType.startsWith('image/') ? 'images' : file.contentType.startsWith('video/') ? 'videos' : 'assets';
      expect(file.url.startsWith(`//${host}.ctfassets.net/vitrine-demo/${asset.sys.id}/`), asset.sys.id).toBe(true);
      if (file.contentType.startsWith('image/')) {
        const { width, height } = await sharp(path).metadata();
        expect({ width, height }, asset.sys.id).toEqual(file.details.image);
      }
    }
  });

  it('ships the video as an MP4 whose first sample is an H.264 IDR picture', () => {
    const video = space.assets.find((asset) => fileOf(asset).contentType === 'video/mp4');
    const bytes = readFileSync(localPath(fileOf(video as Entity)));
    const boxes: { type: string; start: number; size: number }[] = [];
    for (let offset = 0; offset < bytes.length; offset += bytes.readUInt32BE(offset))
      boxes.push({ type: bytes.toString('latin1', offset + 4, offset + 8), start: offset, size: bytes.readUInt32BE(offset) });
    const mdat = boxes.find((box) => box.type === 'mdat');

    expect(boxes.map((box) => box.type)).toEqual(['ftyp', 'moov', 'mdat']);
    expect(bytes.indexOf('avcC', 0, 'latin1')).toBeGreaterThan(0);
    expect((bytes[(mdat?.start ?? 0) + 12] ?? 0) & 0x1f).toBe(5);
  });

  it('keeps each model under 500 KB and all assets under 6 MB', () => {
    const sizes = space.assets.map((asset) => fileOf(asset).details.size);
    const models = space.assets.filter((asset) => fileOf(asset).contentType.startsWith('model/'));

    for (const model of models) expect(fileOf(model).details.size, model.sys.id).toBeLessThan(500 * 1024);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(6 * 1024 * 1024);
  });
});

describe('demo space glTF models', () => {
  let io: NodeIO;
  const modelFile = (slug: string) => {
    const entry = entriesById.get(`model-${slug}`) as Entity;
    return fileOf(assetsById.get((entry.fields['file']?.['en-US'] as Link).sys.id ?? '') as Entity);
  };
  /** A .gltf's sibling files: the assets its entry lists in `model.files`, as a real space holds them. */
  const siblingFiles = (slug: string) =>
    ((entriesById.get(`model-${slug}`)?.fields['files']?.['en-US'] as Link[] | undefined) ?? []).map((link) =>
      fileOf(assetsById.get(link.sys.id ?? '') as Entity),
    );
  const read = (slug: string) => {
    const file = modelFile(slug);
    if (!file.fileName.endsWith('.gltf')) return io.read(localPath(file));
    const resources = Object.fromEntries(siblingFiles(slug).map((sibling) => [sibling.fileName, new Uint8Array(readFileSync(localPath(sibling)))]));
    return io.readJSON({ json: JSON.parse(readFileSync(localPath(file), 'utf8')) as GLTF.IGLTF, resources });
  };

  beforeAll(async () => {
    io = (await createGltfIo()).setLogger(new Logger(Logger.Verbosity.ERROR));
  });

  it('parses every model with meshes, normals and a default scene', async () => {
    for (const model of entriesOfType('model')) {
      const document = await read(model.fields['slug']?.['en-US'] as string);
      const primitives = document
        .getRoot()
        .listMeshes()
        .flatMap((mesh) => mesh.listPrimitives());

      expect(document.getRoot().getDefaultScene(), model.sys.id).not.toBeNull();
      expect(primitives.length, model.sys.id).toBeGreaterThan(0);
      for (const primitive of primitives) expect(primitive.getAttribute('NORMAL'), model.sys.id).not.toBeNull();
    }
  });

  it('covers each delivery variant with its extensions', async () => {
    const extensions = async (slug: string) =>
      (await read(slug))
        .getRoot()
        .listExtensionsUsed()
        .map((extension) => extension.extensionName);

    expect(await extensions('tide-vase')).toEqual([]);
    expect(await extensions('carvers-mallet')).toEqual(['KHR_texture_basisu']);
    const ktx2Textures = (await read('carvers-mallet')).getRoot().listTextures();
    expect(ktx2Textures.map((texture) => texture.getMimeType())).toEqual(['image/ktx2', 'image/ktx2']);
    expect(await extensions('kerf-dining-table')).toContain('KHR_draco_mesh_compression');
    expect(await extensions('turned-walnut-bowl')).toContain('KHR_draco_mesh_compression');
    expect(await extensions('halo-pendant')).toContain('EXT_meshopt_compression');
    expect(await extensions('ladder-shelf')).toContain('EXT_meshopt_compression');
    expect((await read('ostra-lounge-chair')).getRoot().listTextures().length).toBeGreaterThanOrEqual(2);
    const animations = (await read('pivot-desk-lamp')).getRoot().listAnimations();
    expect(animations.flatMap((animation) => animation.listChannels()).map((channel) => channel.getTargetPath())).toEqual(['rotation', 'rotation', 'rotation']);
  });

  it('ships the .gltf with its buffer and images as assets of their own, listed in model.files, none beside it', async () => {
    const file = modelFile('tripod-stool');
    const json = JSON.parse(readFileSync(localPath(file), 'utf8')) as { buffers: { uri: string }[]; images: { uri: string }[] };
    const uris = [...json.buffers, ...json.images].map((resource) => resource.uri);
    const siblings = siblingFiles('tripod-stool');

    expect(file.fileName.endsWith('.gltf')).toBe(true);
    expect(uris.length).toBeGreaterThanOrEqual(3);
    expect(siblings.map((sibling) => sibling.fileName).sort()).toEqual([...uris].sort());
    for (const sibling of siblings) expect(dirname(sibling.url), sibling.fileName).not.toBe(dirname(file.url));
    for (const uri of uris) expect(existsSync(join(localPath(file), '..', uri)), uri).toBe(false);
    expect((await read('tripod-stool')).getRoot().listTextures().length).toBe(2);
  });

  // The validator takes about 3 s alone and over 5 s (the default timeout) on a shared, loaded machine.
  it('validates every model with no glTF validator error, the stool with no warning either', { timeout: 30_000 }, async () => {
    const checks = new Map<string, ModelCheck>();
    for (const entry of entriesOfType('model')) {
      const slug = entry.fields['slug']?.['en-US'] as string;
      const file = modelFile(slug);
      const byName = new Map(siblingFiles(slug).map((sibling) => [sibling.fileName, sibling]));
      const resolve = async (uri: string) => {
        const sibling = byName.get(uri);
        if (!sibling) throw new ExternalFileError('not in model.files');
        return { bytes: new Uint8Array(readFileSync(localPath(sibling))) };
      };
      checks.set(slug, await validateModel(new Uint8Array(readFileSync(localPath(file))), file.fileName, resolve));
    }

    expect([...checks].filter(([, check]) => check.errorCount > 0 || !check.viewable)).toEqual([]);
    expect(checks.get('tripod-stool')).toMatchObject({ warningCount: 0, needs: { externalFiles: expect.arrayContaining(['tripod-stool.bin']) } });
    // The validator does not know KHR_texture_basisu: the mallet's KTX2 images are its only warnings (ADR 041).
    expect([...checks].filter(([slug, check]) => check.warningCount > 0 && slug !== 'carvers-mallet')).toEqual([]);
  });

  // The generator copies `dimensions` from each model's front matter (ADR 078): whole millimetres of the default scene's bounds.
  it('records dimensions that match the model bounds, to the millimetre', async () => {
    const { getBounds } = await import('@gltf-transform/core');
    for (const model of entriesOfType('model')) {
      const document = await read(model.fields['slug']?.['en-US'] as string);
      const { min, max } = getBounds(document.getRoot().getDefaultScene()!);
      const [width, height, depth] = [0, 1, 2].map((axis) => Math.round(((max[axis] ?? 0) - (min[axis] ?? 0)) * 1000));

      expect(model.fields['dimensions']?.['en-US'], model.sys.id).toEqual({ width, height, depth, unit: 'mm' });
    }
  });

  it("names in each modelVariant's gltfName a KHR_materials_variants variant of its model's file", async () => {
    for (const model of entriesOfType('model')) {
      const variants = ((model.fields['variants']?.['en-US'] ?? []) as Link[]).map((link) => entriesById.get(link.sys.id ?? ''));
      const gltfNames = variants.flatMap((variant) => (variant?.fields['gltfName'] ? [variant.fields['gltfName']['en-US'] as string] : []));
      if (gltfNames.length === 0) continue;
      const extension = (await read(model.fields['slug']?.['en-US'] as string))
        .getRoot()
        .listExtensionsUsed()
        .find((used) => used.extensionName === 'KHR_materials_variants') as KHRMaterialsVariants | undefined;
      const names = extension?.listVariants().map((variant) => variant.getName()) ?? [];

      expect(
        gltfNames.filter((name) => !names.includes(name)),
        model.sys.id,
      ).toEqual([]);
    }
  });
});
