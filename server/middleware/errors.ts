import { STATUS_CODES } from 'node:http';

import escapeHtml from 'escape-html';

import { getErrorMessage, HttpError } from '#shared/http/http-error.ts';

import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';

function statusOf(err: unknown): number {
  const candidate = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate < 600 ? candidate : 500;
}

function wantsJson(req: Request, res: Response): boolean {
  return (
    res.locals.errorsAsJson === true || req.path.startsWith('/api/') || req.path.startsWith('/1/') || req.path.startsWith('/_data') || !req.accepts('html')
  );
}

const ERROR_PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1c1c1e}h1{font-size:1.5rem}' +
  'code{background:#f2f2f5;padding:.1em .3em;border-radius:4px}a{color:#3346d3}';

/** Self-contained: no scripts, one `<style>`, which needs the request's nonce. `title` is text, `main` HTML. */
export function renderErrorDocument({ title, main, style = '', nonce }: { title: string; main: string; style?: string; nonce?: string | undefined }): string {
  const head = `<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">`;
  const styleTag = `<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>${ERROR_PAGE_STYLE}${style}</style>`;
  return `<!doctype html><html lang="en"><head>${head}<title>${escapeHtml(title)} · Vitrine</title>${styleTag}</head><body>${main}</body></html>`;
}

export function renderErrorPage(status: number, message: string, requestId: string, nonce?: string): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  const main = `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the home page</a></p>
<p><small>Request id: <code>${escapeHtml(requestId)}</code></small></p></main>`;
  return renderErrorDocument({ title, main, nonce });
}

/** The one error answer: JSON or the error page, with the request id. `fields` go beside `error` in the JSON. */
export function sendError(
  req: Request,
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  fields: Record<string, unknown> = {},
): void {
  const requestId = String(req.id ?? res.getHeader('X-Request-Id') ?? '');
  res.status(status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-store');
  if (wantsJson(req, res)) res.json({ error: { status, message, requestId }, ...fields });
  else res.type('html').send(renderErrorPage(status, message, requestId, res.locals.nonce as string | undefined));
}

/** For routers that answer only JSON wherever they are mounted. */
export const errorsAsJson: RequestHandler = (_req, res, next) => {
  res.locals.errorsAsJson = true;
  next();
};

/** Whoever sends an error answer (serve-static, a router's own 4xx): a CDN that keeps a 404 keeps it after the entry is published. */
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

export function notFound(): RequestHandler {
  return (req, res) => sendError(req, res, 404, `Nothing lives at ${req.path.slice(0, 200)}`);
}

/** Answers generically for 5xx: never a stack outside development. */
export function errorHandler(options: { isDev: boolean }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const status = statusOf(err);
    if (res.headersSent) {
      req.log?.error({ err }, 'error after response started');
      return void res.destroy();
    }
    if (status >= 500) req.log?.error({ err }, 'unhandled error');
    else req.log?.warn({ status, reason: getErrorMessage(err) }, 'request rejected');
    const message = status < 500 ? describe(err, status) : options.isDev ? getErrorMessage(err) : 'Something went wrong on our side. Please try again.';
    const headers = err instanceof HttpError ? err.headers : {};
    sendError(req, res, status, message, headers);
  };
}

function describe(err: unknown, status: number): string {
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return 'Request body is larger than allowed';
  if (type === 'entity.parse.failed') return 'Request body is not valid JSON';
  if (status === 415) return 'Unsupported content type';
  return getErrorMessage(err);
}
