import { MathUtils, Spherical, Vector3 } from 'three';

import type { CameraControlsImpl } from '@react-three/drei';
import type { PerspectiveCamera } from 'three';

import type { Vec3 } from '#shared/content/types.ts';

import type { ViewOrbit } from './view-state.ts';

// Conventions are three's `Spherical` (y up, polar angle from +y, azimuth 0 looks at the front, +z); the model stands on y = 0.

/** A three-quarter view slightly from above: reads well for most products. */
const DEFAULT_ORBIT = { azimuthDeg: 30, polarDeg: 70 };
/** Narrow, like a product photo. */
export const FOV_DEG = 30;
const FIT_MARGIN = 1.1;
const MIN_RADIUS = 1e-6;
export const { clamp, DEG2RAD: DEG } = MathUtils;

export interface OrbitLimits {
  minDistance: number;
  maxDistance: number;
  minPolarAngle: number;
  maxPolarAngle: number;
}

export interface Framing extends OrbitLimits {
  position: Vec3;
  target: Vec3;
  near: number;
  far: number;
}

interface FramingInput {
  /** Bounding sphere of the centred model. */
  center: Vec3;
  radius: number;
  fovDeg: number;
  aspect: number;
  /** `distance` in bounding-sphere radii (default: fit). */
  orbit?: Omit<ViewOrbit, 'distance'> & { distance?: number };
}

/** Distance from the sphere centre at which the whole sphere fits the frustum both ways, times `margin`. */
export function getFitDistance(radius: number, fovDeg: number, aspect: number, margin = FIT_MARGIN): number {
  const halfVertical = (fovDeg * DEG) / 2;
  const halfHorizontal = Math.atan(Math.tan(halfVertical) * aspect);
  return (Math.max(radius, MIN_RADIUS) / Math.sin(Math.min(halfVertical, halfHorizontal))) * margin;
}

/** Close enough to inspect details but never inside the model; far enough to see it small but never lost. */
export function getDistanceLimits(radius: number, fitDistance: number): { minDistance: number; maxDistance: number } {
  const safeRadius = Math.max(radius, MIN_RADIUS);
  return {
    minDistance: Math.max(safeRadius * 1.2, fitDistance * 0.35),
    maxDistance: Math.max(fitDistance * 2.5, safeRadius * 3),
  };
}

/** Largest polar angle keeping the camera above the floor at every distance: targetY + d·cos(φ) ≥ clearance. */
export function getMaxPolarAngle(targetY: number, maxDistance: number, clearance = 0): number {
  const cosine = (clearance - targetY) / Math.max(maxDistance, MIN_RADIUS);
  return Math.acos(clamp(cosine, -1, 0));
}

export function getOrbitOffset(azimuthRad: number, polarRad: number, distance: number): Vector3 {
  return new Vector3().setFromSphericalCoords(distance, polarRad, azimuthRad);
}

/** Everything the camera and OrbitControls need to show a model of any size and origin. */
export function getFraming({ center, radius, fovDeg, aspect, orbit = DEFAULT_ORBIT }: FramingInput): Framing {
  const safeRadius = Math.max(radius, MIN_RADIUS);
  const fitDistance = getFitDistance(safeRadius, fovDeg, aspect);
  const { minDistance, maxDistance } = getDistanceLimits(safeRadius, fitDistance);
  const maxPolarAngle = getMaxPolarAngle(center.y, maxDistance, safeRadius * 0.02);
  const distance = orbit.distance === undefined ? fitDistance : clamp(orbit.distance * safeRadius, minDistance, maxDistance);
  return {
    position: getOrbitOffset(orbit.azimuthDeg * DEG, clamp(orbit.polarDeg * DEG, 0, maxPolarAngle), distance).add(center),
    target: { ...center },
    minDistance,
    maxDistance,
    minPolarAngle: 0,
    maxPolarAngle,
    near: Math.max(minDistance - safeRadius, safeRadius * 0.01) / 2,
    // The contact-shadow plane reaches further out than the model itself.
    far: maxDistance + safeRadius * 4,
  };
}

