import { Matrix3, Vector3 } from 'three';

import { clamp, clampPolar, DEG } from './camera.ts';

import type { Camera, Matrix4 } from 'three';

import type { Hotspot, Vec3 } from '#shared/content/types.ts';

import type { OrbitLimits, OrbitPose } from './camera.ts';

// Hotspots are stored in the glTF's scene-root space; the viewer's clone sits under <Center> and a scale group,
// so points go through the clone root's world matrix and normals through its normal matrix.

const point = new Vector3();
const normal = new Vector3();
const toCamera = new Vector3();
const normalMatrix = new Matrix3();

function setWorld(hotspot: Pick<Hotspot, 'position' | 'normal'>, rootMatrixWorld: Matrix4): void {
  point.set(hotspot.position.x, hotspot.position.y, hotspot.position.z).applyMatrix4(rootMatrixWorld);
  normal.set(hotspot.normal.x, hotspot.normal.y, hotspot.normal.z).applyMatrix3(normalMatrix.getNormalMatrix(rootMatrixWorld)).normalize();
}

export function toWorld(hotspot: Pick<Hotspot, 'position' | 'normal'>, rootMatrixWorld: Matrix4): { position: Vec3; normal: Vec3 } {
  setWorld(hotspot, rootMatrixWorld);
  return { position: { x: point.x, y: point.y, z: point.z }, normal: { x: normal.x, y: normal.y, z: normal.z } };
}

/**
 * CSS pixels from the canvas' top left; the camera's matrices must be current. `isOnScreen` has a small margin, so buttons
 * slide out rather than pop; a hotspot not `isFacing` the camera is dimmed, never removed from the tab order.
 */
export function getHotspotScreen(hotspot: Pick<Hotspot, 'position' | 'normal'>, rootMatrixWorld: Matrix4, camera: Camera, width: number, height: number) {
  setWorld(hotspot, rootMatrixWorld);
  const isFacing = toCamera.setFromMatrixPosition(camera.matrixWorld).sub(point).dot(normal) > 0;
  point.project(camera);
  const isOnScreen = point.z > -1 && point.z < 1 && Math.abs(point.x) <= 1.1 && Math.abs(point.y) <= 1.1;
  return { x: ((point.x + 1) / 2) * width, y: ((1 - point.y) / 2) * height, isOnScreen, isFacing };
}

/**
 * The hotspot's editor-chosen view, else looking at it along its world normal, at the current distance when the view has
 * none. Always within the controls' limits, so the controls never snap afterwards.
 */
export function getHotspotPose(view: Hotspot['camera'], worldNormal: Vec3, current: OrbitPose, limits: OrbitLimits): OrbitPose {
  const length = Math.hypot(worldNormal.x, worldNormal.y, worldNormal.z);
  const [azimuthRad, polarRad] = view
    ? [view.azimuthDeg * DEG, view.polarDeg * DEG]
    : length > 0
      ? [Math.atan2(worldNormal.x, worldNormal.z), Math.acos(clamp(worldNormal.y / length, -1, 1))]
      : [current.azimuthRad, current.polarRad];
  return {
    azimuthRad,
    polarRad: clampPolar(polarRad, limits),
    distance: clamp(view?.distance ?? current.distance, limits.minDistance, limits.maxDistance),
  };
}
