import { WebGLRenderer } from 'three';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import { decompress } from 'three/examples/jsm/utils/WebGLTextureUtils.js';

import { loadArModel } from './ar-model.ts';

import type { Texture } from 'three';

import type { ViewerSource } from '#shared/content/types.ts';

// Safari opens a USDZ from an <a rel="ar"> click. Without an uploaded one, it is made here from the glTF.

/** Quick Look's texture limit in practice: larger ones cost memory an iPhone does not have. */
const MAX_TEXTURE_SIZE = 2048;

/** Blob URLs per model and variant; revoked when the page lets the viewer go. */
const made = new Map<string, Promise<string>>();

async function exportUsdz(source: ViewerSource, variant?: string): Promise<Uint8Array> {
  // A small offscreen renderer: KTX2 textures transcode for it and decompress through it for the exporter.
  const renderer = new WebGLRenderer({ antialias: false, alpha: true });
  renderer.setSize(1, 1, false);
  try {
    const model = await loadArModel(source, renderer, variant);
    try {
      const exporter = new USDZExporter();
      exporter.setTextureUtils({ decompress: (texture: Texture, maxSize?: number) => decompress(texture, maxSize, renderer) });
      const data: unknown = await exporter.parseAsync(model.root, { quickLookCompatible: true, maxTextureSize: MAX_TEXTURE_SIZE });
      return data as Uint8Array;
    } finally {
      model.release();
    }
  } finally {
    renderer.dispose();
    renderer.forceContextLoss();
  }
}

function getUsdzUrl(source: ViewerSource, variant: string | undefined): Promise<string> {
  const key = `${source.src}#${variant ?? ''}`;
  let url = made.get(key);
  if (!url) {
    url = exportUsdz(source, variant).then((data) => URL.createObjectURL(new Blob([data as Uint8Array<ArrayBuffer>], { type: 'model/vnd.usdz+zip' })));
    // A failure is not cached: the next press tries again.
    url.catch(() => made.delete(key));
    made.set(key, url);
  }
  return url;
}

/**
 * The entry's uploaded USDZ shows the file's default look, so only without a variant or with the first; else one is made.
 * `#allowsContentScaling=0`: real size, no pinch-to-resize.
 */
export async function openQuickLook(source: ViewerSource, variant?: string): Promise<void> {
  const isDefaultLook = variant === undefined || variant === source.variants?.[0]?.id;
  const href = source.usdz && isDefaultLook ? new URL(source.usdz, document.baseURI).href : await getUsdzUrl(source, variant);
  const anchor = document.createElement('a');
  anchor.rel = 'ar';
  anchor.href = `${href}#allowsContentScaling=0`;
  // Safari opens Quick Look only for an anchor whose first child is an image.
  anchor.append(document.createElement('img'));
  anchor.click();
}

export function releaseQuickLook(src: string): void {
  for (const [key, url] of made) {
    if (!key.startsWith(`${src}#`)) continue;
    made.delete(key);
    void url.then(URL.revokeObjectURL, () => undefined);
  }
}
