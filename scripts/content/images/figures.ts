import sharp from 'sharp';

import { createWoodField, toColorPixels, WOOD_PALETTES } from './texture-maps.ts';
import type { OverlayOptions } from 'sharp';

/** Figures embedded in article bodies: a board of wood samples and a capture-rig diagram. */
export async function renderMaterialsBoard(): Promise<Buffer> {
  const [width, height] = [1600, 1000];
  const swatch = { width: 380, height: 620 };
  const layers: OverlayOptions[] = [];
  const woods = [WOOD_PALETTES.oak, WOOD_PALETTES.ash, WOOD_PALETTES.walnut];
  for (const [index, palette] of woods.entries()) {
    const field = createWoodField(palette, 512);
    const left = 190 + index * 430;
    const image = await sharp(toColorPixels(field), { raw: { width: 512, height: 512, channels: 3 } })
      .resize(swatch.width, swatch.height, { fit: 'cover' })
      .png()
      .toBuffer();
    const shadow = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${swatch.width + 120}" height="${swatch.height + 120}"><filter id="s"><feGaussianBlur stdDeviation="22"/></filter><rect x="60" y="76" width="${swatch.width}" height="${swatch.height}" fill="#3b2f25" opacity="0.28" filter="url(#s)"/></svg>`,
    );
    layers.push({ input: shadow, left: left - 60, top: 130 }, { input: image, left, top: 190 });
  }
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3efe8"/><stop offset="1" stop-color="#e2dace"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(background)).composite(layers).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

/** Top view of a photogrammetry rig: three rings of 36 camera stations around a turntable. */
export async function renderCaptureDiagram(): Promise<Buffer> {
  const [cx, cy] = [800, 500];
  const stations: string[] = [];
  [
    { r: 250, color: '#c6673f' },
    { r: 330, color: '#3e6b73' },
    { r: 410, color: '#2d2a26' },
  ].forEach(({ r, color }, ring) => {
    for (let i = 0; i < 36; i += 1) {
      const angle = ((i + ring / 3) / 36) * Math.PI * 2;
      const [x, y] = [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r * 0.92];
      stations.push(`<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${cx}" y2="${cy}" stroke="${color}" stroke-opacity="0.08" stroke-width="2"/>`);
      stations.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="8" fill="${color}"/>`);
    }
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
  <rect width="1600" height="1000" fill="#f4f1ec"/>
  <g stroke="#d9d2c7" stroke-width="1">${Array.from({ length: 33 }, (_, i) => `<line x1="${i * 50}" y1="0" x2="${i * 50}" y2="1000"/>`).join('')}${Array.from({ length: 21 }, (_, i) => `<line x1="0" y1="${i * 50}" x2="1600" y2="${i * 50}"/>`).join('')}</g>
  ${stations.join('')}
  <circle cx="${cx}" cy="${cy}" r="150" fill="#e6ddd0" stroke="#8a7d6c" stroke-width="3"/>
  <circle cx="${cx}" cy="${cy}" r="150" fill="none" stroke="#8a7d6c" stroke-width="2" stroke-dasharray="4 12" transform="rotate(8 ${cx} ${cy})"/>
  <rect x="${cx - 60}" y="${cy - 64}" width="120" height="128" rx="18" fill="#7f8c78"/>
  <rect x="${cx - 60}" y="${cy - 64}" width="120" height="26" rx="8" fill="#b98d5c"/>
  <g fill="#fff7e6" opacity="0.9"><circle cx="300" cy="160" r="60"/><circle cx="1300" cy="160" r="60"/><circle cx="1300" cy="840" r="60"/><circle cx="300" cy="840" r="60"/></g>
  <g fill="none" stroke="#e0a94f" stroke-width="4"><circle cx="300" cy="160" r="72"/><circle cx="1300" cy="160" r="72"/><circle cx="1300" cy="840" r="72"/><circle cx="300" cy="840" r="72"/></g>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