/** The camera as angles and a distance in bounding-sphere radii (a link's `?view=`). */
export function getOrbitView(position: Vec3, target: Vec3, radius: number): ViewOrbit {
  const { azimuthRad, polarRad, distance } = getOrbitPose(position, target);
  return { azimuthDeg: azimuthRad / DEG, polarDeg: polarRad / DEG, distance: distance / Math.max(radius, MIN_RADIUS) };
}

export type OrbitCommand = { kind: 'orbit'; azimuthRad: number; polarRad: number } | { kind: 'zoom'; factor: number } | { kind: 'reset' };

const STEP_RAD = 10 * DEG;
const LARGE_STEP_RAD = 45 * DEG;
const ZOOM_FACTOR = 1.15;
const ORBIT_KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
// = and _ are + and − unshifted on US layouts.
const ZOOM_KEYS: Record<string, number> = { '+': 1 / ZOOM_FACTOR, '=': 1 / ZOOM_FACTOR, '-': ZOOM_FACTOR, _: ZOOM_FACTOR };

/** Shift takes larger steps; null for keys the viewer ignores. */
export function getOrbitCommand(key: string, shiftKey = false): OrbitCommand | null {
  const step = shiftKey ? LARGE_STEP_RAD : STEP_RAD;
  const orbit = Object.hasOwn(ORBIT_KEYS, key) ? ORBIT_KEYS[key] : undefined;
  if (orbit) return { kind: 'orbit', azimuthRad: orbit[0] * step, polarRad: orbit[1] * step };
  if (Object.hasOwn(ZOOM_KEYS, key)) return { kind: 'zoom', factor: ZOOM_KEYS[key]! };
  return key === 'Home' ? { kind: 'reset' } : null;
}

/** Within the limits and a hair away from the poles, where the azimuth is undefined (as OrbitControls does). */
export const clampPolar = (polarRad: number, limits: OrbitLimits) =>
  clamp(polarRad, Math.max(limits.minPolarAngle, 1e-6), Math.min(limits.maxPolarAngle, Math.PI - 1e-6));

/**
 * drei's CameraControls (camera-controls): it keeps the limits, turns the short way round and eases transitions (a hotspot's
 * fly-to), so the viewer only says where to look.
 */
export type OrbitRig = CameraControlsImpl;

export function applyFraming(camera: PerspectiveCamera, controls: OrbitRig, { position, target, near, far, ...limits }: Framing): void {
  Object.assign(camera, { near, far }).updateProjectionMatrix();
  Object.assign(controls, limits);
  lookAt(controls, position, target, false);
}

/** False when the command cannot move the camera (Reset before the model is framed). */
export function applyKeyboardCommand(camera: PerspectiveCamera, controls: OrbitRig, command: OrbitCommand, framing: Framing | null): boolean {
  if (command.kind === 'reset') {
    if (framing) applyFraming(camera, controls, framing);
    return framing !== null;
  }
  if (command.kind === 'zoom') void controls.dollyTo(controls.distance * command.factor, false);
  else void controls.rotate(command.azimuthRad, command.polarRad, false);
  controls.update(0);
  return true;
}

/** Animated the short way round; else the camera moves at once, not on the next frame. */
export function lookAt(controls: OrbitRig, position: Vec3, target: Vec3, isAnimated: boolean): void {
  void controls.setLookAt(position.x, position.y, position.z, target.x, target.y, target.z, isAnimated);
  controls.normalizeRotations();
  if (!isAnimated) controls.update(0);
}

/** Angles in radians, distance in world units (bounding-sphere radii). */
export interface OrbitPose {
  azimuthRad: number;
  polarRad: number;
  distance: number;
}

/** The inverse of `getOrbitOffset`. */
export function getOrbitPose(position: Vec3, target: Vec3): OrbitPose {
  const { theta, phi, radius } = new Spherical().setFromCartesianCoords(position.x - target.x, position.y - target.y, position.z - target.z);
  return { azimuthRad: theta, polarRad: phi, distance: radius };
}
