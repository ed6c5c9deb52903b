import { Router } from 'express';

import { renderErrorPage } from '#server/middleware/errors.ts';
import { renderDashboardPage } from '#server/services/insights/dashboard-page.ts';
import { requireToken } from '#server/services/insights/token-auth.ts';

import type { InsightsAggregator } from '#server/services/insights/aggregator.ts';
import type { Request, Response } from 'express';

const CHALLENGE = 'Bearer realm="insights"';

/** The app's JSON error shape (server/middleware/errors.ts), whatever the Accept header: beacons send `*\/*`. */
export function sendJsonError(req: Request, res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ error: { status, message, requestId: String(req.id ?? '') } });
}

/**
 * Operator views of the in-memory aggregate, both behind INSIGHTS_TOKEN:
 * `GET /summary` (JSON, `InsightsSummary`) and `GET /dashboard` (HTML with
 * inline SVG charts). Never cached; the dashboard is not indexed.
 */
export function createInsightsSummaryRouter(options: { aggregator: InsightsAggregator; token: string | undefined }): Router {
  const router = Router();
  const summaryGuard = requireToken(options.token, (res, message) => {
    res.setHeader('WWW-Authenticate', CHALLENGE);
    sendJsonError(res.req, res, 401, message);
  });
  const dashboardGuard = requireToken(options.token, (res, message) => {
    res.setHeader('WWW-Authenticate', CHALLENGE);
    res.status(401).type('html').send(renderErrorPage(401, message, String(res.req.id ?? '')));
  });

  router.get('/summary', summaryGuard, (_req, res) => {
    res.json(options.aggregator.summarize());
  });
  router.get('/dashboard', dashboardGuard, (_req, res) => {
    res.setHeader('X-Robots-Tag', 'noindex');
    res.type('html').send(renderDashboardPage(options.aggregator.summarize()));
  });
  return router;
}
