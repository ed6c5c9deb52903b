import type { GLTF, GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

// What three's GLTFLoader does not reject: a file with no scene resolves (and crashes the first clone), an image that fails
// to load or decode only logs and leaves its material untextured.

/** A file three parsed but the viewer cannot show; it travels as data (GltfResult). */
export class ViewerLoadError extends Error {
  override name = 'ViewerLoadError';
}

export function requireScene(gltf: GLTF, src: string): GLTF {
  if ((gltf.scene as GLTF['scene'] | undefined)?.isObject3D === true) return gltf;
  throw new ViewerLoadError(`${src} has no scene to show (its "scenes" list is missing or empty)`);
}

/** Every image of every texture path (plain, KHR_texture_basisu, EXT_texture_webp…) goes through `parser.loadImageSource`. */
export function trackImageFailures(loader: GLTFLoader): { readonly failed: Set<number> } {
  const failed = new Set<number>();
  loader.register((parser) => {
    const loadImageSource = parser.loadImageSource.bind(parser);
    parser.loadImageSource = (sourceIndex, imageLoader) =>
      loadImageSource(sourceIndex, imageLoader).catch((error: unknown) => {
        if (!failed.has(sourceIndex)) console.info(`Vitrine viewer: image ${sourceIndex} of the model is shown without its texture`, error);
        failed.add(sourceIndex);
        throw error;
      });
    return { name: 'VITRINE_image_failures' };
  });
  return { failed };
}

export const THREE_TEXTURE_ERROR = "THREE.GLTFLoader: Couldn't load texture";

let muted = 0;
let originalError: typeof console.error | null = null;
const filteredError: typeof console.error = (...args: unknown[]) => {
  if (args[0] === THREE_TEXTURE_ERROR) return;
  originalError?.apply(console, args);
};

/**
 * While a load runs, drops three's texture line from console.error (`trackImageFailures` reports it); any other error still
 * reaches the console and the e2e guard. Returns the release.
 */
export function muteThreeTextureErrors(): () => void {
  if (muted++ === 0) {
    originalError = console.error;
    console.error = filteredError;
  }
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    if (--muted > 0) return;
    // Someone else replaced console.error meanwhile: theirs stays.
    if (console.error === filteredError && originalError) console.error = originalError;
    originalError = null;
  };
}
