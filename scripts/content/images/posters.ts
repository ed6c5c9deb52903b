import sharp from 'sharp';
import { Box3, Vector3 } from 'three';

import { OrbitCamera } from './camera.ts';
import { allPoints, collectWorldMeshes, renderMeshes, renderShadowMask } from './rasterizer.ts';

import type { ProductSpec } from '../gltf/scene.ts';
import type { Vec3 } from '../gltf/geometry.ts';
import type { OverlayOptions, Sharp } from 'sharp';

/**
 * Poster images: the product rendered from its default camera angle, standing in a soft
 * studio gradient with a floor shadow. Rendered at 2× and downsampled for clean edges.
 */
export interface PosterOptions {
  azimuthDeg: number;
  polarDeg: number;
  /** Background gradient, top to bottom. */
  background: [string, string];
  /** Hanging products (pendants) cast no floor shadow. */
  floating?: boolean;
  /** Share of the poster height the product may take. */
  fill?: number;
  /** Points to frame instead of the product's own (keeps the framing fixed across animation frames). */
  framePoints?: Vec3[];
}

const SUPERSAMPLE = 2;

export function backgroundSvg(width: number, height: number, [top, bottom]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <radialGradient id="glow" cx="0.45" cy="0.38" r="0.75"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.8"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#wall)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
}

async function toShadowLayer(mask: Uint8Array, width: number, height: number, sigma: number, opacity: number): Promise<Buffer> {
  const soft = await sharp(mask, { raw: { width: width * SUPERSAMPLE, height: height * SUPERSAMPLE, channels: 1 } })
    .resize(width, height)
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) rgba.set([38, 32, 26, Math.round((soft[i] ?? 0) * opacity)], i * 4);
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

export async function renderPoster(product: ProductSpec, options: PosterOptions, width = 1600, height = 1200): Promise<Buffer> {
  return (await composePoster(product, options, width, height)).jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: '4:4:4' }).toBuffer();
}

/** The poster as a sharp pipeline, before encoding. */
export async function composePoster(product: ProductSpec, options: PosterOptions, width: number, height: number): Promise<Sharp> {
  const meshes = collectWorldMeshes(product);
  const points = options.framePoints ?? allPoints(meshes);
  const box = new Box3().setFromPoints(points.map((p) => new Vector3(...p)));
  const center = box.getCenter(new Vector3());
  const radius = box.getSize(new Vector3()).length() / 2;
  const camera = new OrbitCamera([center.x, center.y, center.z], radius * 4.2, options.azimuthDeg, options.polarDeg);
  const fill = options.fill ?? 0.66;
  const [w, h] = [width * SUPERSAMPLE, height * SUPERSAMPLE];
  camera.fit(points, { left: w * 0.18, top: h * (0.5 - fill / 2) - h * 0.02, width: w * 0.64, height: h * fill });

  const layers: OverlayOptions[] = [];
  if (!options.floating) {
    const cast: Vec3 = [-0.35, 1, 0.25];
    layers.push({ input: await toShadowLayer(renderShadowMask(meshes, camera, cast, w, h), width, height, 26, 0.22) });
    layers.push({ input: await toShadowLayer(renderShadowMask(meshes, camera, [0, 1, 0], w, h), width, height, 7, 0.3) });
  }
  const object = await sharp(renderMeshes(meshes, camera, w, h), { raw: { width: w, height: h, channels: 4 } })
    .resize(width, height)
    .png()
    .toBuffer();
  layers.push({ input: object });
  // Flatten first: sharp applies composite after the other operations of a pipeline.
  const flattened = await sharp(Buffer.from(backgroundSvg(width, height, options.background)))
    .composite(layers)
    .png()
    .toBuffer();
  return sharp(flattened);
}
