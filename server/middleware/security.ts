import { randomBytes } from 'node:crypto';

import helmet from 'helmet';

import { BASIS_WORKER_PATH, DRACO_WORKER_PATH, MESHOPT_WORKER_PATH } from '#shared/decoders.ts';

import type { Config } from '#server/config.ts';
import type { Request, RequestHandler, Response } from 'express';

/** One `randomBytes(16)` per request was 5% of the CPU: nonces are cut from a pool instead, each byte used once. */
export function createNonceSource(): () => string {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= pool.length) {
      pool = randomBytes(16 * 256);
      offset = 0;
    }
    offset += 16;
    return pool.toString('base64', offset - 16, offset);
  };
}

export function nonce(): RequestHandler {
  const next = createNonceSource();
  return (_req, res, done) => {
    res.locals.nonce = next();
    done();
  };
}

interface PolicyState {
  /** Cached pages carry `'sha256-…'` hashes instead. */
  nonce: string | undefined;
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
  frameAncestors: string;
  upgradeInsecure: boolean;
}

/** The page CSP (ADR 017); 'unsafe-inline' styles only in development, where Vite injects `<style>` without nonces. */
function createPolicyBuilder(config: Config): (state: PolicyState) => string {
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
    // The 3D viewer's decoders run in workers from our files, each with its own policy (below); no blob: workers.
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

/** Changes part of this response's page policy once the route is known. */
export function updatePolicy(res: Response, change: Partial<PolicyState>): void {
  if (!res.headersSent) (res.locals.updatePolicy as ((change: Partial<PolicyState>) => void) | undefined)?.(change);
}

/** A worker runs under its response's CSP: the decoder workers compile wasm, so no page must (ADR 004). */
export const DECODER_WORKER_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'";
/** The Basis transcoder's: emscripten's embind builds its bindings with `new Function`, so eval too. */
export const BASIS_WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'";
const DECODER_WORKER_POLICIES = new Map([
  [BASIS_WORKER_PATH, BASIS_WORKER_CSP],
  [DRACO_WORKER_PATH, DECODER_WORKER_CSP],
  [MESHOPT_WORKER_PATH, DECODER_WORKER_CSP],
]);

/** After securityHeaders, whose page policy it replaces. */
export function decoderWorkerPolicy(): RequestHandler {
  return (req, res, next) => {
    const policy = DECODER_WORKER_POLICIES.get(req.path);
    if (policy) res.setHeader('Content-Security-Policy', policy);
    next();
  };
}

/** PUBLIC_URL's scheme, else this request's: a plain-http LAN build must not pin https for two years. */
export function isHttpsOrigin(config: Config, req: Request): boolean {
  if (config.isDev) return false;
  return config.publicUrl ? config.publicUrl.startsWith('https:') : req.secure;
}

/** With these options helmet's headers do not depend on the request: running its eleven middlewares per request cost more (ADR 056). */
function fixedHeaders(middleware: (req: never, res: never, next: (error?: unknown) => void) => void): [string, string][] {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name, value), removeHeader: (name: string) => headers.delete(name) };
  middleware({} as never, res as never, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return [...headers];
}

export function securityHeaders(config: Config): RequestHandler {
  const buildPolicy = createPolicyBuilder(config);
  const fixed = fixedHeaders(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: false,
    }),
  );
  return (req, res, next) => {
    const https = isHttpsOrigin(config, req);
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)');
    // Two years, with subdomains, eligible for the browsers' preload lists.
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
    let policy: PolicyState = {
      nonce: res.locals.nonce as string | undefined,
      scriptHashes: [],
      styleHashes: [],
      frameAncestors: "'none'",
      upgradeInsecure: https,
    };
    const update = (change: Partial<PolicyState>) => res.setHeader('Content-Security-Policy', buildPolicy((policy = { ...policy, ...change })));
    res.locals.updatePolicy = update;
    update({});
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}
