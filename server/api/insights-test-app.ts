import { Writable } from 'node:stream';

import express from 'express';
import pino from 'pino';

import { createInsightsRouter } from '#server/api/insights.ts';
import { createHttpLogger } from '#server/logger.ts';
import { errorHandler } from '#server/middleware/errors.ts';
import { nonce } from '#server/middleware/security.ts';
import { createRateLimiter } from '#server/services/insights/rate-limiter.ts';
import { createTestStore } from '#server/services/insights/store/test-store.ts';

import type { InsightsRouterOptions } from '#server/api/insights.ts';
import type { ScriptSource } from '#server/services/insights/script-source.ts';

/** Test support for the insights router tests (not a test file itself). */

export const fakeScripts: ScriptSource = {
  load: async (name) => ({ code: `/* ${name} */(()=>{})();`, etag: `"etag-${name}"` }),
};

export const pageView = {
  type: 'pageview',
  route: '/models/:slug',
  path: '/models/chair',
  locale: 'en',
  referrer: 'news.example.org',
  viewport: 'mobile',
  navigation: 'load',
};
export const lcp = {
  type: 'vital',
  name: 'LCP',
  value: 1830.2,
  rating: 'good',
  id: 'v5-1700000000000-123',
  route: '/models/:slug',
  path: '/models/chair',
  viewport: 'mobile',
  navigationType: 'navigate',
};

/** The collector behind the app's own request logger and error handler, with every log line captured. */
export function createCollectorApp(options: Partial<InsightsRouterOptions> = {}) {
  const logs: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  // A real store on an in-memory SQLite database: the summary reads what the collector wrote.
  const store = options.store ?? createTestStore();
  const app = express();
  app.set('trust proxy', false);
  app.use(createHttpLogger(pino({ level: 'debug' }, destination), false));
  app.use(nonce());
  app.use('/_insights', createInsightsRouter({ scripts: fakeScripts, rateLimiter: createRateLimiter(), token: 's3cret-token', ...options, store }));
  app.use(errorHandler({ isDev: false }));
  return { app, logs, store };
}
