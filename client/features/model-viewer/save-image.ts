import type { RootState } from '@react-three/fiber';

/** WebGL drawing buffers above 4096 px fail on many phones. */
const MAX_SIDE = 4096;

/** `Ostra Lounge Chair: …` and variant `charcoal` → `ostra-lounge-chair-charcoal.png`. */
export function imageFileName(alt: string, variant: string | undefined): string {
  const name = (alt.split(':')[0] ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = [name, variant]
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'model'}.png`;
}

/** One frame at up to twice the canvas' size into its own drawing buffer, copied at once by `toBlob`: the page never shows it. */
export async function saveViewImage(state: RootState, fileName: string): Promise<void> {
  const { gl, scene, camera, size } = state;
  const previous = gl.getPixelRatio();
  gl.setPixelRatio(Math.min(2, MAX_SIDE / Math.max(size.width, size.height, 1)));
  let blob: Promise<Blob | null>;
  try {
    gl.render(scene, camera);
    blob = new Promise((resolve) => gl.domElement.toBlob(resolve, 'image/png'));
  } finally {
    gl.setPixelRatio(previous);
    state.invalidate();
  }
  const png = await blob;
  if (!png) throw new Error('the canvas gave no image');
  const url = URL.createObjectURL(png);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
