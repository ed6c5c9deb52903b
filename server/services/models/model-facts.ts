import type { ModelCheck, Vec3 } from '#shared/content/types.ts';

/** Bounds of what ingest reads from the glTF JSON for the swatch group and the preview notes. */
export const FACT_LIMITS = { variants: 24, materials: 256, name: 256, nodes: 10_000, depth: 64 } as const;

type Facts = Pick<ModelCheck, 'fileVariants' | 'materials' | 'bounds'>;
type Mat4 = number[];
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

const IDENTITY: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const isNumbers = (value: unknown, length: number): value is number[] =>
  Array.isArray(value) && value.length === length && value.every((n) => typeof n === 'number' && Number.isFinite(n));

function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16).fill(0);
  for (let col = 0; col < 4; col++) for (let row = 0; row < 4; row++) for (let k = 0; k < 4; k++) out[col * 4 + row]! += a[k * 4 + row]! * b[col * 4 + k]!;
  return out;
}

/** Column-major: `matrix`, or translation × rotation × scale. */
function localMatrix(node: GltfNode): Mat4 {
  if (isNumbers(node.matrix, 16)) return node.matrix;
  const [tx = 0, ty = 0, tz = 0] = isNumbers(node.translation, 3) ? node.translation : [0, 0, 0];
  const [x = 0, y = 0, z = 0, w = 1] = isNumbers(node.rotation, 4) ? node.rotation : [0, 0, 0, 1];
  const [sx = 1, sy = 1, sz = 1] = isNumbers(node.scale, 3) ? node.scale : [1, 1, 1];
  return [
    ...[(1 - 2 * (y * y + z * z)) * sx, 2 * (x * y + z * w) * sx, 2 * (x * z - y * w) * sx, 0],
    ...[2 * (x * y - z * w) * sy, (1 - 2 * (x * x + z * z)) * sy, 2 * (y * z + x * w) * sy, 0],
    ...[2 * (x * z + y * w) * sz, 2 * (y * z - x * w) * sz, (1 - 2 * (x * x + y * y)) * sz, 0],
    ...[tx, ty, tz, 1],
  ];
}

// A normalized integer accessor stores min/max as integers (KHR_mesh_quantization); the vertex shader sees them divided.
const NORMALIZED_MAX: Record<number, number> = { 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 };

function accessorBox(accessor: GltfAccessor | undefined): [number[], number[]] | undefined {
  if (!accessor || !isNumbers(accessor.min, 3) || !isNumbers(accessor.max, 3)) return undefined;
  const divisor = accessor.normalized === true ? (NORMALIZED_MAX[Number(accessor.componentType)] ?? 1) : 1;
  return [accessor.min.map((n) => Math.max(n / divisor, -1e6)), accessor.max.map((n) => Math.min(n / divisor, 1e6))];
}

/** From POSITION min/max (no buffer is read): exact for rigid meshes, approximate for skinned or morphed ones. */
function sceneBounds(json: GltfJson): { min: Vec3; max: Vec3 } | undefined {
  const scene = json.scenes?.[typeof json.scene === 'number' ? json.scene : 0];
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let visited = 0;
  const visit = (index: unknown, parent: Mat4, depth: number) => {
    const node = typeof index === 'number' ? json.nodes?.[index] : undefined;
    if (!node || depth > FACT_LIMITS.depth || ++visited > FACT_LIMITS.nodes) return;
    const world = multiply(parent, localMatrix(node));
    const mesh = typeof node.mesh === 'number' ? json.meshes?.[node.mesh] : undefined;
    for (const primitive of Array.isArray(mesh?.primitives) ? mesh.primitives : []) {
      const position = primitive?.attributes?.POSITION;
      const box = typeof position === 'number' ? accessorBox(json.accessors?.[position]) : undefined;
      for (let corner = 0; box && corner < 8; corner++) extend(world, box, corner);
    }
    if (Array.isArray(node.children)) for (const child of node.children) visit(child, world, depth + 1);
  };
  const extend = (m: Mat4, box: [number[], number[]], corner: number) => {
    const [x = 0, y = 0, z = 0] = [0, 1, 2].map((axis) => box[(corner >> axis) & 1]![axis]!);
    for (let axis = 0; axis < 3; axis++) {
      const value = m[axis]! * x + m[4 + axis]! * y + m[8 + axis]! * z + m[12 + axis]!;
      min[axis] = Math.min(min[axis]!, value);
      max[axis] = Math.max(max[axis]!, value);
    }
  };
  if (Array.isArray(scene?.nodes)) for (const node of scene.nodes) visit(node, IDENTITY, 0);
  if (!min.every(Number.isFinite) || !max.every(Number.isFinite)) return undefined;
  const vec = ([x, y, z]: number[]): Vec3 => ({ x: round(x!), y: round(y!), z: round(z!) });
  return { min: vec(min), max: vec(max) };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
