import { describe, expect, it } from 'vitest';

import { toModel } from '#server/services/content/mapper.ts';
import { toViewerSource } from '#server/services/content/mapper-viewer.ts';
import { mergeVariants, toEntryVariants, variantSlug, withFileVariants } from '#server/services/content/mapper-viewer.ts';
import { createTaxonomy } from '#server/services/content/taxonomy.ts';

import type { SdkEntry } from '#server/services/content/mapper.ts';
import type { MapContext } from '#server/services/content/taxonomy.ts';
import type { ModelCheck } from '#shared/content/types.ts';

const asset = (id: string, fileName: string, contentType = 'application/octet-stream') => ({
  sys: { type: 'Asset', id },
  fields: { title: id, file: { url: `//assets.ctfassets.net/space/${id}/tok/${fileName}`, fileName, contentType } },
});
const entry = (id: string, fields: Record<string, unknown>, updatedAt = '2026-11-01T00:00:00.000Z') => ({ sys: { type: 'Entry', id, updatedAt }, fields });
const unresolved = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const model = (fields: Record<string, unknown>) =>
  ({ sys: { id: 'm1', type: 'Entry' }, fields: { name: 'Chair', slug: 'chair', file: asset('glb', 'chair.glb'), ...fields } }) as unknown as SdkEntry;
const ctx: MapContext = { locale: 'de-DE', tagName: () => undefined, allTags: () => [], taxonomy: createTaxonomy([], 'en-US') };
const check = (fileVariants: string[]): ModelCheck => ({
  viewable: true,
  errorCount: 0,
  warningCount: 0,
  errors: [],
  warnings: [],
  needs: { draco: false, meshopt: false, ktx2: false, externalFiles: [] },
  fileVariants,
});

describe('model variants', () => {
  it('keeps entries with a valid key, capped labels, checked colours, image posters; hostile ones drop out', () => {
    const variants = toEntryVariants([
      entry('v1', { key: 'oak', label: 'x'.repeat(500), gltfName: 'Oak', swatch: '#AABBCC', poster: asset('p', 'oak.jpg', 'image/jpeg') }),
      entry('v2', { key: 'Bad Key', label: 'No' }),
      entry('v3', { key: 'oak', label: 'Duplicate' }),
      unresolved('v4'),
      entry('v5', { key: 'red', label: 'Red', colors: { Seat: '#ff0000', Legs: 'red', Frame: '#00ff00" onload="x' }, swatch: 'javascript:1' }),
      entry('v6', { key: 'blank', colors: { Seat: 'nope' } }),
      entry('v7', { key: 'film', label: 'Film', poster: asset('f', 'film.mp4', 'video/mp4') }),
    ]);

    expect(variants).toEqual([
      {
        id: 'oak',
        entryId: 'v1',
        label: 'x'.repeat(80),
        gltfName: 'Oak',
        swatch: '#aabbcc',
        poster: expect.objectContaining({ url: 'https://assets.ctfassets.net/space/p/tok/oak.jpg' }),
      },
      { id: 'red', entryId: 'v5', label: 'Red', colors: { Seat: '#ff0000' } },
      // No gltfName and no usable colours: it names the file's variant by its key.
      { id: 'blank', entryId: 'v6', label: 'blank', gltfName: 'blank' },
      { id: 'film', entryId: 'v7', label: 'Film', gltfName: 'film' },
    ]);
  });

  it('bounds the list to 24 entries', () => {
    const many = Array.from({ length: 40 }, (_, i) => entry(`v${i}`, { key: `k${i}`, label: `K${i}` }));
    expect(toEntryVariants(many)).toHaveLength(24);
    expect(toEntryVariants('not a list')).toEqual([]);
  });

  it("orders the file's variants first (file order), merged with their entries, then colour variants; unknown names drop out", () => {
    const entries = toEntryVariants([
      entry('a', { key: 'red', label: 'Rot', colors: { Seat: '#ff0000' } }),
      entry('b', { key: 'walnut', label: 'Nussbaum', swatch: '#5a3a22' }),
      entry('c', { key: 'ghost', label: 'Not in the file', gltfName: 'Ghost' }),
      entry('d', { key: 'light', label: 'Hell', gltfName: 'Light Oak' }),
    ]);

    expect(mergeVariants(entries, ['Light Oak', 'Dark Wälnut!', 'walnut'])).toEqual([
      { id: 'light', entryId: 'd', label: 'Hell', gltfName: 'Light Oak' },
      { id: 'dark-walnut', label: 'Dark Wälnut!', gltfName: 'Dark Wälnut!' },
      { id: 'walnut', entryId: 'b', label: 'Nussbaum', gltfName: 'walnut', swatch: '#5a3a22' },
      { id: 'red', entryId: 'a', label: 'Rot', colors: { Seat: '#ff0000' } },
    ]);
  });

  it('gives file variants whose names slug alike distinct ids; an entry may name a file variant and tint it too', () => {
    const entries = toEntryVariants([entry('a', { key: 'oak', label: 'Eiche', gltfName: 'Oak', colors: { Seat: '#ff0000' } })]);
    const merged = mergeVariants(entries, ['Oak', 'oak', '!!!', '']);

    expect(merged.map((v) => v.id)).toEqual(['oak', 'oak-2', 'variant', 'variant-4']);
    expect(merged[0]).toEqual({ id: 'oak', entryId: 'a', label: 'Eiche', gltfName: 'Oak', colors: { Seat: '#ff0000' } });
    expect(new Set(merged.map((v) => v.id)).size).toBe(merged.length);
    const long = mergeVariants([], ['x'.repeat(100), 'x'.repeat(100)]);
    expect(long.map((v) => v.id)).toEqual(['x'.repeat(64), `${'x'.repeat(60)}-2`]);
  });

  it('settles the swatch group only once ingest has read the file', () => {
    const source = toViewerSource(model({ variants: [entry('a', { key: 'ghost', label: 'Ghost' })] }));
    expect(source?.variants).toEqual([{ id: 'ghost', entryId: 'a', label: 'Ghost', gltfName: 'ghost' }]);
    expect(withFileVariants(source!, undefined)).toBe(source);
    expect(withFileVariants(source!, check([]))).not.toHaveProperty('variants');
    expect(withFileVariants(source!, check(['Blue'])).variants).toEqual([{ id: 'blue', label: 'Blue', gltfName: 'Blue' }]);
  });

  it('makes ids from file names that fit the ?variant= pattern', () => {
    expect(variantSlug('  Ünïcode Ñame / 2 ')).toBe('unicode-name-2');
    expect(variantSlug('a'.repeat(63) + '-b')).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
    expect(variantSlug('a'.repeat(63) + '-b')).not.toMatch(/-$/);
  });
});

