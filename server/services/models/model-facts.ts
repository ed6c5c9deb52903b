import { Box3 } from 'three/src/math/Box3.js';
import { Matrix4 } from 'three/src/math/Matrix4.js';
import { Quaternion } from 'three/src/math/Quaternion.js';
import { Vector3 } from 'three/src/math/Vector3.js';

import type { ModelCheck, Vec3 } from '#shared/content/types.ts';

/** Bounds of what ingest reads from the glTF JSON for the swatch group and the preview notes. */
const FACT_LIMITS = { variants: 24, materials: 256, name: 256, nodes: 10_000, depth: 64 } as const;

type Facts = Pick<ModelCheck, 'fileVariants' | 'materials' | 'bounds'>;
type GltfNode = Partial<Record<'children' | 'mesh' | 'matrix' | 'translation' | 'rotation' | 'scale', unknown>>;
type GltfAccessor = Partial<Record<'min' | 'max' | 'normalized' | 'componentType', unknown>>;
interface GltfJson {
  scene?: unknown;
  scenes?: { nodes?: unknown }[];
  nodes?: GltfNode[];
  meshes?: { primitives?: { attributes?: { POSITION?: unknown } }[] }[];
  accessors?: GltfAccessor[];
  materials?: { name?: unknown }[];
  extensions?: { KHR_materials_variants?: { variants?: { name?: unknown }[] } };
}

const GLB_MAGIC = 0x46546c67;
const JSON_CHUNK = 0x4e4f534a;

export function readGltfJson(bytes: Uint8Array): GltfJson | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let json = bytes;
  if (bytes.byteLength >= 20 && view.getUint32(0, true) === GLB_MAGIC) {
    if (view.getUint32(16, true) !== JSON_CHUNK) return undefined;
    json = bytes.subarray(20, 20 + view.getUint32(12, true));
  }
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(json));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as GltfJson) : undefined;
  } catch {
    return undefined;
  }
}

const names = (list: unknown, max: number): string[] =>
  (Array.isArray(list) ? list : [])
    .flatMap((item: { name?: unknown } | null) => {
      const name = item?.name;
      return typeof name === 'string' && name !== '' && name.length <= FACT_LIMITS.name ? [name] : [];
    })
    .slice(0, max);

/** Variant names (KHR_materials_variants, file order), material names and the default scene's bounds in metres. */
export function modelFacts(json: GltfJson | undefined): Facts {
  if (!json) return {};
  const bounds = sceneBounds(json);
  return {
    fileVariants: names(json.extensions?.KHR_materials_variants?.variants, FACT_LIMITS.variants),
    materials: names(json.materials, FACT_LIMITS.materials),
    ...(bounds ? { bounds } : {}),
  };
}

const isNumbers = (value: unknown, length: number): value is number[] =>
  Array.isArray(value) && value.length === length && value.every((n) => typeof n === 'number' && Number.isFinite(n));
const numbers = (value: unknown, fallback: number[]) => (isNumbers(value, fallback.length) ? value : fallback);

/** `matrix`, or translation × rotation × scale. */
function localMatrix(node: GltfNode): Matrix4 {
  if (isNumbers(node.matrix, 16)) return new Matrix4().fromArray(node.matrix);
  const [x, y, z, w] = numbers(node.rotation, [0, 0, 0, 1]);
  return new Matrix4().compose(
    new Vector3(...numbers(node.translation, [0, 0, 0])),
    new Quaternion(x, y, z, w),
    new Vector3(...numbers(node.scale, [1, 1, 1])),
  );
}

// A normalized integer accessor stores min/max as integers (KHR_mesh_quantization); the vertex shader sees them divided.
const NORMALIZED_MAX: Record<number, number> = { 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 };

function accessorBox(accessor: GltfAccessor | undefined): Box3 | undefined {
  if (!accessor || !isNumbers(accessor.min, 3) || !isNumbers(accessor.max, 3)) return undefined;
  const divisor = accessor.normalized === true ? (NORMALIZED_MAX[Number(accessor.componentType)] ?? 1) : 1;
  const [min, max] = [accessor.min.map((n) => Math.max(n / divisor, -1e6)), accessor.max.map((n) => Math.min(n / divisor, 1e6))];
  return new Box3(new Vector3(...min), new Vector3(...max));
}

/** From POSITION min/max (no buffer is read): exact for rigid meshes, approximate for skinned or morphed ones. */
function sceneBounds(json: GltfJson): { min: Vec3; max: Vec3 } | undefined {
  const scene = json.scenes?.[typeof json.scene === 'number' ? json.scene : 0];
  const bounds = new Box3();
  let visited = 0;
  const visit = (index: unknown, parent: Matrix4, depth: number) => {
    const node = typeof index === 'number' ? json.nodes?.[index] : undefined;
    if (!node || depth > FACT_LIMITS.depth || ++visited > FACT_LIMITS.nodes) return;
    const world = parent.clone().multiply(localMatrix(node));
    const mesh = typeof node.mesh === 'number' ? json.meshes?.[node.mesh] : undefined;
    for (const primitive of Array.isArray(mesh?.primitives) ? mesh.primitives : []) {
      const position = primitive?.attributes?.POSITION;
      const box = typeof position === 'number' ? accessorBox(json.accessors?.[position]) : undefined;
      if (box) bounds.union(box.applyMatrix4(world));
    }
    if (Array.isArray(node.children)) for (const child of node.children) visit(child, world, depth + 1);
  };
  if (Array.isArray(scene?.nodes)) for (const node of scene.nodes) visit(node, new Matrix4(), 0);
  if (bounds.isEmpty()) return undefined;
  const vec = ({ x, y, z }: Vector3): Vec3 => ({ x: round(x), y: round(y), z: round(z) });
  return { min: vec(bounds.min), max: vec(bounds.max) };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
