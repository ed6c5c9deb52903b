import { randomBytes } from 'node:crypto';

import helmet from 'helmet';

import { createPolicyBuilder, setPolicy } from '#server/middleware/content-security-policy.ts';
import { BASIS_WORKER_PATH, DRACO_WORKER_PATH, MESHOPT_WORKER_PATH } from '#shared/decoders.ts';

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

/**
 * The decoder workers' own policy (Draco, meshopt; shared/decoders.ts): a
 * worker loaded from a URL runs under its response's CSP, so these files are
 * where wasm is compiled, and no page needs `'wasm-unsafe-eval'`. Nothing
 * else: no eval, no fetches or imports (the wasm bytes arrive by postMessage
 * or are inlined), and a worker has no DOM.
 */
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

/**
 * Is the site served over https? PUBLIC_URL's scheme when it is set;
 * otherwise this request's (`req.secure` honours X-Forwarded-Proto from
 * TRUST_PROXY hops). A build served over plain http on a LAN address must
 * not tell browsers to upgrade its requests or pin https for two years.
 */
export function isHttpsOrigin(config: Config, req: Request): boolean {
  if (config.isDev) return false;
  return config.publicUrl ? config.publicUrl.startsWith('https:') : req.secure;
}

/**
 * helmet for the fixed headers; the CSP (content-security-policy.ts) and HSTS
 * are per response. The page policy starts strict, no framing; the document
 * handler allows framing for the embed route.
 */
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
