import { applyOrbitCommand } from './keyboard-orbit.ts';

import type { PerspectiveCamera, Vector3 } from 'three';

import type { Framing } from './framing.ts';
import type { OrbitCommand } from './keyboard-orbit.ts';

/** The part of OrbitControls (three-stdlib, via drei) the viewer drives. */
export interface OrbitRig {
  target: Vector3;
  minDistance: number;
  maxDistance: number;
  minPolarAngle: number;
  maxPolarAngle: number;
  update(): unknown;
}

/** Puts camera and controls where the framing says: used for the initial fit and for reset. */
export function applyFraming(camera: PerspectiveCamera, controls: OrbitRig, framing: Framing): void {
  camera.near = framing.near;
  camera.far = framing.far;
  camera.updateProjectionMatrix();
  camera.position.set(framing.position.x, framing.position.y, framing.position.z);
  controls.target.set(framing.target.x, framing.target.y, framing.target.z);
  controls.minDistance = framing.minDistance;
  controls.maxDistance = framing.maxDistance;
  controls.minPolarAngle = framing.minPolarAngle;
  controls.maxPolarAngle = framing.maxPolarAngle;
  controls.update();
}

/** Moves the camera for a keyboard command; returns false for commands it does not handle. */
export function applyKeyboardCommand(camera: PerspectiveCamera, controls: OrbitRig, command: OrbitCommand, framing: Framing | null): boolean {
  if (command.kind === 'reset') {
    if (!framing) return false;
    applyFraming(camera, controls, framing);
    return true;
  }
  const next = applyOrbitCommand(camera.position, controls.target, command, controls);
  camera.position.set(next.x, next.y, next.z);
  controls.update();
  return true;
}
