import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Document, Logger } from '@gltf-transform/core';
import { Matrix4, Ray, Vector3 } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';

import { createGltfIo } from './test-gltf.ts';

import type { Material, NodeIO } from '@gltf-transform/core';
import type { KHRMaterialsVariants, MappingList } from '@gltf-transform/extensions';

type Vec3 = [number, number, number];
type Xyz = { x: number; y: number; z: number };

const round = (value: number, digits: number) => Number(value.toFixed(digits)) + 0;
const toXyz = (v: Vector3, digits: number) => ({ x: round(v.x, digits), y: round(v.y, digits), z: round(v.z, digits) });

/**
 * Where each ray (from a point towards another) first meets the default scene's triangles, node transforms applied,
 * in root space, rounded to 0.1 mm: its position and the face's normal turned back towards the ray. Throws on a miss.
 */
function castRays(document: Document, rays: { from: Vec3; toward: Vec3 }[]): { position: Xyz; normal: Xyz }[] {
  const triangles: [Vector3, Vector3, Vector3][] = [];
  document
    .getRoot()
    .getDefaultScene()
    ?.traverse((node) => {
      const world = new Matrix4().fromArray(node.getWorldMatrix());
      for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
        const [position, indices] = [primitive.getAttribute('POSITION'), primitive.getIndices()];
        if (!position || !indices) continue;
        const vertex = (i: number) => new Vector3().fromArray(position.getElement(indices.getScalar(i), [0, 0, 0])).applyMatrix4(world);
        for (let i = 0; i < indices.getCount(); i += 3) triangles.push([vertex(i), vertex(i + 1), vertex(i + 2)]);
      }
    });
  return rays.map(({ from, toward }) => {
    const ray = new Ray(new Vector3(...from), new Vector3(...toward).sub(new Vector3(...from)).normalize());
    let best: { distance: number; point: Vector3; triangle: [Vector3, Vector3, Vector3] } | undefined;
    for (const triangle of triangles) {
      const point = ray.intersectTriangle(...triangle, false, new Vector3());
      const distance = point?.distanceTo(ray.origin) ?? Number.POSITIVE_INFINITY;
      if (point && distance < (best?.distance ?? Number.POSITIVE_INFINITY)) best = { distance, point, triangle };
    }
    if (!best) throw new Error(`The ray from ${from.join(', ')} towards ${toward.join(', ')} misses the model`);
    const [a, b, c] = best.triangle;
    const normal = new Vector3().subVectors(b, a).cross(new Vector3().subVectors(c, a)).normalize();
    if (normal.dot(ray.direction) > 0) normal.negate();
    return { position: toXyz(best.point, 4), normal: toXyz(normal, 4) };
  });
}

/** The committed showcase content (ADR 043): a file-variant model, a colour-variant model and a model with hotspots (content/README.md). */
const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

interface Link {
  sys: { id: string };
}
interface Entity {
  sys: { id: string; contentType?: { sys: { id: string } } };
  fields: Record<string, Record<string, unknown>>;
}
const space = JSON.parse(readFileSync(join(CONTENT_DIR, 'space-export.json'), 'utf8')) as { entries: Entity[]; assets: Entity[] };
const byId = new Map([...space.entries, ...space.assets].map((entity) => [entity.sys.id, entity]));
const en = <T>(entity: Entity | undefined, field: string) => entity?.fields[field]?.['en-US'] as T;
const linked = (model: string, field: string) => (en<Link[] | undefined>(byId.get(model), field) ?? []).map((link) => byId.get(link.sys.id));

