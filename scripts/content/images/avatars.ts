import sharp from 'sharp';

/** Illustrated author portraits (400 × 400 PNG): head-and-shoulders silhouettes, no likeness of anyone. */
export interface AvatarOptions {
  background: [string, string];
  skin: string;
  hair: string;
  clothing: string;
  hairStyle: 'bob' | 'short';
  glasses?: boolean;
}

export function avatarSvg(o: AvatarOptions): string {
  const hair =
    o.hairStyle === 'bob'
      ? `<path d="M 128 190 C 118 110 160 78 204 78 C 252 78 290 112 282 192 L 286 262 C 270 272 252 262 246 246 L 250 170 C 230 150 178 150 160 172 L 158 250 C 148 262 128 268 116 258 Z" fill="${o.hair}"/>`
      : `<path d="M 140 178 C 134 116 170 86 206 86 C 248 86 276 114 270 176 C 262 150 244 136 206 134 C 170 134 150 148 140 178 Z" fill="${o.hair}"/>`;
  const glasses = o.glasses
    ? `<g fill="none" stroke="#2b2622" stroke-width="5"><circle cx="181" cy="196" r="20"/><circle cx="231" cy="196" r="20"/><path d="M 201 196 L 211 196"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${o.background[0]}"/><stop offset="1" stop-color="${o.background[1]}"/></linearGradient></defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <path d="M 70 400 C 80 318 130 286 206 286 C 282 286 330 318 340 400 Z" fill="${o.clothing}"/>
  <path d="M 182 250 L 182 296 C 194 306 218 306 230 296 L 230 250 Z" fill="${o.skin}"/>
  <ellipse cx="206" cy="196" rx="64" ry="78" fill="${o.skin}"/>
  ${hair}
  ${glasses}
</svg>`;
}

export async function renderAvatar(options: AvatarOptions): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(options)))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}
