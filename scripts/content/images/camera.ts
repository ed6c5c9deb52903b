import { Matrix4, Vector3 } from 'three';

import type { Vec3 } from '../gltf/geometry.ts';

/**
 * A perspective orbit camera around a target, framed after the fact: `fit()` chooses the
 * scale and lens shift that put a set of points into a pixel rectangle, the way a product
 * photographer zooms and shifts rather than moving the object.
 */
export interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

export class OrbitCamera {
  readonly position: Vector3;
  readonly view: Matrix4;
  scale = 1;
  offsetX = 0;
  offsetY = 0;

  constructor(target: Vec3, distance: number, azimuthDeg: number, polarDeg: number) {
    const [azimuth, polar] = [(azimuthDeg * Math.PI) / 180, (polarDeg * Math.PI) / 180];
    const center = new Vector3(...target);
    this.position = new Vector3(Math.sin(polar) * Math.sin(azimuth), Math.cos(polar), Math.sin(polar) * Math.cos(azimuth)).multiplyScalar(distance).add(center);
    this.view = new Matrix4()
      .lookAt(this.position, center, new Vector3(0, 1, 0))
      .setPosition(this.position)
      .invert();
  }

  /** Camera-space depth (positive in front) and the unscaled projection of a world point. */
  projectRaw(point: Vec3): [number, number, number] {
    const v = new Vector3(...point).applyMatrix4(this.view);
    const depth = -v.z;
    return [v.x / depth, v.y / depth, depth];
  }

  project(point: Vec3): [number, number, number] {
    const [x, y, depth] = this.projectRaw(point);
    return [this.offsetX + x * this.scale, this.offsetY - y * this.scale, depth];
  }

  fit(points: Vec3[], frame: Frame): void {
    let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const point of points) {
      const [x, y] = this.projectRaw(point);
      [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
    }
    this.scale = Math.min(frame.width / (maxX - minX), frame.height / (maxY - minY));
    this.offsetX = frame.left + frame.width / 2 - ((minX + maxX) / 2) * this.scale;
    this.offsetY = frame.top + frame.height / 2 + ((minY + maxY) / 2) * this.scale;
  }
}
