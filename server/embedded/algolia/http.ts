import express from 'express';

import { errorHandler, errorsAsJson } from '#server/middleware/errors.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { insightEventSchema } from '#shared/insights.ts';

import { parseQuery } from './query-params.ts';

import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { InsightEvent } from '#shared/insights.ts';
import type { RateLimitOptions } from '#server/middleware/rate-limit.ts';
import type { EmbeddedSearchEngine } from './engine.ts';

/** Per client address; over it the answer is 429 with `Retry-After`. */
const RATE_LIMIT: RateLimitOptions = { burst: 40, perSecond: 10, maxClients: 10_000 };

export const DEFAULT_EMBEDDED_SEARCH_LIMITS = {
  /** After gzip inflation; above it the answer is 413. */
  maxBodyBytes: 64 * 1024,
  maxQueryLength: SEARCH_MAX_QUERY_LENGTH,
  maxQueriesPerRequest: 50,
  rateLimit: RATE_LIMIT,
};
export type EmbeddedSearchLimits = typeof DEFAULT_EMBEDDED_SEARCH_LIMITS;

/** Algolia takes 1000; every event here becomes a log line, and InstantSearch sends one at a time. */
const MAX_EVENTS_PER_REQUEST = 100;

function parseInsightEvents(body: unknown, isKnownIndex: (indexName: string) => boolean): InsightEvent[] {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || events.length === 0) throw new HttpError(400, 'events must be a non-empty array');
  if (events.length > MAX_EVENTS_PER_REQUEST) throw new HttpError(400, `at most ${MAX_EVENTS_PER_REQUEST} events per request`);
  return events.map((raw, i) => {
    const parsed = insightEventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HttpError(400, `events[${i}]${issue.path.map((key) => `.${String(key)}`).join('')}: ${issue.message}`);
    }
    if (!isKnownIndex(parsed.data.index)) throw new HttpError(400, `events[${i}].index: index ${parsed.data.index} does not exist`);
    return parsed.data;
  });
}

const SEARCH_PATHS = ['/1/indexes/:indexName/queries', '/1/indexes/:indexName/query', '/1/indexes/:indexName/facets/:facetName/query'];
const EVENTS_PATH = '/1/events';

/** Algolia's clients read errors as `{ message, status }`. */
const algoliaErrorShape: RequestHandler = (req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body: { error?: { message: string; status: number } }) => json(body?.error ? { message: body.error.message, status: body.error.status } : body);
  errorsAsJson(req, res, next);
};

/**
 * Algolia's search and Insights REST API (README.md). Credentials are accepted and not checked: the index holds only published content.
 * Mount it at the app root before any other body parser; it answers every `/1/...` path.
 */
export function createEmbeddedSearchRouter(options: {
  engine: EmbeddedSearchEngine;
  /** One `{ event: 'search-insight', ... }` line per accepted Insights event. */
  logger?: Logger;
  limits: EmbeddedSearchLimits;
  /** The insights store; must not throw or wait. */
  recordEvents?: (events: InsightEvent[]) => void;
}): Router {
  const { engine, logger, limits, recordEvents } = options;
  const router = express.Router();
  const limit = rateLimit(limits.rateLimit);
  // The lite client posts JSON as `text/plain` (no CORS preflight on Algolia's hosts); sendBeacon from search-insights too.
  const parseBody = express.json({ limit: limits.maxBodyBytes, type: ['application/json', 'text/plain', 'application/*+json'] });
  router.use('/1', algoliaErrorShape);

  router.all([...SEARCH_PATHS, EVENTS_PATH], (req, res, next) => {
    if (req.method === 'POST') return next();
    res.setHeader('Allow', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next(new HttpError(405, `Method ${req.method} is not allowed here`));
  });

  router.post('/1/indexes/:indexName/queries', limit, parseBody, (req, res) => {
    if (req.params.indexName !== '*') throw new HttpError(404, 'Not found');
    const requests = (req.body as { requests?: unknown } | undefined)?.requests;
    if (!Array.isArray(requests) || requests.length === 0) throw new HttpError(400, 'requests must be a non-empty array');
    if (requests.length > limits.maxQueriesPerRequest) throw new HttpError(400, `at most ${limits.maxQueriesPerRequest} queries per request`);
    const queries = requests.map((request) => parseQuery(request, limits.maxQueryLength));
    res.json({ results: queries.map((query) => engine.search(query)) });
  });

  router.post('/1/indexes/:indexName/query', limit, parseBody, (req, res) => {
    res.json(engine.search(parseQuery(req.body ?? {}, limits.maxQueryLength, String(req.params.indexName))));
  });

  // Search for facet values as the full (non-lite) client sends it; the lite client uses `type: 'facet'` instead.
  router.post('/1/indexes/:indexName/facets/:facetName/query', limit, parseBody, (req, res) => {
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The body must be a JSON object');
    const query = parseQuery({ ...body, type: 'facet', facet: req.params.facetName }, limits.maxQueryLength, String(req.params.indexName));
    res.json(engine.search(query));
  });

  router.post(EVENTS_PATH, limit, parseBody, (req, res) => {
    const events = parseInsightEvents(req.body, engine.hasIndex);
    for (const { authenticatedUserToken: _withheld, ...event } of events) {
      // The authenticated token may identify a person; the anonymous one is enough to follow a session.
      logger?.info({ event: 'search-insight', ...event }, 'search insight');
    }
    recordEvents?.(events);
    res.json({ status: 200, message: 'OK' });
  });

  router.use('/1', () => {
    throw new HttpError(404, 'Not found');
  });
  // So the router answers its own errors wherever it is mounted (tests, benches).
  router.use(errorHandler({ isDev: false }));
  return router;
}
