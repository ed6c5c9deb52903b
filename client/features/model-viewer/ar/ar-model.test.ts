import { Box3, BoxGeometry, Group, Mesh, MeshStandardMaterial, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';

import { placeAtRealScale } from './ar-model.ts';

/** A 2 × 1 × 0.5 m box whose file puts it off-centre and in the air, under a scaled parent node. */
function offCentreModel(): Group {
  const model = new Group();
  const node = new Group();
  node.position.set(5, 3, -2);
  node.add(new Mesh(new BoxGeometry(2, 1, 0.5), new MeshStandardMaterial()));
  model.add(node);
  return model;
}

function worldBox(root: Group): Box3 {
  root.updateMatrixWorld(true);
  return new Box3().setFromObject(root);
}

describe('placeAtRealScale', () => {
  it('stands the model on the floor at the origin, in the file’s metres without dimensions', () => {
    const box = worldBox(placeAtRealScale(offCentreModel()));

    expect(box.min.y).toBeCloseTo(0, 9);
    expect(box.getCenter(new Vector3()).x).toBeCloseTo(0, 9);
    expect(box.getCenter(new Vector3()).z).toBeCloseTo(0, 9);
    expect(box.getSize(new Vector3()).toArray()).toEqual([2, 1, 0.5]);
  });

  it('scales to the entry’s dimensions, still standing on the floor', () => {
    const root = placeAtRealScale(offCentreModel(), { width: 100, height: 50, depth: 25, unit: 'cm' });
    const box = worldBox(root);
    const size = box.getSize(new Vector3());

    expect(root.scale.x).toBeCloseTo(0.5, 9);
    expect([size.x, size.y, size.z].map((value) => Number(value.toFixed(6)))).toEqual([1, 0.5, 0.25]);
    expect(box.min.y).toBeCloseTo(0, 9);
  });

  it('names the wrapper, the prim an exported USDZ carries the scale on', () => {
    expect(placeAtRealScale(offCentreModel()).name).toBe('RealScale');
  });
});
