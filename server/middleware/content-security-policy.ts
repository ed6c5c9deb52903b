import type { Config } from '#server/config.ts';
import type { Response } from 'express';

/** What varies between responses in the page policy. */
export interface PolicyState {
  /** This request's nonce, for inline scripts and `<style>` elements; cached pages carry hashes instead. */
  nonce: string | undefined;
  /** `'sha256-…'` sources of a cached page's inline scripts. */
  scriptHashes: readonly string[];
  /** `'sha256-…'` sources of a cached page's `<style>` elements. */
  styleHashes: readonly string[];
  /** `frame-ancestors`: `'none'` except on the viewer embed route. */
  frameAncestors: string;
  /** `upgrade-insecure-requests`: only when the site's origin is https. */
  upgradeInsecure: boolean;
}

/**
 * The page CSP as a function of the per-response state. `default-src 'none'`:
 * every fetch type the pages use is listed, so a new kind of request is
 * blocked until someone decides it should not be. Scripts and `<style>`
 * elements need the nonce (or, on cached pages, a hash); there are no inline
 * style attributes in the server's HTML, so style-src has no 'unsafe-inline'
 * outside development, where Vite injects `<style>` elements without nonces.
 * docs/decisions/017-security-headers.md.
 */
export function createPolicyBuilder(config: Config): (state: PolicyState) => string {
  // blob:/data: — three's GLTFLoader fetches a .glb's embedded textures through object URLs.
  const connect = ["'self'", 'blob:', 'data:'];
  if (config.algolia.remote) connect.push('https://*.algolia.net', 'https://*.algolianet.com', 'https://insights.algolia.io');
  if (/^https?:/.test(config.insights.basePath)) connect.push(new URL(config.insights.basePath).origin);
  if (config.isDev) connect.push('ws:', 'wss:');
  else connect.push('https://images.ctfassets.net', 'https://assets.ctfassets.net', 'https://downloads.ctfassets.net');
  const fixed = [
    "default-src 'none'",
    `connect-src ${connect.join(' ')}`,
    "img-src 'self' data: blob: https://images.ctfassets.net",
    "media-src 'self' https://videos.ctfassets.net https://assets.ctfassets.net",
    "font-src 'self'",
    // The 3D viewer's decoders run in workers from our files, each with its own policy (security.ts); no blob: workers.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

  return (state) => {
    const inline = state.nonce ? [`'nonce-${state.nonce}'`] : [];
    // No 'wasm-unsafe-eval': pages never compile wasm, the decoder workers do (docs/decisions/004-model-viewer.md).
    const scripts = [...inline, ...state.scriptHashes, "'self'"];
    const styles = config.isDev ? ["'self'", "'unsafe-inline'"] : [...inline, ...state.styleHashes, "'self'"];
    const parts = [fixed, `script-src ${scripts.join(' ')}`, `style-src ${styles.join(' ')}`, `frame-ancestors ${state.frameAncestors}`];
    if (state.upgradeInsecure) parts.push('upgrade-insecure-requests');
    return parts.join('; ');
  };
}

interface PolicyLocals {
  policy?: PolicyState;
  buildPolicy?: (state: PolicyState) => string;
}

/** Records the response's policy state and sends the matching header (securityHeaders does this first). */
export function setPolicy(res: Response, state: PolicyState, build: (state: PolicyState) => string): void {
  const locals = res.locals as PolicyLocals;
  locals.policy = state;
  locals.buildPolicy = build;
  res.setHeader('Content-Security-Policy', build(state));
}

/**
 * Changes part of this response's policy once the route is known: the
 * document handler allows framing on the embed route, a cached page swaps
 * the nonce for its hashes. A response without a page policy is left alone.
 */
export function updatePolicy(res: Response, change: Partial<PolicyState>): void {
  const { policy, buildPolicy } = res.locals as PolicyLocals;
  if (!policy || !buildPolicy || res.headersSent) return;
  setPolicy(res, { ...policy, ...change }, buildPolicy);
}
