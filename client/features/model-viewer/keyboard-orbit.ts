import { clamp, getOrbitOffset } from './framing.ts';

import type { Vec3 } from './framing.ts';

/**
 * Keyboard access to the orbit (the canvas wrapper is focusable): arrows turn
 * the camera around the target, +/− zoom, Home resets. Pure so the mapping
 * and the clamping are tested without a renderer.
 */

export type OrbitCommand = { kind: 'orbit'; azimuthRad: number; polarRad: number } | { kind: 'zoom'; factor: number } | { kind: 'reset' };

const STEP_RAD = (10 * Math.PI) / 180;
const LARGE_STEP_RAD = (45 * Math.PI) / 180;
const ZOOM_FACTOR = 1.15;

/** The command for a `KeyboardEvent.key`, or null when the viewer ignores the key. */
export function getOrbitCommand(key: string, shiftKey = false): OrbitCommand | null {
  const step = shiftKey ? LARGE_STEP_RAD : STEP_RAD;
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'orbit', azimuthRad: -step, polarRad: 0 };
    case 'ArrowRight':
      return { kind: 'orbit', azimuthRad: step, polarRad: 0 };
    case 'ArrowUp':
      return { kind: 'orbit', azimuthRad: 0, polarRad: -step };
    case 'ArrowDown':
      return { kind: 'orbit', azimuthRad: 0, polarRad: step };
    case '+':
    case '=':
      return { kind: 'zoom', factor: 1 / ZOOM_FACTOR };
    case '-':
    case '_':
      return { kind: 'zoom', factor: ZOOM_FACTOR };
    case 'Home':
      return { kind: 'reset' };
    default:
      return null;
  }
}

export interface OrbitLimits {
  minDistance: number;
  maxDistance: number;
  minPolarAngle: number;
  maxPolarAngle: number;
}

/** New camera position after an orbit or zoom command, within the controls' limits. */
export function applyOrbitCommand(position: Vec3, target: Vec3, command: Exclude<OrbitCommand, { kind: 'reset' }>, limits: OrbitLimits): Vec3 {
  const dx = position.x - target.x;
  const dy = position.y - target.y;
  const dz = position.z - target.z;
  const distance = Math.hypot(dx, dy, dz) || limits.minDistance;
  const polar = Math.acos(clamp(dy / distance, -1, 1));
  const azimuth = Math.atan2(dx, dz);

  const nextDistance = command.kind === 'zoom' ? clamp(distance * command.factor, limits.minDistance, limits.maxDistance) : distance;
  const nextAzimuth = command.kind === 'orbit' ? azimuth + command.azimuthRad : azimuth;
  // Keep a hair away from the poles, where the azimuth is undefined (OrbitControls does the same).
  const epsilon = 1e-6;
  const nextPolar =
    command.kind === 'orbit'
      ? clamp(polar + command.polarRad, Math.max(limits.minPolarAngle, epsilon), Math.min(limits.maxPolarAngle, Math.PI - epsilon))
      : polar;

  const offset = getOrbitOffset(nextAzimuth, nextPolar, nextDistance);
  return { x: target.x + offset.x, y: target.y + offset.y, z: target.z + offset.z };
}
