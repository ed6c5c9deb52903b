import { Router } from 'express';

import type { CdaEngine } from './engine.ts';

export interface CdaRouterOptions {
  /** Answer as the Content Preview API. Omit to let the engine's tokens decide (delivery when it has none). */
  preview?: boolean;
}

/**
 * Serves the embedded engine over HTTP with the CDA's URL layout
 * (`/spaces/:space/environments/:env/…`), so the SDK, curl or a browser can
 * talk to it over the wire. Mount it at `/` of a (test) server; the SDK then
 * takes `host: '127.0.0.1:<port>', insecure: true`.
 */
export function createCdaRouter(engine: CdaEngine, options: CdaRouterOptions = {}): Router {
  const router = Router();
  router.use((req, res) => {
    // Parse the raw query ourselves: the app's `query parser` setting must not
    // turn `sys.id[in]` into nested objects.
    const url = new URL(req.url, 'http://embedded.invalid');
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => {
      query[key] ??= value;
    });
    const accessToken = req.get('authorization')?.replace(/^Bearer\s+/i, '');
    const answer = engine.handle({
      method: req.method,
      path: url.pathname,
      query,
      ...(options.preview === undefined ? {} : { preview: options.preview }),
      ...(accessToken === undefined ? {} : { accessToken }),
    });
    res.status(answer.status).set(answer.headers).send(JSON.stringify(answer.body));
  });
  return router;
}
