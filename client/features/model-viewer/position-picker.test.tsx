import { Group, Mesh, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';

import { getPickedHotspot } from './position-picker.tsx';

const DEG = Math.PI / 180;

/** The viewer's chain: scale group → <Center> offset → the clone root → a rotated, scaled node → the mesh. */
function buildModel() {
  const scaleGroup = new Group();
  scaleGroup.scale.setScalar(0.25);
  const center = new Group();
  center.position.set(-1, 2, 0);
  const root = new Group();
  const node = new Mesh();
  node.position.set(0, 1, 0);
  node.quaternion.copy(new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), 90 * DEG));
  node.scale.set(2, 1, 1);
  scaleGroup.add(center);
  center.add(root);
  root.add(node);
  scaleGroup.updateMatrixWorld(true);
  return { root, node };
}

describe('getPickedHotspot', () => {
  const camera = { position: { x: 0, y: 0, z: 3 }, target: { x: 0, y: 0, z: 0 } };

  it("returns the hit in the glTF's own (root) space, whatever the viewer put around the root", () => {
    const { root, node } = buildModel();
    // The node's local point (0.5, 0, 0) is (0, 1, -1) in root space; the viewer shows it at world (-1 + 0, 2 + 1, -1) × 0.25.
    const world = new Vector3(0.5, 0, 0).applyMatrix4(node.matrixWorld);
    const picked = getPickedHotspot(root, { point: world, face: { normal: new Vector3(1, 0, 0) }, object: node }, camera);

    expect(picked?.position).toEqual({ x: 0, y: 1, z: -1 });
  });

  it("turns the face normal through the node's rotation and keeps it unit length under its non-uniform scale", () => {
    const { root, node } = buildModel();
    const slope = getPickedHotspot(root, { point: new Vector3(), face: { normal: new Vector3(1, 1, 0) }, object: node }, camera);

    // (1, 1, 0) under scale (2, 1, 1) → (0.5, 1, 0), turned 90° about y → (0, 1, -0.5), normalised.
    expect(slope?.normal.x).toBe(0);
    expect(slope?.normal.y).toBeCloseTo(0.8944, 4);
    expect(slope?.normal.z).toBeCloseTo(-0.4472, 4);
  });

  it('adds the camera view in degrees and bounding-sphere radii, and gives nothing for a hit without a face', () => {
    const { root, node } = buildModel();
    const picked = getPickedHotspot(root, { point: new Vector3(), face: { normal: new Vector3(0, 0, 1) }, object: node }, camera);

    expect(picked?.camera).toEqual({ azimuthDeg: 0, polarDeg: 90, distance: 3 });
    expect(getPickedHotspot(root, { point: new Vector3(), face: null, object: node }, camera)).toBeNull();
  });
});
