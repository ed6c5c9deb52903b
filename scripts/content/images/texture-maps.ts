import sharp from 'sharp';

import { hexToRgb, mixRgb, periodicFbm, smoothstep } from './noise.ts';

import type { TextureSet } from '../gltf/scene.ts';

/**
 * Seamless material textures for the glTF models: a base colour and a tangent-space
 * normal map (OpenGL convention, as glTF expects) derived from the same height field.
 */
export interface TextureImages {
  baseColor: Buffer;
  normal: Buffer;
}

interface Field {
  size: number;
  color: Float32Array;
  height: Float32Array;
}

export interface WoodPalette {
  early: string;
  late: string;
  rings: number;
  seed: string;
}

export const WOOD_PALETTES: Record<'oak' | 'ash' | 'walnut', WoodPalette> = {
  oak: { early: '#cfa877', late: '#8d6238', rings: 9, seed: 'oak' },
  ash: { early: '#e6d4b4', late: '#a9895e', rings: 7, seed: 'ash' },
  walnut: { early: '#6e4a31', late: '#3a2416', rings: 11, seed: 'walnut' },
};

export function createWoodField(palette: WoodPalette, size: number): Field {
  const [early, late] = [hexToRgb(palette.early), hexToRgb(palette.late)];
  const color = new Float32Array(size * size * 3);
  const height = new Float32Array(size * size);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const [u, v] = [x / size, y / size];
      const warp = periodicFbm(u, v, 3, 1, 4, `${palette.seed}-warp`);
      const ring = (u * palette.rings + warp * 2.2) % 1;
      const latewood = smoothstep(0.0, 0.12, ring) * (1 - smoothstep(0.35, 0.95, ring));
      const pores = periodicFbm(u, v, 96, 6, 2, `${palette.seed}-pores`);
      const figure = periodicFbm(u, v, 2, 2, 3, `${palette.seed}-figure`);
      const tone = Math.min(1, latewood * 0.55 + smoothstep(0.55, 0.8, pores) * 0.3 + (figure - 0.5) * 0.35);
      const rgb = mixRgb(early, late, Math.max(0, tone));
      color.set(rgb, (y * size + x) * 3);
      height[y * size + x] = 1 - latewood * 0.5 - smoothstep(0.55, 0.8, pores) * 0.5;
    }
  }
  return { size, color, height };
}

/** Boiled wool: a soft basket weave under felted fuzz. */
function createWoolField(size: number): Field {
  const [light, dark] = [hexToRgb('#8e9b86'), hexToRgb('#68745f')];
  const color = new Float32Array(size * size * 3);
  const height = new Float32Array(size * size);
  const cells = 32;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const [u, v] = [x / size, y / size];
      const [cx, cy] = [Math.floor(u * cells), Math.floor(v * cells)];
      const horizontal = (cx + cy) % 2 === 0;
      const along = horizontal ? (v * cells) % 1 : (u * cells) % 1;
      const thread = Math.sin(along * Math.PI);
      const fuzz = periodicFbm(u, v, 48, 48, 3, 'wool-fuzz');
      const heather = periodicFbm(u, v, 6, 6, 3, 'wool-heather');
      const h = thread * 0.6 + fuzz * 0.4;
      color.set(mixRgb(dark, light, Math.min(1, h * 0.7 + heather * 0.4)), (y * size + x) * 3);
      height[y * size + x] = h;
    }
  }
  return { size, color, height };
}

export function toNormalPixels(field: Field, strength: number): Uint8Array {
  const { size, height } = field;
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

export function toColorPixels(field: Field): Uint8Array {
  return Uint8Array.from(field.color, (value) => Math.round(Math.min(255, Math.max(0, value))));
}

export async function toJpeg(pixels: Uint8Array, size: number, quality: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
}

export async function createTextureImages(set: TextureSet): Promise<TextureImages> {
  const field = set === 'wool' ? createWoolField(256) : createWoodField(WOOD_PALETTES[set], 512);
  const strength = set === 'wool' ? 3 : 6;
  return {
    baseColor: await toJpeg(toColorPixels(field), field.size, 84),
    normal: await toJpeg(toNormalPixels(field, strength), field.size, 90),
  };
}
