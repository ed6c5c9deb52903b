import { randomBytes } from 'node:crypto';

import helmet from 'helmet';

import { createPolicyBuilder, setPolicy } from '#server/middleware/content-security-policy.ts';
import { BASIS_WORKER_PATH, DRACO_WORKER_PATH, MESHOPT_WORKER_PATH } from '#shared/decoders.ts';

import type { Config } from '#server/config.ts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const NONCE_BYTES = 16;
/** Nonces drawn per call into the CSPRNG. */
const NONCES_PER_POOL = 256;

/** Nonces cut from a pool of CSPRNG bytes (one `randomBytes(16)` per request was 5% of the CPU); each byte is used once. */
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

/** The Draco and meshopt workers' own policy: a worker runs under its response's CSP, so they compile wasm and no page must (ADR 004). */
export const DECODER_WORKER_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'";
/** The Basis transcoder's: emscripten's embind builds its bindings with `new Function`, so eval too. */
export const BASIS_WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'";

/** Each decoder worker script by path, with its policy. */
export const DECODER_WORKER_POLICIES: ReadonlyMap<string, string> = new Map([
  [BASIS_WORKER_PATH, BASIS_WORKER_CSP],
  [DRACO_WORKER_PATH, DECODER_WORKER_CSP],
  [MESHOPT_WORKER_PATH, DECODER_WORKER_CSP],
]);

/** Gives the decoder worker scripts their policies; after securityHeaders, whose page policy it replaces. */
export function decoderWorkerPolicy(): RequestHandler {
  return (req, res, next) => {
    const policy = DECODER_WORKER_POLICIES.get(req.path);
    if (policy) res.setHeader('Content-Security-Policy', policy);
    next();
  };
}

/** Two years, with subdomains, eligible for the browsers' preload lists. */
const HSTS = 'max-age=63072000; includeSubDomains; preload';

/** Is the site served over https? PUBLIC_URL's scheme, else this request's: a plain-http LAN build must not pin https for two years. */
export function isHttpsOrigin(config: Config, req: Request): boolean {
  if (config.isDev) return false;
  return config.publicUrl ? config.publicUrl.startsWith('https:') : req.secure;
}

/** helmet for the fixed headers; the CSP and HSTS are per response (the document handler allows framing for the embed route). */
export function securityHeaders(config: Config): RequestHandler {
  const buildPolicy = createPolicyBuilder(config);
  const mw = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const https = isHttpsOrigin(config, req);
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)');
    if (https) res.setHeader('Strict-Transport-Security', HSTS);
    const state = { nonce: res.locals.nonce as string | undefined, scriptHashes: [], styleHashes: [], frameAncestors: "'none'", upgradeInsecure: https };
    setPolicy(res, state, buildPolicy);
    mw(req, res, next);
  };
}
