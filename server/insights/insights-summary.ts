import { Router } from 'express';

import { renderErrorPage } from '#server/middleware/errors.ts';
import { renderDashboardPage } from '#server/insights/dashboard-page.ts';
import { requireToken } from '#server/insights/token-auth.ts';

import type { InsightsStore } from '#server/insights/store/insights-store.ts';

import type { Request, Response } from 'express';

const CHALLENGE = 'Bearer realm="insights"';

/** The app's JSON error shape (server/middleware/errors.ts), whatever the Accept header: beacons send `*\/*`. */
export function sendJsonError(req: Request, res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ error: { status, message, requestId: String(req.id ?? '') } });
}

const UNAVAILABLE = 'The insights store is unavailable; the server log says why';

/**
 * Operator views of the insights store, both behind INSIGHTS_TOKEN:
 * `GET /summary` (JSON, `InsightsSummary`) and `GET /dashboard` (HTML with
 * inline SVG charts). Never cached; the dashboard is not indexed. A store
 * that cannot be read answers 503 (its failure is logged by the store).
 */
export function createInsightsSummaryRouter(options: { store: InsightsStore; token: string | undefined }): Router {
  const router = Router();
  const summaryGuard = requireToken(options.token, (res, message) => {
    res.setHeader('WWW-Authenticate', CHALLENGE);
    sendJsonError(res.req, res, 401, message);
  });
  const dashboardGuard = requireToken(options.token, (res, message) => {
    res.setHeader('WWW-Authenticate', CHALLENGE);
    res
      .status(401)
      .type('html')
      .send(renderErrorPage(401, message, String(res.req.id ?? ''), res.locals.nonce as string | undefined));
  });

  router.get('/summary', summaryGuard, async (req, res) => {
    const summary = await options.store.summarize().catch((error: unknown) => void req.log.warn({ err: error }, 'insights summary failed'));
    if (!summary) return sendJsonError(req, res, 503, UNAVAILABLE, { 'Retry-After': '30' });
    res.json(summary);
  });
  router.get('/dashboard', dashboardGuard, async (req, res) => {
    res.setHeader('X-Robots-Tag', 'noindex');
    const summary = await options.store.summarize().catch((error: unknown) => void req.log.warn({ err: error }, 'insights summary failed'));
    if (!summary)
      return void res
        .status(503)
        .setHeader('Retry-After', '30')
        .type('html')
        .send(renderErrorPage(503, UNAVAILABLE, String(req.id ?? ''), res.locals.nonce as string | undefined));
    res.type('html').send(renderDashboardPage(summary, String(res.locals.nonce)));
  });
  return router;
}
