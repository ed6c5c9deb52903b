import express, { Router } from 'express';

import { safeEqual } from '#server/middleware/auth.ts';
import { errorsAsJson, sendError } from '#server/middleware/errors.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';

import type { SharedRateLimitStore } from '#server/middleware/rate-limit-store.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { pageViewBatchSchema, searchAnalyticsBatchSchema, vitalBatchSchema } from '#shared/insights.ts';

import { renderDashboardPage } from './dashboard.ts';
import { readDashboardView } from './dashboard-searches.ts';

import type { ContentfulSpace } from './dashboard-searches.ts';
import type { InsightsScriptName, ScriptSource } from './scripts.ts';
import type { InsightsStore } from './store/store.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';

export const TOKEN_NOT_CONFIGURED = 'The insights summary is disabled: set INSIGHTS_TOKEN to enable it';
const UNAVAILABLE = 'The insights store is unavailable; the server log says why';

export interface InsightsRouterOptions {
  scripts: ScriptSource;
  store: InsightsStore;
  /** Without it the summary and dashboard always answer 401. */
  token: string | undefined;
  rateLimit?: RequestHandler;
  sharedRateLimits?: SharedRateLimitStore | undefined;
  /** A search event of any other locale is not kept, so junk locales cost nothing. */
  locales: () => readonly string[];
  space?: ContentfulSpace | undefined;
}

/** In the layout hosted providers use (ADR 006). No cookies; the client address only ever enters the rate limiter, hashed. */
export function createInsightsRouter(options: InsightsRouterOptions): Router {
  const router = Router();
  // 25 events fit comfortably.
  const parseBody = express.json({ limit: 16 * 1024, type: ['application/json', 'text/plain'] });
  const limit =
    options.rateLimit ??
    // A page load sends about two batches; NAT shares addresses.
    rateLimit({
      burst: 120,
      perSecond: 2,
      maxClients: 10_000,
      message: 'Too many insights requests; slow down',
      shared: options.sharedRateLimits && { store: options.sharedRateLimits, name: 'insights' },
    });
  const guard = requireToken(options.token);

  // The dashboard is a page: its errors are HTML for browsers. Everything after it answers JSON, whatever the client accepts.
  router.get('/dashboard', guard, async (req, res) => {
    res.setHeader('X-Robots-Tag', 'noindex');
    const summary = await summarize(options.store, req, res);
    if (summary)
      res.type('html').send(renderDashboardPage(summary, String(res.locals.nonce), readDashboardView(req.query, summary, options.space, options.locales())));
  });
  router.use(errorsAsJson);
  router.get('/summary', guard, async (req, res) => {
    const summary = await summarize(options.store, req, res);
    if (summary) res.json(summary);
  });

  router.get('/insights/script.js', serveScript(options.scripts, 'insights'));
  router.get('/speed-insights/script.js', serveScript(options.scripts, 'speed-insights'));
  router.get('/speed-insights/vitals.js', serveScript(options.scripts, 'speed-insights-vitals'));

  const { store } = options;
  const collectors: Record<string, RequestHandler> = {
    '/insights/events': collect(pageViewBatchSchema, (event) => store.recordPageView(event)),
    '/speed-insights/events': collect(
      vitalBatchSchema,
      (event) => store.recordVital(event),
      ({ id, ...logged }) => ({ ...logged, metricId: id }),
    ),
    // The query stays out of the log: the store bounds what junk queries cost, a log pipeline would keep every one.
    '/search-insights/events': collect(
      searchAnalyticsBatchSchema,
      (event) => (event.type === 'search' && !options.locales().includes(event.locale) ? false : store.recordSearchAnalytics(event)),
      (event) => ({ ...event, query: undefined }),
    ),
  };
  for (const [path, handler] of Object.entries(collectors)) router.post(path, limit, requireJsonBody, parseBody, handler);
  router.all(Object.keys(collectors), (req, res) => sendError(req, res, 405, `Method ${req.method} is not allowed here`, { Allow: 'POST' }));

  // Body-parser errors go on to the app's error handler, which answers JSON here too.
  router.use((req, res) => sendError(req, res, 404, `Nothing lives at ${req.originalUrl.split('?')[0]?.slice(0, 200)}`));
  return router;
}

/** `?token=` is for a browser bookmark (redacted in logs). */
export function readToken(authorization: string | undefined, query: Record<string, unknown>): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (bearer) return bearer;
  return typeof query.token === 'string' && query.token ? query.token : undefined;
}

/** Without a configured token every request is refused, so a forgotten setting never exposes the data. */
function requireToken(expected: string | undefined): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const given = readToken(req.get('authorization'), req.query);
    let refusal: string | undefined;
    if (!expected) refusal = TOKEN_NOT_CONFIGURED;
    else if (!given) refusal = 'Send the insights token as "Authorization: Bearer <token>" or ?token=';
    else if (!safeEqual(given, expected)) refusal = 'The insights token is not valid';
    if (!refusal) return next();
    sendError(req, res, 401, refusal, { 'WWW-Authenticate': 'Bearer realm="insights"' });
  };
}

/** The store logs its own failure. */
async function summarize(store: InsightsStore, req: Request, res: Response) {
  const summary = await store.summarize().catch((error: unknown) => void req.log.warn({ err: error }, 'insights summary failed'));
  if (!summary) sendError(req, res, 503, UNAVAILABLE, { 'Retry-After': '30' });
  return summary;
}

function serveScript(scripts: ScriptSource, name: InsightsScriptName): RequestHandler {
  return async (_req, res) => {
    const script = await scripts.load(name).catch((error: unknown) => {
      throw new HttpError(503, `The ${name} script is not available; run npm run build`, { cause: error });
    });
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    // res.send answers 304 itself when If-None-Match matches this ETag.
    res.setHeader('ETag', script.etag);
    res.send(script.code);
  };
}

const requireJsonBody: RequestHandler = (req, res, next) => {
  if (req.is(['application/json', 'text/plain'])) return next();
  sendError(req, res, 415, 'Send events as application/json or text/plain JSON');
};

/** `record` keeps an event, or returns false to drop it; `toLog` is what its log line shows. */
function collect<T extends { type: string }>(
  schema: z.ZodType<{ events: T[] }>,
  record: (event: T) => boolean | void,
  toLog: (event: T) => { type: string } = (event) => event,
): RequestHandler {
  return (req, res) => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      return sendError(req, res, 400, `Invalid event batch: ${issues.join('; ')}`);
    }
    for (const event of parsed.data.events) {
      if (record(event) === false) continue;
      const { type, ...fields } = toLog(event);
      req.log.info({ event: type, ...fields }, 'insights event');
    }
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  };
}
