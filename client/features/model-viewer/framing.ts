/**
 * Camera framing maths for the viewer, kept free of three.js so it can be
 * unit-tested and reasoned about on its own. Conventions follow three's
 * `Spherical` and `OrbitControls`: y is up, the polar angle is measured from
 * +y, and azimuth 0 looks at the model's front (+z) turning towards +x.
 * The model is assumed to stand on the floor plane y = 0 (drei `<Center top>`).
 */

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export interface OrbitAngles {
  azimuthDeg: number;
  polarDeg: number;
}

/** A three-quarter view slightly from above: reads well for most products. */
export const DEFAULT_ORBIT: OrbitAngles = { azimuthDeg: 30, polarDeg: 70 };

/** Vertical field of view of the viewer camera. Narrow, like a product photo. */
export const FOV_DEG = 30;

/** How much room to leave around the bounding sphere when fitting. */
export const FIT_MARGIN = 1.1;

const MIN_RADIUS = 1e-6;
const DEG = Math.PI / 180;

export interface Framing {
  position: Vec3;
  target: Vec3;
  minDistance: number;
  maxDistance: number;
  minPolarAngle: number;
  maxPolarAngle: number;
  near: number;
  far: number;
}

export interface FramingInput {
  /** Bounding sphere of the centred model. */
  center: Vec3;
  radius: number;
  fovDeg: number;
  /** Canvas width / height. */
  aspect: number;
  /** Editor-chosen angle (`ViewerSource.camera`); defaults to DEFAULT_ORBIT. */
  orbit?: OrbitAngles;
  margin?: number;
}

/**
 * Distance from the sphere centre at which the whole sphere fits the frustum,
 * vertically and horizontally, times `margin`.
 */
export function getFitDistance(radius: number, fovDeg: number, aspect: number, margin = FIT_MARGIN): number {
  const halfVertical = (fovDeg * DEG) / 2;
  const halfHorizontal = Math.atan(Math.tan(halfVertical) * aspect);
  const limitingHalfAngle = Math.min(halfVertical, halfHorizontal);
  return (Math.max(radius, MIN_RADIUS) / Math.sin(limitingHalfAngle)) * margin;
}

/**
 * Zoom limits: close enough to inspect details but never inside the model,
 * far enough to see it small on the page but never lost in the distance.
 */
export function getDistanceLimits(radius: number, fitDistance: number): { minDistance: number; maxDistance: number } {
  const safeRadius = Math.max(radius, MIN_RADIUS);
  return {
    minDistance: Math.max(safeRadius * 1.2, fitDistance * 0.35),
    maxDistance: Math.max(fitDistance * 2.5, safeRadius * 3),
  };
}

/**
 * Largest polar angle that keeps the camera above the floor even at the
 * largest distance: targetY + d·cos(φ) ≥ clearance for all d ≤ maxDistance.
 * Never below the horizon by more than that, never above it by less than 0.
 */
export function getMaxPolarAngle(targetY: number, maxDistance: number, clearance = 0): number {
  const cosine = (clearance - targetY) / Math.max(maxDistance, MIN_RADIUS);
  return Math.acos(Math.min(Math.max(cosine, -1), 0));
}

/** Offset of the camera from the orbit target, three `Spherical` convention. */
export function getOrbitOffset(azimuthRad: number, polarRad: number, distance: number): Vec3 {
  const sinPolar = Math.sin(polarRad);
  return {
    x: distance * sinPolar * Math.sin(azimuthRad),
    y: distance * Math.cos(polarRad),
    z: distance * sinPolar * Math.cos(azimuthRad),
  };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** Everything the camera and OrbitControls need to show a model of any size and origin. */
export function getFraming({ center, radius, fovDeg, aspect, orbit = DEFAULT_ORBIT, margin }: FramingInput): Framing {
  const safeRadius = Math.max(radius, MIN_RADIUS);
  const fitDistance = getFitDistance(safeRadius, fovDeg, aspect, margin);
  const { minDistance, maxDistance } = getDistanceLimits(safeRadius, fitDistance);
  const minPolarAngle = 0;
  const maxPolarAngle = getMaxPolarAngle(center.y, maxDistance, safeRadius * 0.02);
  const polar = clamp(orbit.polarDeg * DEG, minPolarAngle, maxPolarAngle);
  const offset = getOrbitOffset(orbit.azimuthDeg * DEG, polar, fitDistance);
  return {
    position: { x: center.x + offset.x, y: center.y + offset.y, z: center.z + offset.z },
    target: { ...center },
    minDistance,
    maxDistance,
    minPolarAngle,
    maxPolarAngle,
    near: Math.max(minDistance - safeRadius, safeRadius * 0.01) / 2,
    // The contact-shadow plane reaches further out than the model itself.
    far: maxDistance + safeRadius * 4,
  };
}
