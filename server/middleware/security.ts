import { randomBytes } from 'node:crypto';

import helmet from 'helmet';

import { BASIS_WORKER_PATH } from '#shared/decoders.ts';

import type { Config } from '#server/config.ts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const NONCE_BYTES = 16;
/** Nonces drawn per call into the CSPRNG. */
const NONCES_PER_POOL = 256;

/**
 * Nonces from a pool of CSPRNG bytes, filled 256 nonces at a time: one
 * `randomBytes(16)` per request was 5% of the server's CPU on a page-cache
 * hit. The bytes are as unpredictable as before and each is used once; Node
 * pools `crypto.randomUUID` the same way.
 */
export function createNonceSource(): () => string {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= pool.length) {
      pool = randomBytes(NONCE_BYTES * NONCES_PER_POOL);
      offset = 0;
    }
    const value = pool.toString('base64', offset, offset + NONCE_BYTES);
    offset += NONCE_BYTES;
    return value;
  };
}

/** A fresh nonce per request (16 random bytes) on `res.locals.nonce`. */
export function nonce(): RequestHandler {
  const next = createNonceSource();
  return (_req, res, done) => {
    res.locals.nonce = next();
    done();
  };
}

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce as string}'`;

/** The Basis (KTX2) transcoder worker, built by scripts/copy-decoders.ts. */
export const DECODER_WORKER_PATH = BASIS_WORKER_PATH;
/**
 * Its own policy: a worker loaded from a URL runs under its response's CSP.
 * emscripten's embind builds the transcoder's bindings with `new Function`,
 * so eval is allowed there, and nothing else: no fetches, no imports (the
 * wasm bytes arrive by postMessage), and a worker has no DOM.
 */
export const DECODER_WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'";

/** Gives the decoder worker script its policy; after securityHeaders, whose page policy it replaces. */
export function decoderWorkerPolicy(): RequestHandler {
  return (req, res, next) => {
    if (req.path === DECODER_WORKER_PATH) res.setHeader('Content-Security-Policy', DECODER_WORKER_CSP);
    next();
  };
}

/**
 * helmet with a strict, nonce-based CSP (no 'unsafe-inline' scripts).
 * `connect-src` allows Algolia when it is configured; the embedded engines
 * live on our own origin. Route-specific overrides (the embed route's
 * frame-ancestors) go through `res.locals.frameAncestors`.
 */
export function securityHeaders(config: Config): RequestHandler {
  // blob:/data: — three's GLTFLoader fetches a .glb's embedded textures through object URLs.
  const connect = ["'self'", 'blob:', 'data:'];
  if (config.algolia.remote) connect.push('https://*.algolia.net', 'https://*.algolianet.com', 'https://insights.algolia.io');
  if (/^https?:/.test(config.insights.basePath)) connect.push(new URL(config.insights.basePath).origin);
  // Vite chunks come from our origin ('self'); inline scripts need the nonce. wasm for the decoders.
  const scripts: Array<string | typeof nonceSource> = [nonceSource, "'self'", "'wasm-unsafe-eval'"];
  const imgs = ["'self'", 'data:', 'blob:', 'https://images.ctfassets.net'];
  const media = ["'self'", 'https://videos.ctfassets.net', 'https://assets.ctfassets.net'];
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    // three's GLTFLoader and workers (Draco/Basis decoders) need blob: workers and wasm.
    workerSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: imgs,
    mediaSrc: media,
    fontSrc: ["'self'"],
    connectSrc: config.isDev
      ? [...connect, 'ws:', 'wss:']
      : [...connect, 'https://images.ctfassets.net', 'https://assets.ctfassets.net', 'https://downloads.ctfassets.net'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: [(_req: unknown, res: unknown) => ((res as Response).locals.frameAncestors as string | undefined) ?? "'none'"],
    manifestSrc: ["'self'"],
    upgradeInsecureRequests: config.isDev ? null : [],
  };
  const mw = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true, preload: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)');
    mw(req, res, next);
  };
}
