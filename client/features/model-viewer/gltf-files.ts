import { LoadingManager } from 'three';

import { tryDecode } from '#shared/http/safe-redirect.ts';

// Each sibling file of a multi-file .gltf (buffers, textures) is its own Contentful asset with its own URL, listed in
// `model.files`; its relative URIs resolve against the .gltf's folder, where those files are not. This maps them by file name.

export function createSiblingFiles(baseUrl: () => string) {
  const folders = new Map<string, Record<string, string>>();
  const absolute = (url: string) => new URL(url, baseUrl());
  return {
    register(src: string, files: Record<string, string>): void {
      folders.set(new URL('.', absolute(src)).href, files);
    },
    resolve(url: string): string {
      if (folders.size === 0 || url.startsWith('data:') || url.startsWith('blob:')) return url;
      const target = absolute(url);
      for (const [folder, files] of folders) {
        if (!target.href.startsWith(folder)) continue;
        const name = tryDecode(target.pathname.slice(target.pathname.lastIndexOf('/') + 1)) ?? '';
        if (Object.hasOwn(files, name)) return files[name] as string;
      }
      return url;
    },
  };
}

const siblingFiles = createSiblingFiles(() => document.baseURI);
export const registerSiblingFiles = siblingFiles.register;

/** The manager of every glTF and KTX2 download, so buffers and textures (ImageBitmap, KTX2) all pass the mapping. */
export const siblingManager = new LoadingManager();
siblingManager.setURLModifier(siblingFiles.resolve);
