import { variantSlug } from '#server/services/content/mapper-viewer.ts';

import { METRES_PER_UNIT } from '#shared/content/types.ts';

import type { Dimensions, Model3D, ModelCheck, Vec3 } from '#shared/content/types.ts';

/** Share of the file's size by which entry and file may disagree. */
const TOLERANCE = 0.05;
/** Help text of hotspot.note. */
const MAX_NOTE = 1000;
const MAX_NOTES = 10;

const AXES = ['x', 'y', 'z'] as const;
const list = (names: readonly string[]) => (names.length > 0 ? names.map((n) => `"${n}"`).join(', ') : 'none');
const metres = (n: number) => `${Number(n.toPrecision(3))} m`;

function variantNotes(model: Model3D, check: ModelCheck): string[] {
  const notes: string[] = [];
  for (const variant of model.viewer.variants ?? []) {
    if (variant.colors && check.materials) {
      const missing = Object.keys(variant.colors).filter((material) => !check.materials?.includes(material));
      if (missing.length > 0) notes.push(`variant ${variant.id}: the file has no material ${list(missing)} (it has ${list(check.materials.slice(0, 12))})`);
    }
    const { gltfName } = variant;
    if (gltfName !== undefined && check.fileVariants && !check.fileVariants.some((name) => name === gltfName || variantSlug(name) === gltfName)) {
      const outcome = variant.colors ? 'only its colours apply' : 'so it is not shown';
      notes.push(`variant ${variant.id}: the file has no variant "${gltfName}", ${outcome} (the file has ${list(check.fileVariants)})`);
    }
  }
  return notes;
}

function hotspotNotes(model: Model3D, bounds: NonNullable<ModelCheck['bounds']>): string[] {
  const size = Math.max(...AXES.map((axis) => bounds.max[axis] - bounds.min[axis]));
  const slack = size * TOLERANCE;
  const outside = (p: Vec3) => AXES.some((axis) => p[axis] < bounds.min[axis] - slack || p[axis] > bounds.max[axis] + slack);
  const box = AXES.map((axis) => `${axis} ${bounds.min[axis]}…${bounds.max[axis]}`).join(', ');
  return (model.viewer.hotspots ?? []).filter((h) => outside(h.position)).map((h) => `hotspot "${h.label}": its position lies outside the model (${box})`);
}

type TextNode = { value?: unknown; content?: unknown };
const textLength = (node: TextNode): number =>
  (typeof node.value === 'string' ? node.value.length : 0) +
  (Array.isArray(node.content) ? node.content.reduce((n: number, c: TextNode) => n + textLength(c), 0) : 0);

/** Contentful cannot limit rich text's length: notes longer than a short paragraph or two crowd the model. */
function noteNotes(model: Model3D): string[] {
  return (model.viewer.hotspots ?? []).flatMap((h) => {
    const note = model.hotspotNotes?.[h.id];
    const length = note ? textLength(note.document as TextNode) : 0;
    return length > MAX_NOTE ? [`hotspot "${h.label}": its note has ${length} characters; keep it under ${MAX_NOTE}`] : [];
  });
}

// glTF is Y-up, in metres.
function dimensionNotes(dimensions: Dimensions, bounds: NonNullable<ModelCheck['bounds']>): string[] {
  const scale = METRES_PER_UNIT[dimensions.unit];
  const pairs = [['width', 'x'] as const, ['height', 'y'] as const, ['depth', 'z'] as const];
  return pairs.flatMap(([field, axis]) => {
    const file = bounds.max[axis] - bounds.min[axis];
    const entry = dimensions[field] * scale;
    if (!(file > 0) || Math.abs(entry - file) <= file * TOLERANCE) return [];
    const percent = Math.round((Math.abs(entry - file) / file) * 100);
    return [`dimensions: ${field} ${dimensions[field]} ${dimensions.unit} differs from the file's ${metres(file)} by ${percent} %`];
  });
}

/** What the entry says that the file contradicts, before the validator's warnings (preview mode only). */
export function withContentNotes(model: Model3D, check: ModelCheck): ModelCheck {
  const { bounds } = check;
  const notes = [
    ...variantNotes(model, check),
    ...noteNotes(model),
    ...(bounds ? hotspotNotes(model, bounds) : []),
    ...(bounds && model.dimensions ? dimensionNotes(model.dimensions, bounds) : []),
  ].slice(0, MAX_NOTES);
  if (notes.length === 0) return check;
  return { ...check, warningCount: check.warningCount + notes.length, warnings: [...notes, ...check.warnings] };
}
