import type { ViewerSource } from '#shared/content/types.ts';

// Feature detection where the platform allows it (ADR 047).

export type ArMode = 'webxr' | 'scene-viewer' | 'quick-look';

export interface ArPlatform {
  navigator: { userAgent: string; xr?: { isSessionSupported(mode: string): Promise<boolean> } };
  document: { createElement(tagName: 'a'): { relList?: { supports?(token: string): boolean } } };
}

/** Scene Viewer fetches one file by URL: a .glb works, a .gltf's sibling files could not be found. */
export function isSingleFileGlb(src: string): boolean {
  return /\.glb$/i.test(new URL(src, 'https://origin.invalid/').pathname);
}

function supportsQuickLook(platform: ArPlatform): boolean {
  try {
    // Safari on iOS and iPadOS answers true; other browsers false, and a few throw (rel has no supported tokens there).
    return platform.document.createElement('a').relList?.supports?.('ar') === true;
  } catch {
    return false;
  }
}

async function supportsImmersiveAr(platform: ArPlatform): Promise<boolean> {
  try {
    // Rejects where a permissions policy forbids XR (an embed in a foreign frame).
    return (await platform.navigator.xr?.isSessionSupported('immersive-ar')) === true;
  } catch {
    return false;
  }
}

/** Best first; empty where the device cannot show the model in the room. */
export async function detectArModes(source: Pick<ViewerSource, 'src' | 'unavailable'>, platform: ArPlatform): Promise<ArMode[]> {
  if (source.unavailable) return [];
  if (supportsQuickLook(platform)) return ['quick-look'];
  const modes: ArMode[] = [];
  if (await supportsImmersiveAr(platform)) modes.push('webxr');
  // No API tells whether Scene Viewer (ARCore's app, opened by an intent) is installed: only the platform, from the user agent.
  // It is the route where WebXR is missing, and the fallback when a WebXR session cannot start.
  if (/\bAndroid\b/i.test(platform.navigator.userAgent) && isSingleFileGlb(source.src)) modes.push('scene-viewer');
  return modes;
}
