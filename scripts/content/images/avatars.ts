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
  const hairBack =
    o.hairStyle === 'bob'
      ? `<path d="M 124 206 C 112 120 158 80 206 80 C 256 80 300 120 288 206 L 292 268 C 276 282 250 280 240 266 L 172 266 C 162 280 136 282 120 268 Z" fill="${o.hair}"/>`
      : '';
  const hairFront =
    o.hairStyle === 'bob'
      ? `<path d="M 140 190 C 138 128 172 100 212 100 C 252 100 280 128 274 176 C 250 160 222 132 206 118 C 196 150 168 176 140 190 Z" fill="${o.hair}"/>`
      : `<path d="M 140 184 C 132 118 170 90 208 90 C 250 90 280 118 272 184 C 266 158 252 142 232 138 C 208 146 178 146 156 140 C 148 150 142 166 140 184 Z" fill="${o.hair}"/>`;
  const glasses = o.glasses
    ? `<g fill="none" stroke="#2b2622" stroke-width="5"><circle cx="182" cy="200" r="21"/><circle cx="232" cy="200" r="21"/><path d="M 203 198 Q 207 194 211 198 M 161 196 L 142 190 M 253 196 L 270 190"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${o.background[0]}"/><stop offset="1" stop-color="${o.background[1]}"/></linearGradient>
    <radialGradient id="light" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  ${hairBack}
  <path d="M 70 400 C 80 320 130 290 206 290 C 282 290 330 320 340 400 Z" fill="${o.clothing}"/>
  <path d="M 180 250 L 180 298 C 194 312 218 312 232 298 L 232 250 Z" fill="${o.skin}"/>
  <path d="M 180 282 C 194 294 218 294 232 282 L 232 268 L 180 268 Z" fill="#000" opacity="0.08"/>
  <ellipse cx="140" cy="206" rx="11" ry="17" fill="${o.skin}"/>
  <ellipse cx="272" cy="206" rx="11" ry="17" fill="${o.skin}"/>
  <ellipse cx="206" cy="198" rx="64" ry="80" fill="${o.skin}"/>
  <ellipse cx="206" cy="198" rx="64" ry="80" fill="url(#light)"/>
  <g fill="#2b2622"><ellipse cx="182" cy="202" rx="5" ry="6"/><ellipse cx="232" cy="202" rx="5" ry="6"/></g>
  <g fill="none" stroke="#2b2622" stroke-linecap="round" stroke-opacity="0.75"><path d="M 168 182 Q 182 175 196 181" stroke-width="4"/><path d="M 218 181 Q 232 175 246 182" stroke-width="4"/><path d="M 207 206 Q 202 226 210 230" stroke-width="3" stroke-opacity="0.35"/><path d="M 190 248 Q 207 258 224 248" stroke-width="4"/></g>
  <g fill="#d9826f" opacity="0.25"><ellipse cx="170" cy="232" rx="13" ry="8"/><ellipse cx="244" cy="232" rx="13" ry="8"/></g>
  ${hairFront}
  ${glasses}
</svg>`;
}

export async function renderAvatar(options: AvatarOptions): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(options)))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}
