import sharp from 'sharp';

import { hashString } from '../lib/random.ts';

import type { TextureSet } from './scene.ts';

/** Seamless material textures: a base colour and a tangent-space normal map (OpenGL convention, as glTF expects) from one height field. */
interface Field {
  size: number;
  color: Float32Array;
  height: Float32Array;
}

const WOODS = { oak: { early: '#cfa877', late: '#8d6238', rings: 9 }, ash: { early: '#e6d4b4', late: '#a9895e', rings: 7 } };

export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const mixRgb = (a: readonly number[], b: readonly number[], t: number) => [0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t);

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Value noise whose lattice wraps at the period, so integer periods tile seamlessly. */
function periodicNoise(x: number, y: number, periodX: number, periodY: number, seed: number): number {
  const [x0, y0] = [Math.floor(x), Math.floor(y)];
  const [tx, ty] = [smoothstep(0, 1, x - x0), smoothstep(0, 1, y - y0)];
  const v = (dx: number, dy: number) => {
    const [ix, iy] = [(((x0 + dx) % periodX) + periodX) % periodX, (((y0 + dy) % periodY) + periodY) % periodY];
    let h = Math.imul(ix, 374761393) ^ Math.imul(iy, 668265263) ^ seed;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967295;
  };
  const top = v(0, 0) + (v(1, 0) - v(0, 0)) * tx;
  const bottom = v(0, 1) + (v(1, 1) - v(0, 1)) * tx;
  return top + (bottom - top) * ty;
}

/** Fractal sum in [0, 1] with integer frequencies, so it tiles over [0, 1)². */
function periodicFbm(u: number, v: number, frequencyX: number, frequencyY: number, octaves: number, seed: string): number {
  const base = hashString(seed);
  let [sum, amplitude, total] = [0, 0.5, 0];
  for (let octave = 0; octave < octaves; octave += 1) {
    const [px, py] = [frequencyX * 2 ** octave, frequencyY * 2 ** octave];
    sum += amplitude * periodicNoise(u * px, v * py, px, py, base + octave * 7919);
    total += amplitude;
    amplitude *= 0.5;
  }
  return sum / total;
}

function createField(size: number, sample: (u: number, v: number) => { rgb: number[]; height: number }): Field {
  const [color, height] = [new Float32Array(size * size * 3), new Float32Array(size * size)];
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const texel = sample(x / size, y / size);
      color.set(texel.rgb, (y * size + x) * 3);
      height[y * size + x] = texel.height;
    }
  }
  return { size, color, height };
}

function createWoodField(set: keyof typeof WOODS): Field {
  const { early, late, rings } = WOODS[set];
  return createField(512, (u, v) => {
    const ring = (u * rings + periodicFbm(u, v, 3, 1, 4, `${set}-warp`) * 2.2) % 1;
    const latewood = smoothstep(0.0, 0.12, ring) * (1 - smoothstep(0.35, 0.95, ring));
    const pores = smoothstep(0.55, 0.8, periodicFbm(u, v, 96, 6, 2, `${set}-pores`));
    const tone = Math.min(1, latewood * 0.55 + pores * 0.3 + (periodicFbm(u, v, 2, 2, 3, `${set}-figure`) - 0.5) * 0.35);
    return { rgb: mixRgb(hexToRgb(early), hexToRgb(late), Math.max(0, tone)), height: 1 - latewood * 0.5 - pores * 0.5 };
  });
}

/** Boiled wool: a soft basket weave under felted fuzz, undyed (light grey), so each colour is a tint of the same texture (MaterialSpec.tint). */
function createWoolField(): Field {
  const cells = 32;
  return createField(256, (u, v) => {
    const horizontal = (Math.floor(u * cells) + Math.floor(v * cells)) % 2 === 0;
    const thread = Math.sin(((horizontal ? v * cells : u * cells) % 1) * Math.PI);
    const h = thread * 0.6 + periodicFbm(u, v, 48, 48, 3, 'wool-fuzz') * 0.4;
    const heather = periodicFbm(u, v, 6, 6, 3, 'wool-heather');
    return { rgb: mixRgb(hexToRgb('#b4b4b4'), hexToRgb('#f0f0f0'), Math.min(1, h * 0.7 + heather * 0.4)), height: h };
  });
}

function toNormalPixels({ size, height }: Field, strength: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 3);
  const at = (x: number, y: number) => height[((y + size) % size) * size + ((x + size) % size)] ?? 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const dx = (at(x + 1, y) - at(x - 1, y)) * strength;
      const dy = (at(x, y + 1) - at(x, y - 1)) * strength;
      const length = Math.hypot(dx, dy, 1);
      pixels.set([((-dx / length) * 0.5 + 0.5) * 255, ((dy / length) * 0.5 + 0.5) * 255, ((1 / length) * 0.5 + 0.5) * 255], (y * size + x) * 3);
    }
  }
  return pixels;
}

const toJpeg = (pixels: Uint8Array, size: number, quality: number) =>
  sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();

export async function createTextureImages(set: TextureSet): Promise<{ baseColor: Buffer; normal: Buffer }> {
  const field = set === 'wool' ? createWoolField() : createWoodField(set);
  const color = Uint8Array.from(field.color, (value) => Math.round(Math.min(255, Math.max(0, value))));
  return { baseColor: await toJpeg(color, field.size, 84), normal: await toJpeg(toNormalPixels(field, set === 'wool' ? 3 : 6), field.size, 90) };
}
