import { isRenderedRichText } from '#shared/content/types.ts';

/**
 * What a route's document needs from the page's Content-Security-Policy, on
 * its `handle` (client/routes.tsx). The server sets the policy from it
 * (client/entry.server.tsx `documentPolicy`); the browser's data strategy
 * reads the same flags to load a document instead of navigating client-side
 * when the current document's policy would block the target page.
 */
export interface RoutePolicyHandle {
  /**
   * The page mounts the 3D viewer, whose Draco and meshopt decoders compile
   * WebAssembly (`'wasm-unsafe-eval'`). A function decides from the route's
   * loader data (rich text that embeds a model). Default: false.
   */
  decodesModels?: boolean | ((data: unknown) => boolean);
  /** Other sites may frame the page (EMBED_FRAME_ANCESTORS). Default: false. */
  embeddable?: boolean;
}

/** The CSP relaxations a document needs. */
export interface DocumentPolicy {
  decodesModels: boolean;
  embeddable: boolean;
}

interface PolicyMatch {
  route: { id: string; handle?: unknown };
}

/** Combines the matched routes' flags; `dataOf` gives a route's loader data (undefined when unknown). */
export function getDocumentPolicy(matches: readonly PolicyMatch[], dataOf: (routeId: string) => unknown): DocumentPolicy {
  let decodesModels = false;
  let embeddable = false;
  for (const { route } of matches) {
    const handle = (route.handle ?? {}) as RoutePolicyHandle;
    const decodes = handle.decodesModels;
    if (decodes === true || (typeof decodes === 'function' && decodes(dataOf(route.id)))) decodesModels = true;
    if (handle.embeddable === true) embeddable = true;
  }
  return { decodesModels, embeddable };
}

/** The attribute of an embedded-model slot in rendered rich text (client/features/rich-text/server.tsx). */
const VIEWER_SLOT = 'data-viewer-source=';
const MAX_DEPTH = 4;

/** Does loader data hold rendered rich text with an embedded model (whose slot mounts the viewer)? */
export function hasModelEmbed(data: unknown, depth = 0): boolean {
  if (isRenderedRichText(data)) return data.html?.includes(VIEWER_SLOT) ?? false;
  if (depth >= MAX_DEPTH || typeof data !== 'object' || data === null) return false;
  return Object.values(data).some((value) => hasModelEmbed(value, depth + 1));
}

/** Set by the server's bootstrap script on documents whose policy allows wasm. */
export const WASM_FLAG = '__vitrineWasm';

/** Does the current document's CSP allow wasm (the server said so in its bootstrap script)? */
export function documentAllowsWasm(): boolean {
  return (globalThis as Record<string, unknown>)[WASM_FLAG] === true;
}
