import { hashString } from '../lib/random.ts';

/**
 * Tileable value noise: the lattice wraps at the given period, so textures built from
 * integer periods repeat seamlessly.
 */
function latticeValue(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix, 374761393) ^ Math.imul(iy, 668265263) ^ seed;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967295;
}

function fade(t: number): number {
  return t * t * (3 - 2 * t);
}

function mod(value: number, period: number): number {
  return ((value % period) + period) % period;
}

export function periodicNoise(x: number, y: number, periodX: number, periodY: number, seed: number): number {
  const [x0, y0] = [Math.floor(x), Math.floor(y)];
  const [tx, ty] = [fade(x - x0), fade(y - y0)];
  const v = (dx: number, dy: number) => latticeValue(mod(x0 + dx, periodX), mod(y0 + dy, periodY), seed);
  const top = v(0, 0) + (v(1, 0) - v(0, 0)) * tx;
  const bottom = v(0, 1) + (v(1, 1) - v(0, 1)) * tx;
  return top + (bottom - top) * ty;
}

/** Fractal sum of periodic noise in [0, 1]; frequencies are integers so the result tiles over [0, 1)². */
export function periodicFbm(u: number, v: number, frequencyX: number, frequencyY: number, octaves: number, seed: string): number {
  const base = hashString(seed);
  let sum = 0;
  let amplitude = 0.5;
  let total = 0;
  for (let octave = 0; octave < octaves; octave += 1) {
    const scale = 2 ** octave;
    const [px, py] = [frequencyX * scale, frequencyY * scale];
    sum += amplitude * periodicNoise(u * px, v * py, px, py, base + octave * 7919);
    total += amplitude;
    amplitude *= 0.5;
  }
  return sum / total;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mixRgb(a: readonly number[], b: readonly number[], t: number): [number, number, number] {
  return [0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t) as [number, number, number];
}