let io: NodeIO;
const readModel = (slug: string) => {
  const file = en<{ url: string }>(byId.get(en<Link>(byId.get(`model-${slug}`), 'file').sys.id), 'file');
  return io.readBinary(new Uint8Array(readFileSync(join(CONTENT_DIR, 'assets', file.url.replace(/^\/\//, '')))));
};

beforeAll(async () => {
  io = await createGltfIo();
});

describe('demo content for variants and hotspots', () => {
  it('gives each new entry a valid key or position and both locales for every text', () => {
    const entries = space.entries.filter((entry) => ['modelVariant', 'hotspot'].includes(entry.sys.contentType?.sys.id ?? ''));

    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) {
      for (const field of ['label', 'note'].filter((name) => name in entry.fields))
        expect(Object.keys(entry.fields[field] ?? {}), `${entry.sys.id}.${field}`).toEqual(['en-US', 'de-DE']);
      if (entry.sys.contentType?.sys.id === 'modelVariant') {
        expect(en<string>(entry, 'key'), entry.sys.id).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
        expect(en<string>(entry, 'swatch'), entry.sys.id).toMatch(/^#[0-9a-f]{6}$/);
        for (const color of Object.values(en<Record<string, string> | undefined>(entry, 'colors') ?? {}))
          expect(color, entry.sys.id).toMatch(/^#[0-9a-f]{6}$/i);
      }
    }
  });

  // Their ids are `variant-<model>-<key>` and `hotspot-<model>-<key>`, so a key repeated within a model repeats an id.
  it("gives a model's variants, and its hotspots, keys of their own", () => {
    const ids = space.entries.map((entry) => entry.sys.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('ships the lounge chair with three KHR_materials_variants named by its modelVariant entries, sharing two texture pairs', async () => {
    const variants = linked('model-ostra-lounge-chair', 'variants');
    const document = await readModel('ostra-lounge-chair');
    const extension = document
      .getRoot()
      .listExtensionsUsed()
      .find((used) => used.extensionName === 'KHR_materials_variants') as KHRMaterialsVariants;
    const names = extension?.listVariants().map((variant) => variant.getName());

    expect(variants.map((variant) => en<string>(variant, 'gltfName'))).toEqual(names);
    expect(names).toHaveLength(3);
    const mapped = document
      .getRoot()
      .listMeshes()
      .flatMap((mesh) => mesh.listPrimitives())
      .map((primitive) => primitive.getExtension<MappingList>('KHR_materials_variants'))
      .filter((list) => list !== null);
    expect(mapped).toHaveLength(2);
    const materialsOf = (list: MappingList) => list.listMappings().map((mapping) => mapping.getMaterial() as Material);
    // Each variant swaps at least one part, and every variant material reuses the textures: switching loads no image.
    expect(new Set(names?.map((_, i) => mapped.map((list) => materialsOf(list)[i]?.getName()).join())).size).toBe(3);
    expect(document.getRoot().listTextures()).toHaveLength(4);
    for (const list of mapped) expect(new Set(materialsOf(list).map((material) => material.getBaseColorTexture())).size).toBe(1);
  });

  it('tints only materials the colour-variant vase has, which has no variants extension', async () => {
    const variants = linked('model-tide-vase', 'variants');
    const document = await readModel('tide-vase');
    const materials = document
      .getRoot()
      .listMaterials()
      .map((material) => material.getName());

    expect(variants.length).toBeGreaterThanOrEqual(2);
    expect(document.getRoot().listExtensionsUsed()).toEqual([]);
    for (const variant of variants) {
      const colors = en<Record<string, string>>(variant, 'colors');
      expect(Object.keys(colors).length, variant?.sys.id).toBeGreaterThan(0);
      for (const [material, color] of Object.entries(colors)) {
        expect(materials).toContain(material);
        expect(color).toMatch(/^#[0-9a-f]{6}$/);
      }
    }
  });

  it('gives every variant but the first (which the model poster shows) a poster of its own', () => {
    for (const model of ['model-ostra-lounge-chair', 'model-tide-vase']) {
      const posters = linked(model, 'variants').map((variant) => en<Link | undefined>(variant, 'poster')?.sys.id);

      expect(posters[0], model).toBeUndefined();
      for (const id of posters.slice(1)) expect(en<{ contentType: string }>(byId.get(id ?? ''), 'file')?.contentType, `${model} ${id}`).toBe('image/jpeg');
    }
  });

  it('pins the table hotspots on the decoded surface, facing out, with a camera on their side', async () => {
    const hotspots = linked('model-kerf-dining-table', 'hotspots');
    const document = await readModel('kerf-dining-table');

    expect(hotspots.length).toBeGreaterThanOrEqual(4);
    for (const hotspot of hotspots) {
      const [p, n] = [en<Xyz>(hotspot, 'position'), en<Xyz>(hotspot, 'normal')];
      // Back from 5 cm out along the normal: the first surface met is the hotspot itself, so it is on the surface and faces out.
      const [hit] = castRays(document, [{ from: [p.x + n.x * 0.05, p.y + n.y * 0.05, p.z + n.z * 0.05], toward: [p.x, p.y, p.z] }]);

      expect(Math.hypot(hit!.position.x - p.x, hit!.position.y - p.y, hit!.position.z - p.z), hotspot?.sys.id).toBeLessThan(0.001);
      expect(hit!.normal.x * n.x + hit!.normal.y * n.y + hit!.normal.z * n.z, hotspot?.sys.id).toBeGreaterThan(0.99);
      const { azimuthDeg, polarDeg } = en<{ azimuthDeg: number; polarDeg: number }>(hotspot, 'camera');
      const [azimuth, polar] = [(azimuthDeg * Math.PI) / 180, (polarDeg * Math.PI) / 180];
      const view = { x: Math.sin(polar) * Math.sin(azimuth), y: Math.cos(polar), z: Math.sin(polar) * Math.cos(azimuth) };
      expect(view.x * n.x + view.y * n.y + view.z * n.z, hotspot?.sys.id).toBeGreaterThan(0.3);
    }
  });
});

describe('castRays (the test helper above)', () => {
  const plate = () => {
    const document = new Document().setLogger(new Logger(Logger.Verbosity.SILENT));
    const buffer = document.createBuffer();
    const accessor = (type: 'VEC3' | 'SCALAR', array: Float32Array<ArrayBuffer> | Uint16Array<ArrayBuffer>) =>
      document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    // A 2 × 2 m square in the x-y plane, lifted by its node to z = 0.5.
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0])))
      .setIndices(accessor('SCALAR', new Uint16Array([0, 1, 2, 0, 2, 3])));
    const node = document.createNode().setMesh(document.createMesh().addPrimitive(primitive)).setTranslation([0, 0, 0.5]);
    document.getRoot().setDefaultScene(document.createScene().addChild(node));
    return document;
  };

  it('returns the first hit in scene space with the normal facing the ray, and throws on a miss', () => {
    expect(castRays(plate(), [{ from: [0.25, 0, -3], toward: [0.25, 0, 0] }])).toEqual([
      { position: { x: 0.25, y: 0, z: 0.5 }, normal: { x: 0, y: 0, z: -1 } },
    ]);
    expect(() => castRays(plate(), [{ from: [3, 0, -3], toward: [3, 0, 0] }])).toThrow(/misses the model/);
  });
});
