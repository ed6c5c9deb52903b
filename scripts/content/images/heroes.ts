import sharp from 'sharp';

import { createRandom } from '../lib/random.ts';

/**
 * Abstract article heroes (1600 × 900): quiet compositions in the palette of each story,
 * drawn as SVG and encoded by sharp.
 */
export type HeroMotif = 'grain' | 'rings' | 'glow' | 'grid' | 'blocks' | 'strata';

export interface HeroOptions {
  motif: HeroMotif;
  seed: string;
  /** Background, then two accents, then a light and a dark tone. */
  palette: [string, string, string, string, string];
}

const W = 1600;
const H = 900;

function grain(o: HeroOptions): string {
  const random = createRandom(o.seed);
  const lines: string[] = [];
  for (let i = 0; i < 46; i += 1) {
    const y = -60 + i * 22 + random.range(-6, 6);
    const amplitude = 18 + 40 * Math.sin((i / 46) * Math.PI);
    const phase = random.range(0, Math.PI * 2);
    let d = `M -20 ${y.toFixed(1)}`;
    for (let x = 0; x <= W + 40; x += 40) d += ` L ${x} ${(y + amplitude * Math.sin(x / 260 + phase) + 14 * Math.sin(x / 90 + i)).toFixed(1)}`;
    lines.push(
      `<path d="${d}" fill="none" stroke="${i % 5 === 0 ? o.palette[2] : o.palette[1]}" stroke-width="${i % 5 === 0 ? 5 : 2}" stroke-opacity="${(0.25 + random.next() * 0.35).toFixed(2)}"/>`,
    );
  }
  return `<g filter="url(#soft)">${lines.join('')}</g><circle cx="1180" cy="430" r="190" fill="${o.palette[3]}" opacity="0.9"/>`;
}

function rings(o: HeroOptions): string {
  const circles = Array.from(
    { length: 22 },
    (_, i) =>
      `<circle cx="1040" cy="520" r="${40 + i * 34}" fill="none" stroke="${i % 4 === 0 ? o.palette[2] : o.palette[1]}" stroke-width="${i % 4 === 0 ? 6 : 2}" opacity="${(0.85 - i * 0.03).toFixed(2)}"/>`,
  );
  return `<circle cx="1040" cy="520" r="150" fill="${o.palette[3]}"/>${circles.join('')}<rect x="0" y="700" width="${W}" height="200" fill="${o.palette[4]}" opacity="0.18"/>`;
}

function glow(o: HeroOptions): string {
  return `<circle cx="520" cy="380" r="420" fill="url(#halo)"/><circle cx="520" cy="380" r="120" fill="${o.palette[3]}" filter="url(#blur)"/>
  <ellipse cx="1120" cy="420" rx="300" ry="300" fill="none" stroke="${o.palette[2]}" stroke-width="10" opacity="0.8"/>
  <ellipse cx="1120" cy="420" rx="300" ry="300" fill="none" stroke="${o.palette[3]}" stroke-width="36" opacity="0.35" filter="url(#blur)"/>
  <line x1="1120" y1="0" x2="1120" y2="120" stroke="${o.palette[4]}" stroke-width="3"/>`;
}

function grid(o: HeroOptions): string {
  const lines: string[] = [];
  const horizon = 360;
  for (let i = -24; i <= 24; i += 1)
    lines.push(`<line x1="${800 + i * 16}" y1="${horizon}" x2="${800 + i * 150}" y2="${H}" stroke="${o.palette[1]}" stroke-width="2.5" opacity="0.8"/>`);
  for (let i = 1; i < 16; i += 1) {
    const y = horizon + (H - horizon) * (i / 15) ** 1.8;
    lines.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${W}" y2="${y.toFixed(1)}" stroke="${o.palette[1]}" stroke-width="2.5" opacity="0.8"/>`);
  }
  const dots = Array.from({ length: 24 }, (_, i) => {
    const angle = (i / 24) * Math.PI * 2;
    return `<circle cx="${(800 + Math.cos(angle) * 420).toFixed(1)}" cy="${(300 + Math.sin(angle) * 110).toFixed(1)}" r="7" fill="${o.palette[2]}"/>`;
  });
  return `${lines.join('')}<ellipse cx="800" cy="300" rx="420" ry="110" fill="none" stroke="${o.palette[2]}" stroke-width="2" stroke-dasharray="6 10"/>${dots.join('')}
  <path d="M 700 420 L 800 250 L 900 420 Z" fill="${o.palette[3]}" opacity="0.95"/><path d="M 800 250 L 900 420 L 860 440 Z" fill="${o.palette[4]}" opacity="0.25"/>`;
}

function blocks(o: HeroOptions): string {
  const random = createRandom(o.seed);
  const shapes: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const [w, h] = [random.range(140, 420), random.range(90, 320)];
    const [x, y] = [random.range(120, W - 420), random.range(80, H - 280)];
    const fill = o.palette[1 + (i % 3)];
    shapes.push(
      `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" rx="${i % 3 === 0 ? 24 : 4}" fill="${fill}" opacity="${(0.55 + random.next() * 0.4).toFixed(2)}"/>`,
    );
  }
  return `<g filter="url(#shadow)">${shapes.join('')}</g><circle cx="1320" cy="220" r="90" fill="${o.palette[4]}" opacity="0.85"/>`;
}

function strata(o: HeroOptions): string {
  const random = createRandom(o.seed);
  const bands: string[] = [];
  let y = 120;
  for (let i = 0; i < 14; i += 1) {
    const h = random.range(24, 70);
    let d = `M 0 ${y.toFixed(1)}`;
    for (let x = 0; x <= W; x += 80) d += ` L ${x} ${(y + 26 * Math.sin(x / 300 + i * 0.7)).toFixed(1)}`;
    d += ` L ${W} ${(y + h + 60).toFixed(1)} L 0 ${(y + h + 60).toFixed(1)} Z`;
    bands.push(`<path d="${d}" fill="${[o.palette[1], o.palette[2], o.palette[3], o.palette[4]][i % 4]}" opacity="${(0.35 + (i / 14) * 0.5).toFixed(2)}"/>`);
    y += h;
  }
  return bands.join('');
}

const MOTIFS: Record<HeroMotif, (o: HeroOptions) => string> = { grain, rings, glow, grid, blocks, strata };

export function heroSvg(options: HeroOptions): string {
  const [background, , , light] = options.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}" stop-opacity="0.55"/><stop offset="1" stop-color="${options.palette[1]}" stop-opacity="0.22"/></linearGradient>
    <radialGradient id="halo"><stop offset="0" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="1.2"/></filter>
    <filter id="blur"><feGaussianBlur stdDeviation="40"/></filter>
    <filter id="shadow"><feDropShadow dx="0" dy="18" stdDeviation="22" flood-opacity="0.18"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="${background}"/>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${MOTIFS[options.motif](options)}
</svg>`;
}

export async function renderHero(options: HeroOptions): Promise<Buffer> {
  return sharp(Buffer.from(heroSvg(options)))
    .webp({ quality: 80, effort: 6 })
    .toBuffer();
}
