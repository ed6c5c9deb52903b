import express, { Router } from 'express';

import { clientAddress } from '#server/middleware/client-address.ts';
import { pageViewBatchSchema, vitalBatchSchema } from '#server/insights/event-schema.ts';
import { HttpError } from '#shared/http/http-error.ts';

import { createInsightsSummaryRouter, sendJsonError } from './insights-summary.ts';

import type { PageViewEvent, VitalEvent } from '#server/insights/event-schema.ts';
import type { RateLimiter } from '#server/insights/rate-limiter.ts';
import type { InsightsScriptName } from '#server/insights/script-bundle.ts';
import type { ScriptSource } from '#server/insights/script-source.ts';
import type { InsightsStore } from '#server/insights/store/insights-store.ts';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { z } from 'zod';

/** Largest event batch body accepted (25 events fit comfortably). */
export const MAX_EVENTS_BODY_BYTES = 16 * 1024;

export interface InsightsRouterOptions {
  scripts: ScriptSource;
  /** Where accepted events go (queued; the answer never waits for the database). */
  store: InsightsStore;
  rateLimiter: RateLimiter;
  /** INSIGHTS_TOKEN; without it the summary and dashboard always answer 401. */
  token: string | undefined;
  maxBodyBytes?: number;
}

/**
 * The self-hosted insights collector, mounted at INSIGHTS_BASE_PATH with the
 * layout hosted providers use: `GET /insights/script.js` and
 * `GET /speed-insights/script.js` serve the browser scripts (the latter
 * imports `GET /speed-insights/vitals.js` after `load`); `POST
 * /insights/events` and `POST /speed-insights/events` take batches from them
 * (JSON, or text/plain as sendBeacon sends it). Each accepted event becomes
 * one `req.log` line and a row in the insights store. No cookies, and
 * the client address only ever enters the rate limiter, hashed.
 */
export function createInsightsRouter(options: InsightsRouterOptions): Router {
  const router = Router();
  const parseBody = express.json({ limit: options.maxBodyBytes ?? MAX_EVENTS_BODY_BYTES, type: ['application/json', 'text/plain'] });

  router.get('/insights/script.js', serveScript(options.scripts, 'insights'));
  router.get('/speed-insights/script.js', serveScript(options.scripts, 'speed-insights'));
  router.get('/speed-insights/vitals.js', serveScript(options.scripts, 'speed-insights-vitals'));

  const accept = [rateLimit(options.rateLimiter), requireJsonBody(), parseBody];
  router.post(
    '/insights/events',
    ...accept,
    collect(pageViewBatchSchema, (req, event: PageViewEvent) => {
      req.log.info(
        {
          event: 'pageview',
          route: event.route,
          path: event.path,
          locale: event.locale,
          referrer: event.referrer,
          viewport: event.viewport,
          navigation: event.navigation,
        },
        'insights event',
      );
      options.store.recordPageView(event);
    }),
  );
  router.post(
    '/speed-insights/events',
    ...accept,
    collect(vitalBatchSchema, (req, event: VitalEvent) => {
      req.log.info(
        {
          event: 'vital',
          name: event.name,
          value: event.value,
          rating: event.rating,
          route: event.route,
          path: event.path,
          viewport: event.viewport,
          navigationType: event.navigationType,
          metricId: event.id,
        },
        'insights event',
      );
      options.store.recordVital(event);
    }),
  );
  router.all(['/insights/events', '/speed-insights/events'], (req, res) =>
    sendJsonError(req, res, 405, `Method ${req.method} is not allowed here`, { Allow: 'POST' }),
  );

  router.use(createInsightsSummaryRouter({ store: options.store, token: options.token }));
  router.use((req, res) => sendJsonError(req, res, 404, `Nothing lives at ${req.originalUrl.split('?')[0]?.slice(0, 200)}`));
  router.use(bodyErrors());
  return router;
}

function serveScript(scripts: ScriptSource, name: InsightsScriptName): RequestHandler {
  return async (_req, res) => {
    let script;
    try {
      script = await scripts.load(name);
    } catch (error) {
      throw new HttpError(503, `The ${name} script is not available; run npm run build`, { cause: error });
    }
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    // res.send answers 304 itself when If-None-Match matches this ETag.
    res.setHeader('ETag', script.etag);
    res.send(script.code);
  };
}

function rateLimit(limiter: RateLimiter): RequestHandler {
  return (req, res, next) => {
    const decision = limiter.take(clientAddress(req));
    if (decision.allowed) return next();
    sendJsonError(req, res, 429, 'Too many insights requests; slow down', { 'Retry-After': String(decision.retryAfterS) });
  };
}

function requireJsonBody(): RequestHandler {
  return (req, res, next) => {
    if (req.is(['application/json', 'text/plain'])) return next();
    sendJsonError(req, res, 415, 'Send events as application/json or text/plain JSON');
  };
}

function collect<T>(schema: z.ZodType<{ events: T[] }>, record: (req: Request, event: T) => void): RequestHandler {
  return (req, res) => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      sendJsonError(req, res, 400, `Invalid event batch: ${issues.join('; ')}`);
      return;
    }
    for (const event of parsed.data.events) record(req, event);
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  };
}

/** Body-parser failures answer in JSON like everything else here; other errors go on to the app's handler. */
function bodyErrors(): ErrorRequestHandler {
  return (err: { type?: string; status?: number }, req, res, next) => {
    if (err.type === 'entity.too.large') return sendJsonError(req, res, 413, 'Event batch is larger than allowed');
    if (err.type === 'entity.parse.failed') return sendJsonError(req, res, 400, 'Event batch is not valid JSON');
    if (typeof err.status === 'number' && err.status >= 400 && err.status < 500 && !(err instanceof HttpError))
      return sendJsonError(req, res, err.status, 'Event batch could not be read');
    next(err);
  };
}
