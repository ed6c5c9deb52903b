import type { RequestHandler, Response } from 'express';

/**
 * Every error answer (status 400 and up) leaves with `Cache-Control: no-store`,
 * whoever sends it: our error pages, serve-static, a router's own 4xx. A CDN
 * that keeps a 404 keeps it after the entry is published, and a stored 5xx
 * outlives the fault; the page cache and the webhook cannot evict either.
 * Checked as the headers go out, the one moment the final status is known.
 */
export function noStoreErrors(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      if (args[0] >= 400) this.setHeader('Cache-Control', 'no-store');
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
