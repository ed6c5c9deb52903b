/**
 * What a route's document needs from the page's Content-Security-Policy, on
 * its `handle` (client/routes.tsx). The server sets the policy from it
 * (client/entry.server.tsx `documentPolicy`). Only framing varies by route:
 * no page compiles wasm (the 3D viewer's decoders run in workers under their
 * own policy), so every page's script policy is the same and client-side
 * navigation never crosses into a page its document's CSP would block.
 */
export interface RoutePolicyHandle {
  /** Other sites may frame the page (EMBED_FRAME_ANCESTORS). Default: false. */
  embeddable?: boolean;
}

/** The CSP relaxations a document needs. */
export interface DocumentPolicy {
  embeddable: boolean;
}

interface PolicyMatch {
  route: { handle?: unknown };
}

/** Combines the matched routes' flags. */
export function getDocumentPolicy(matches: readonly PolicyMatch[]): DocumentPolicy {
  const embeddable = matches.some(({ route }) => ((route.handle ?? {}) as RoutePolicyHandle).embeddable === true);
  return { embeddable };
}