describe('model hotspots', () => {
  const note = {
    nodeType: 'document',
    data: {},
    content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'Oak', marks: [], data: {} }] }],
  };

  it('keeps finite positions and normalises normals; bad vectors, empty labels, duplicates and unresolved links drop out', () => {
    const hotspots = [
      entry('h1', { label: 'Seat', position: { x: 0, y: 0.4, z: 0.1 }, normal: { x: 0, y: 2, z: 0 }, camera: { azimuthDeg: 30, polarDeg: 60, distance: 2 } }),
      entry('h2', { label: 'NaN', position: { x: Number.NaN, y: 0, z: 0 }, normal: { x: 0, y: 1, z: 0 } }),
      entry('h3', { label: 'Zero normal', position: { x: 0, y: 0, z: 0 }, normal: { x: 0, y: 0, z: 0 } }),
      entry('h4', { label: 'Strings', position: { x: '1', y: 0, z: 0 }, normal: { x: 0, y: 1, z: 0 } }),
      entry('h5', { label: '', position: { x: 0, y: 0, z: 0 }, normal: { x: 1, y: 0, z: 0 } }),
      entry('h1', { label: 'Again', position: { x: 0, y: 0, z: 0 }, normal: { x: 1, y: 0, z: 0 } }),
      unresolved('h6'),
      entry('h7', { label: 'Huge', position: { x: Number.POSITIVE_INFINITY, y: 0, z: 0 }, normal: { x: 1, y: 0, z: 0 } }),
      entry('h8', { label: 'Bad camera', position: { x: 1, y: 2, z: 3 }, normal: { x: 0, y: 0, z: -1 }, camera: { azimuthDeg: 1, polarDeg: 500 } }),
    ];
    expect(toViewerSource(model({ hotspots }))?.hotspots).toEqual([
      { id: 'h1', label: 'Seat', position: { x: 0, y: 0.4, z: 0.1 }, normal: { x: 0, y: 1, z: 0 }, camera: { azimuthDeg: 30, polarDeg: 60, distance: 2 } },
      { id: 'h8', label: 'Bad camera', position: { x: 1, y: 2, z: 3 }, normal: { x: 0, y: 0, z: -1 } },
    ]);
  });

  it('bounds the list to 24 and carries each note with its own version', () => {
    const hotspots = Array.from({ length: 30 }, (_, i) =>
      entry(`h${i}`, { label: `H${i}`, note, position: { x: i, y: 0, z: 0 }, normal: { x: 0, y: 1, z: 0 } }, `2026-11-0${(i % 9) + 1}T00:00:00.000Z`),
    );
    const mapped = toModel(model({ hotspots }), ctx);

    expect(mapped?.viewer.hotspots).toHaveLength(24);
    expect(Object.keys(mapped?.hotspotNotes ?? {})).toHaveLength(24);
    expect(mapped?.hotspotNotes?.h2).toEqual({ document: note, links: { entries: {}, assets: {} }, updatedAt: '2026-11-03T00:00:00.000Z' });
  });

  it('leaves a model without hotspots, variants or USDZ free of the fields', () => {
    const mapped = toModel(model({}), ctx);
    expect(mapped).not.toHaveProperty('hotspotNotes');
    expect(Object.keys(mapped!.viewer)).toEqual(['src', 'alt', 'autoRotate']);
  });
});

describe('model usdz', () => {
  it('takes a .usdz asset by content type or file name, nothing else', () => {
    expect(toViewerSource(model({ usdz: asset('u', 'chair.usdz') }))?.usdz).toBe('https://assets.ctfassets.net/space/u/tok/chair.usdz');
    expect(toViewerSource(model({ usdz: asset('u', 'chair', 'model/vnd.usdz+zip') }))?.usdz).toBe('https://assets.ctfassets.net/space/u/tok/chair');
    expect(toViewerSource(model({ usdz: asset('u', 'chair.glb', 'model/gltf-binary') }))).not.toHaveProperty('usdz');
    const unsafe = { sys: { type: 'Asset', id: 'x' }, fields: { file: { url: 'javascript:alert(1)//.usdz', fileName: 'x.usdz' } } };
    expect(toViewerSource(model({ usdz: unsafe }))).not.toHaveProperty('usdz');
  });
});
